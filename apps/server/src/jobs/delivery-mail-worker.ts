import {
  DELIVERY_PROGRESS_EVENT,
  fileFormat,
  type DeliveryProgressEvent,
  type DeliveryRecipientDto,
  type RetryReason,
} from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import {
  armRecipientsForSending,
  bringForwardRelayRetries,
  finishDeliveriesIfComplete,
  recordMailFailed,
  recordMailRetry,
  recordMailsSent,
  type RecipientForSending,
} from '../modules/deliveries/queries.ts';
import { mailDomain, officeCopyMessageId, renderRecipientMail, type MailFile } from '../modules/deliveries/service.ts';
import { sha256 } from '../modules/auth/secrets.ts';
import { recipientLinkToken } from '../modules/deliveries/link-token.ts';
import { announceChange } from '../modules/projects/changes.ts';
import { participantName } from '../modules/participants/dto.ts';
import { StartupError } from '../startup-error.ts';
import { QUEUES } from './boss.ts';
import { registerDeliverySender, wakeDeliverySenders } from './delivery-senders.ts';
import { isRelayFailure } from '../mail/transport.ts';
import { senderDisplayName } from '../mail/sender-name.ts';
import { workNoted } from './running-jobs.ts';
import { createMailPacer, type MailPacer } from './mail-pacer.ts';

export interface DeliveryMailJob {
  recipientId: string;
}

type WorkerDeps = Pick<Deps, 'db' | 'mail' | 'config' | 'realtime' | 'log'>;

/**
 * Senders per process, each taking a batch of jobs at a time: the batch's mails go out side by
 * side on the pooled transport and share most round trips to PostgreSQL (one to arm, one to check
 * the end of the delivery, one each for pg-boss' fetch and completion); each mail is recorded on
 * its own, the moment the SMTP server accepted it.
 * Which office's mail goes next is the queue's priority (see enqueueRecipients): each office's
 * n-th waiting mail ranks beside every other office's n-th, so a large delivery does not make a
 * small one wait behind it for longer than the mails already in flight.
 */
export const SENDERS = 2;
export const SENDER_BATCH = 5;
/** Mails one process has taken from the queue at most at one time. */
export const MAILS_IN_FLIGHT = SENDERS * SENDER_BATCH;

/** 4xx replies and connection trouble may pass; 5xx replies will not. */
export function isTransientMailError(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return (
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET', 'ECONNREFUSED'].includes(e.code ?? '') ||
    e.code === undefined
  );
}

/** A job of the batch: the recipient and whether a transient failure would be its last attempt. */
export interface RecipientAttempt {
  recipientId: string;
  last: boolean;
}

/**
 * Sends one recipient's mail; see deliverToRecipients. Throws a transient failure that is not the
 * last attempt, so the job is retried.
 */
export async function deliverToRecipient(
  deps: WorkerDeps,
  job: DeliveryMailJob,
  attempt: { last: boolean } = { last: false },
): Promise<void> {
  const retry = await deliverToRecipients(deps, [{ recipientId: job.recipientId, last: attempt.last }]);
  const later = retry.get(job.recipientId);
  if (later) throw later.error;
}

/** A mail to try again: the transient failure and the recipient's row it was armed with. */
export interface RetryLater {
  error: unknown;
  recipient: RecipientForSending;
}

/**
 * Sends the mails of a batch of recipients. A row that is not PREPARING (sent, failed, stopped) is
 * left alone, so a retry after a crash never sends twice — except a mail the SMTP server accepted
 * in the instant before its row was recorded: each mail is recorded as sent as soon as the server
 * took it (not once the batch is through), so a crash repeats at most the mails in flight. Such a
 * repeat is the same mail: same Message-ID, subject and link (see recipientLinkToken), so both
 * copies' links work and count for the same recipient.
 *
 * Answers the failures to retry (transient and not the last attempt) by recipient id; those rows
 * stay PREPARING (noteRetries records why and when, once their jobs were failed).
 */
