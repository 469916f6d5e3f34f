import { DELIVERY_PROGRESS_EVENT, type DeliveryProgressEvent, type DeliveryRecipientDto } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import {
  armRecipientForSending,
  finishDeliveryIfComplete,
  finishDeliveryOfRecipient,
  recordMailFailed,
  recordMailSent,
} from '../modules/deliveries/queries.ts';
import { mailDomain, renderRecipientMail } from '../modules/deliveries/service.ts';
import { randomSecret, sha256 } from '../modules/auth/secrets.ts';
import { announceChange } from '../modules/projects/changes.ts';
import { participantName } from '../modules/participants/dto.ts';
import { QUEUES } from './boss.ts';

export interface DeliveryMailJob {
  recipientId: string;
}

type WorkerDeps = Pick<Deps, 'db' | 'mail' | 'config' | 'realtime'>;

/**
 * Parallel senders per process: one slow message does not hold up the others. Which office's mail
 * goes next is the queue's priority (see enqueueRecipients): each office's n-th waiting mail ranks
 * beside every other office's n-th, so a large delivery does not make a small one wait behind it.
 */
export const SENDERS = 4;

/** 4xx replies and connection trouble may pass; 5xx replies will not. */
export function isTransientMailError(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return (
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET', 'ECONNREFUSED'].includes(e.code ?? '') ||
    e.code === undefined
  );
}

/**
 * Sends one recipient's mail. A row that is not PREPARING (sent, failed, stopped) is left alone, so
 * a retry after a crash never sends twice — except in the instant between the SMTP server accepting
 * the message and the SUCCESS update committing: a crash there sends the mail again on retry, with
 * the same Message-ID, so the duplicate can be recognised.
 *
 * The link token: the clear token must not sit in the job table, so it is made here, just before
 * sending, and only its SHA-256 is stored. A retry of a row still PREPARING makes a new token and
 * overwrites the hash: if an earlier attempt's mail did go out (the duplicate window above), that
 * older mail's link stops working and the newer mail's link counts.
 */
export async function deliverToRecipient(
  deps: WorkerDeps,
  job: DeliveryMailJob,
  attempt: { last: boolean } = { last: false },
): Promise<void> {
  const { db, mail, config } = deps;
  const token = randomSecret();
  const recipient = await armRecipientForSending(db, job.recipientId, sha256(token));
  if (!recipient) {
    // Sent, failed or stopped already. A process that died after recording the mail left the
    // delivery's finish check undone: this retry makes up for it.
    await finishDeliveryOfRecipient(db, job.recipientId);
    return;
  }
  const fileIds = recipient.file_ids;
  const { office, mail: rendered, files } = await renderRecipientMail(db, config, recipient, fileIds, token);

  try {
    await mail.send({
      to: recipient.email,
      ...rendered,
      messageId: recipient.message_id,
      envelopeFrom: `bounces+${recipient.envelope_token}@${mailDomain(config)}`,
      fromName: office.company,
      ...(office.reply_to_email ? { replyTo: office.reply_to_email } : {}),
      ...(recipient.send_to_bcc && office.bcc_email ? { bcc: office.bcc_email } : {}),
    });
  } catch (err) {
    // A transient failure stays PREPARING and throws: pg-boss retries with exponential backoff
    // (retryDelay · 2^n). Only the last attempt gives up and marks the receiver failed.
    if (isTransientMailError(err) && !attempt.last) throw err;
    const error = String((err as Error).message ?? err);
    await recordMailFailed(db, recipient.id, error);
    await finishDeliveryIfComplete(db, recipient.delivery_id);
    announceDeliveryChange(deps, recipient);
    reportProgress(deps, recipient, { status: 'FAILED', sentAt: null, error });
    return;
  }

  // The timeline event lists the plans as the mail did (the files came with the rendering).
  const byDoc = new Map<string, { docId: string; number: string; name: string; index: string; formats: string[] }>();
  for (const f of files) {
    const entry = byDoc.get(f.doc_id) ?? {
      docId: f.doc_id,
      number: f.number,
      name: f.name,
      index: f.index,
      formats: [],
    };
    const format = f.kind === 'addon' ? 'pdf' : f.kind;
    if (!entry.formats.includes(format)) entry.formats.push(format);
    byDoc.set(f.doc_id, entry);
  }
  await recordMailSent(
    db,
    recipient,
    fileIds,
    JSON.stringify({
      participantId: recipient.participant_id,
      recipient: {
        name: participantName({
          first_name: recipient.first_name,
          last_name: recipient.last_name,
          company: recipient.company,
          email: recipient.email,
        }),
        email: recipient.email,
      },
      subject: recipient.subject,
      userMessage: recipient.user_message,
      docs: [...byDoc.values()],
      deliveryId: recipient.delivery_id,
      // The office revokes this recipient's link from the timeline's e-mail event.
      recipientId: recipient.id,
    }),
  );
  // After the recording committed (see finishDeliveryIfComplete: a statement of its own, no lock).
  await finishDeliveryIfComplete(db, recipient.delivery_id);
  announceDeliveryChange(deps, recipient);
  reportProgress(deps, recipient, { status: 'SUCCESS', sentAt: new Date().toISOString(), error: null });
}

