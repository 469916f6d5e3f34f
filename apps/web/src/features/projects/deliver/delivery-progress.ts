import type { DeliveryDto, DeliveryProgressEvent, RecipientStatus } from '@plankurier/shared';

/** One receiver's outcome (a live event) folded into the delivery; events of other deliveries change nothing. */
export function applyProgress(delivery: DeliveryDto, event: DeliveryProgressEvent): DeliveryDto {
  if (event.deliveryId !== delivery._id) return delivery;
  const recipients = delivery.recipients.map((r) =>
    r.participant === event.recipient.participant ? { ...event.recipient } : r,
  );
  return {
    ...delivery,
    recipients,
    status: statusOf(
      recipients.map((r) => r.status),
      delivery.status,
    ),
  };
}

/**
 * How far a receiver got: preparing, then stopped, then an outcome. A stopped receiver can still
 * end SUCCESS (its mail was on the way when the stop came), never the other way round.
 */
const RECEIVER_RANK: Record<RecipientStatus, number> = { PREPARING: 0, STOPPED: 1, SUCCESS: 2, FAILED: 2, NOTHING: 2 };

/**
 * The server's answer of GET /delivery/:id (after a dropped socket) folded into what this screen
 * knows: per receiver the further state wins (equally far: the server's), so an answer read before
 * a live event arrived never takes a receiver back to preparing; a finished delivery stays finished.
 */
export function mergeSnapshot(delivery: DeliveryDto, snapshot: DeliveryDto): DeliveryDto {
  if (snapshot._id !== delivery._id) return delivery;
  const fromServer = new Map(snapshot.recipients.map((r) => [r.participant, r]));
  const recipients = delivery.recipients.map((own) => {
    const theirs = fromServer.get(own.participant);
    return theirs && RECEIVER_RANK[theirs.status] >= RECEIVER_RANK[own.status] ? { ...theirs } : own;
  });
  const known = new Set(delivery.recipients.map((r) => r.participant));
  recipients.push(...snapshot.recipients.filter((r) => !known.has(r.participant)).map((r) => ({ ...r })));
  const finished = [snapshot.status, delivery.status].find((s) => s !== 'DELIVERING') ?? 'DELIVERING';
  return {
    ...delivery,
    recipients,
    status: statusOf(
      recipients.map((r) => r.status),
      finished,
    ),
  };
}

/** After POST /delivery/stop: receivers not yet sent are stopped; those already sent keep their outcome. */
export function markStopped(delivery: DeliveryDto): DeliveryDto {
  const recipients = delivery.recipients.map((r) =>
    r.status === 'PREPARING' ? { ...r, status: 'STOPPED' as const } : r,
  );
  return { ...delivery, recipients, status: 'STOPPED' };
}

function statusOf(statuses: readonly RecipientStatus[], current: DeliveryDto['status']): DeliveryDto['status'] {
  if (statuses.includes('PREPARING')) return 'DELIVERING';
  return current === 'DELIVERING' ? 'DONE' : current;
}

/** deliveryInProgress (spec §3): some receiver is still being prepared. */
export const isDeliveryInProgress = (delivery: DeliveryDto | null) =>
  delivery?.recipients.some((r) => r.status === 'PREPARING') ?? false;

export type ProgressCounts = Record<RecipientStatus, number> & { total: number; finished: number };

/** How many receivers are in each state, and how many are finished (no longer preparing). */
export function progressCounts(delivery: DeliveryDto): ProgressCounts {
  const counts: ProgressCounts = { PREPARING: 0, SUCCESS: 0, FAILED: 0, NOTHING: 0, STOPPED: 0, total: 0, finished: 0 };
  for (const r of delivery.recipients) {
    counts[r.status] += 1;
    counts.total += 1;
    if (r.status !== 'PREPARING') counts.finished += 1;
  }
  return counts;
}

/** Whether a socket payload is a delivery progress event (the socket carries untyped data). */
export function isDeliveryProgressEvent(payload: unknown): payload is DeliveryProgressEvent {
  if (!payload || typeof payload !== 'object') return false;
  const event = payload as Partial<DeliveryProgressEvent>;
  return (
    typeof event.projectId === 'string' &&
    typeof event.deliveryId === 'string' &&
    typeof event.recipient?.participant === 'string' &&
    typeof event.recipient.status === 'string'
  );
}

/**
 * The relay outage a running delivery waits out: the earliest next attempt of its receivers that
 * wait because the mail server could not be used, or null when none does.
 */
export function relayWait(delivery: DeliveryDto): { nextAttemptAt: string } | null {
  let next: string | null = null;
  for (const r of delivery.recipients) {
    if (r.status !== 'PREPARING' || r.retry?.reason !== 'relay_unreachable') continue;
    if (next === null || Date.parse(r.retry.nextAttemptAt) < Date.parse(next)) next = r.retry.nextAttemptAt;
  }
  return next === null ? null : { nextAttemptAt: next };
}