export async function deliverToRecipients(
  deps: WorkerDeps,
  attempts: readonly RecipientAttempt[],
): Promise<Map<string, RetryLater>> {
  const { db } = deps;
  const tokens = new Map(
    await Promise.all(
      attempts.map(async (a) => [a.recipientId, await recipientLinkToken(deps, a.recipientId)] as const),
    ),
  );
  const armed = await armRecipientsForSending(
    db,
    attempts.map((a) => ({ id: a.recipientId, tokenHash: sha256(tokens.get(a.recipientId)!) })),
  );
  const retry = new Map<string, RetryLater>();
  const sent: { recipient: RecipientForSending; files: MailFile[] }[] = [];
  const failed: { recipient: RecipientForSending; error: string }[] = [];
  const lastAttempt = new Map(attempts.map((a) => [a.recipientId, a.last]));
  await Promise.all(
    armed.map(async (recipient) => {
      let mail: SentMail;
      try {
        mail = await sendMail(deps, recipient, tokens.get(recipient.id)!);
      } catch (err) {
        // A transient failure stays PREPARING and is retried by pg-boss with exponential backoff
        // (retryDelay · 2^n). Only the last attempt gives up and marks the receiver failed.
        if (isTransientMailError(err) && !lastAttempt.get(recipient.id))
          retry.set(recipient.id, { error: err, recipient });
        else failed.push({ recipient, error: String((err as Error).message ?? err) });
        return;
      }
      // Recorded the moment the SMTP server took it: from here on a crash repeats nothing.
      await recordMailsSent(db, [{ id: recipient.id, timelineData: timelineDataOf(recipient, mail.files) }]);
      sent.push({ recipient, files: mail.files });
      await mail.sendOfficeCopy();
    }),
  );
  for (const { recipient, error } of failed) await recordMailFailed(db, recipient.id, error);

  // After the recording committed (see finishDeliveriesIfComplete: a statement of its own, no lock).
  // Recipients not armed were sent, failed or stopped already: a process that died after recording
  // them left the finish check undone, which this retry makes up for.
  const armedIds = new Set(armed.map((r) => r.id));
  const notArmed = attempts.filter((a) => !armedIds.has(a.recipientId)).map((a) => a.recipientId);
  const recorded = [...sent.map((s) => s.recipient), ...failed.map((f) => f.recipient)];
  if (recorded.length > 0) {
    await finishDeliveriesIfComplete(db, { deliveryIds: [...new Set(recorded.map((r) => r.delivery_id))] });
  }
  if (notArmed.length > 0) await finishDeliveriesIfComplete(db, { recipientIds: notArmed });

  const sentAt = new Date().toISOString();
  for (const { recipient } of sent) {
    announceDeliveryChange(deps, recipient);
    reportProgress(deps, recipient, { status: 'SUCCESS', sentAt, error: null, retry: null });
  }
  for (const { recipient, error } of failed) {
    announceDeliveryChange(deps, recipient);
    reportProgress(deps, recipient, { status: 'FAILED', sentAt: null, error, retry: null });
  }
  return retry;
}

/**
 * After their jobs were failed for a retry: each recipient records why it waits (the relay could
 * not be used, or it deferred this mail) and when its next attempt is (the time pg-boss' backoff
 * gave the job), and the office's sessions see it on the receiver ('Mailserver nicht erreichbar –
 * Versand wird wiederholt (nächster Versuch 14:32)').
 */
export async function noteRetries(deps: WorkerDeps, retries: readonly RetryLater[]): Promise<void> {
  for (const { error, recipient } of retries) {
    const reason: RetryReason = isRelayFailure(error) ? 'relay_unreachable' : 'deferred';
    const text = String((error as Error).message ?? error);
    const next = await recordMailRetry(deps.db, QUEUES.deliveryMail, {
      recipientId: recipient.id,
      reason,
      error: text,
    });
    if (!next) continue;
    reportProgress(deps, recipient, {
      status: 'PREPARING',
      sentAt: null,
      error: text,
      retry: { reason, nextAttemptAt: next.toISOString() },
    });
  }
}

/** A recipient's mail the SMTP server accepted: its files in the mail's order, and the office's copy still to send. */
interface SentMail {
  files: MailFile[];
  sendOfficeCopy: () => Promise<void>;
}

