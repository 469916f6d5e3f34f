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