/** How long the office's sessions hear at most one data change per running delivery. */
export const DELIVERY_CHANGE_INTERVAL_MS = 250;
const pendingDeliveryChanges = new Set<string>();

/**
 * Tells the office's sessions that a delivery changed, at most once per interval and delivery:
 * each emit is a NOTIFY through the realtime adapter's PostgreSQL and makes every open session
 * reload the project, so 200 mails in a few seconds announce a handful of changes, not 200. The
 * last change of an interval is announced at its end, so the final state always arrives.
 */
function announceDeliveryChange(
  deps: Pick<WorkerDeps, 'realtime'>,
  recipient: { owner_id: string; project_id: string; delivery_id: string },
): void {
  if (pendingDeliveryChanges.has(recipient.delivery_id)) return;
  pendingDeliveryChanges.add(recipient.delivery_id);
  setTimeout(() => {
    pendingDeliveryChanges.delete(recipient.delivery_id);
    try {
      announceChange(deps, recipient.owner_id, {
        projectId: recipient.project_id,
        entity: 'delivery',
        id: recipient.delivery_id,
      });
    } catch {
      // The server stopped meanwhile: nobody is left to tell.
    }
  }, DELIVERY_CHANGE_INTERVAL_MS).unref();
}

/** One receiver's outcome to the office's open sessions, for the live progress view of deliver mode. */
function reportProgress(
  deps: Pick<WorkerDeps, 'realtime'>,
  recipient: { owner_id: string; project_id: string; delivery_id: string; participant_id: string },
  outcome: Omit<DeliveryRecipientDto, 'participant'>,
): void {
  const event: DeliveryProgressEvent = {
    projectId: recipient.project_id,
    deliveryId: recipient.delivery_id,
    recipient: { participant: recipient.participant_id, ...outcome, error: outcome.error?.slice(0, 2000) ?? null },
  };
  deps.realtime.toUser(recipient.owner_id, DELIVERY_PROGRESS_EVENT, event);
}

export async function startDeliveryMailWorker(deps: Deps): Promise<void> {
  const { boss } = deps.jobs;
  for (let i = 0; i < SENDERS; i++) {
    const worker = { id: '' };
    worker.id = await boss.work<DeliveryMailJob>(
      QUEUES.deliveryMail,
      { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        try {
          await deliverToRecipient(deps, job.data, { last: job.retryCount >= job.retryLimit });
        } finally {
          // After a job, fetch the next at once instead of waiting out the polling interval.
          boss.notifyWorker(worker.id);
        }
      },
    );
  }
}