/** Renders and sends one armed recipient's mail; the office's copy goes once the recipient's is recorded. */
async function sendMail(deps: WorkerDeps, recipient: RecipientForSending, token: string): Promise<SentMail> {
  const { db, mail, config } = deps;
  const rendered = await renderRecipientMail(db, config, recipient, recipient.file_ids, token, {
    ...(recipient.send_to_bcc ? { officeCopyOf: recipientLabel(recipient) } : {}),
  });
  const { office, officeCopy } = rendered;
  // Answers go to the sender's confirmed reply address or own confirmed address (see
  // confirmedReplyTo), never to an address nobody confirmed; the From name is the person's.
  const replyTo = office.reply_to_email ? { replyTo: office.reply_to_email } : {};
  const fromName = senderDisplayName({ firstName: office.first_name, lastName: office.last_name });
  await mail.send({
    to: recipient.email,
    ...rendered.mail,
    messageId: recipient.message_id,
    envelopeFrom: `bounces+${recipient.envelope_token}@${mailDomain(config)}`,
    fromName,
    ...replyTo,
  });
  // A mail of its own, not a Bcc of the recipient's: a copy of the personal link would count the
  // office's clicks as the recipient's downloads. Its envelope is not the recipient's VERP
  // address, so a bounce of the copy never marks the recipient. The recipient has the mail
  // already: a failed copy is logged, not retried (a retry would send the recipient's again).
  const sendOfficeCopy = async () => {
    if (!officeCopy) return;
    await mail
      .send({
        to: office.bcc_email,
        ...officeCopy,
        messageId: officeCopyMessageId(recipient.message_id),
        fromName,
        ...replyTo,
      })
      .catch((err: unknown) =>
        deps.log.error(
          { reason: (err as Error).message, deliveryId: recipient.delivery_id, recipientId: recipient.id },
          "the office's copy of a delivery mail could not be sent",
        ),
      );
  };
  return { files: rendered.files, sendOfficeCopy };
}

/** 'Name <address>' of the recipient, as the office's copy names it. */
const recipientLabel = (recipient: RecipientForSending) =>
  `${participantName({
    first_name: recipient.first_name,
    last_name: recipient.last_name,
    company: recipient.company,
    email: recipient.email,
  })} <${recipient.email}>`;

/** The timeline event of a sent mail; it lists the plans as the mail did. */
function timelineDataOf(recipient: RecipientForSending, files: readonly MailFile[]): string {
  const byDoc = new Map<string, { docId: string; number: string; name: string; index: string; formats: string[] }>();
  for (const f of files) {
    const entry = byDoc.get(f.doc_id) ?? {
      docId: f.doc_id,
      number: f.number,
      name: f.name,
      index: f.index,
      formats: [],
    };
    const format = fileFormat(f);
    if (!entry.formats.includes(format)) entry.formats.push(format);
    byDoc.set(f.doc_id, entry);
  }
  return JSON.stringify({
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
    // The e-mail card says whether receipt was asked for; the confirmation is added to this event.
    receiptRequested: recipient.receipt_requested,
    deliveryId: recipient.delivery_id,
    // The office revokes this recipient's link from the timeline's e-mail event.
    recipientId: recipient.id,
  });
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
  deps: Pick<WorkerDeps, 'realtime' | 'db' | 'log'>,
  recipient: { office_id: string; project_id: string; delivery_id: string },
): void {
  if (pendingDeliveryChanges.has(recipient.delivery_id)) return;
  pendingDeliveryChanges.add(recipient.delivery_id);
  setTimeout(() => {
    pendingDeliveryChanges.delete(recipient.delivery_id);
    announceChange(
      deps,
      { officeId: recipient.office_id },
      {
        projectId: recipient.project_id,
        entity: 'delivery',
        id: recipient.delivery_id,
      },
    ).catch(() => {
      // The server stopped meanwhile: nobody is left to tell.
    });
  }, DELIVERY_CHANGE_INTERVAL_MS).unref();
}

/** One receiver's outcome to the office's open sessions, for the live progress view of deliver mode. */
function reportProgress(
  deps: Pick<WorkerDeps, 'realtime'>,
  recipient: { office_id: string; project_id: string; delivery_id: string; participant_id: string },
  outcome: Omit<DeliveryRecipientDto, 'participant'>,
): void {
  const event: DeliveryProgressEvent = {
    projectId: recipient.project_id,
    deliveryId: recipient.delivery_id,
    recipient: { participant: recipient.participant_id, ...outcome, error: outcome.error?.slice(0, 2000) ?? null },
  };
  deps.realtime.toProject(recipient.office_id, recipient.project_id, DELIVERY_PROGRESS_EVENT, event);
}

/**
 * The pacer when delivery mails are limited (DELIVERY_MAILS_PER_MINUTE), else none. The limit is
 * the installation's: all processes take their slots from one row (see createMailPacer). Paced,
 * each sender takes one job at a time and waits for its slot before it arms the recipient, so a
 * stop during the wait still stops it. Each sender holds its job while it waits: the wait must end
 * well before the job would count as lost (DELIVERY_MAIL_TIMEOUT_SECONDS) and run a second time —
 * with several processes a wait grows to (processes × senders) intervals, so a long one is reported.
 */
export function deliveryMailPacer(deps: Pick<Deps, 'config' | 'db' | 'log'>): MailPacer | undefined {
  const { config } = deps;
  if (!isDeliveryMailPaced(config)) return undefined;
  const perMinute = config.deliveryMailsPerMinute;
  const shared = createMailPacer(deps.db, perMinute);
  return {
    next: async () => {
      const slot = await shared.next();
      const waitedSeconds = (Date.now() - slot.getTime() + 60_000 / perMinute) / 1000;
      if (waitedSeconds * 2 > config.deliveryMailTimeoutSeconds) {
        deps.log.warn(
          { waitedSeconds, perMinute },
          'a delivery mail waited more than half of DELIVERY_MAIL_TIMEOUT_SECONDS for its turn: too many senders for DELIVERY_MAILS_PER_MINUTE',
        );
      }
      return slot;
    },
  };
}

/**
 * Whether delivery mails are limited; a limit so low that one process' waiting mail would outlast
 * half its job timeout refuses to start.
 */
export function isDeliveryMailPaced(
  config: Pick<Deps['config'], 'deliveryMailsPerMinute' | 'deliveryMailTimeoutSeconds'>,
): boolean {
  const perMinute = config.deliveryMailsPerMinute;
  if (perMinute <= 0) return false;
  const longestWaitSeconds = (SENDERS * 60) / perMinute;
  if (longestWaitSeconds * 2 > config.deliveryMailTimeoutSeconds) {
    throw new StartupError(
      `DELIVERY_MAILS_PER_MINUTE=${perMinute} is too slow for DELIVERY_MAIL_TIMEOUT_SECONDS=${config.deliveryMailTimeoutSeconds}: ` +
        `a mail may wait ${longestWaitSeconds} s for its turn, at most half the timeout is allowed`,
    );
  }
  return true;
}

export async function startDeliveryMailWorker(deps: Deps): Promise<void> {
  const { boss } = deps.jobs;
  const pacer = deliveryMailPacer(deps);
  // Mails that wait because the relay could not be used go as soon as it can again, not after
  // their backoff (which a two-minute outage stretches to minutes): this process noticed first.
  deps.mail.onRelayBack(() => {
    bringForwardRelayRetries(deps.db, QUEUES.deliveryMail).then(
      (count) => {
        if (count === 0) return;
        deps.log.info({ mails: count }, 'the mail relay is back: waiting delivery mails go now');
        wakeDeliverySenders(boss);
      },
      (err: unknown) =>
        deps.log.warn({ err: (err as Error).message }, 'bringing waiting delivery mails forward failed'),
    );
  });
  for (let i = 0; i < SENDERS; i++) {
    const worker = { id: '' };
    // Noted per process: after a crash the restarted (or any other) process hands the dead one's
    // mails on within seconds instead of after DELIVERY_MAIL_TIMEOUT_SECONDS.
    worker.id = await workNoted<DeliveryMailJob>(
      deps,
      QUEUES.deliveryMail,
      { batchSize: pacer ? 1 : SENDER_BATCH, pollingIntervalSeconds: 0.5, includeMetadata: true },
      async (jobs) => {
        try {
          if (pacer) await pacer.next();
          const retry = await deliverToRecipients(
            deps,
            jobs.map((job) => ({ recipientId: job.data.recipientId, last: job.retryCount >= job.retryLimit })),
          );
          // Only these jobs fail (and retry); pg-boss completes the others of the batch.
          for (const job of jobs) {
            const later = retry.get(job.data.recipientId);
            if (later) await boss.fail(QUEUES.deliveryMail, job.id, later.error as object);
          }
          if (retry.size > 0) await noteRetries(deps, [...retry.values()]);
        } finally {
          // After a batch, fetch the next at once instead of waiting out the polling interval.
          boss.notifyWorker(worker.id);
        }
      },
    );
    registerDeliverySender(boss, worker.id);
  }
}
