import type { Actor } from '../offices/access.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import {
  contactDisplayName,
  DUPLICATE_DELIVERY_SECONDS,
  errors,
  filesForSubscription,
  orderedFormats,
  PATHS,
  RECIPIENT_LINK_PREFIX,
  type DeliveryBody,
  type DeliveryDto,
  type FileKind,
  type Locale,
  type ParticipantDto,
  type PreviewBody,
  type SubscriptionDto,
} from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { Database, RecipientStatus } from '../../db/types.ts';
import type { Deps } from '../../deps.ts';
import { assertMayMail, assertRecipientLimit, countMails } from '../mail-limits/service.ts';
import { findMailingOffice } from '../mail-limits/queries.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { wakeDeliverySenders } from '../../jobs/delivery-senders.ts';
import { renderDeliveryMail, type DeliveryMailDoc, type DeliveryMailModel } from '../../mail/delivery-mail.ts';
import { mailFromAddress } from '../../mail/transport.ts';
import { participantsOfProject } from '../participants/queries.ts';
import { announceChange } from '../projects/changes.ts';
import { findProject } from '../projects/queries.ts';
import { openProject } from '../projects/service.ts';
import { loadSentFiles } from '../subscriptions/deliver-state.ts';
import {
  currentFilesOfDocs,
  deliveryQueueRanks,
  findSameRecentDelivery,
  filesForMail,
  findDeliveryProgress,
  findDeliveryByRequestKey,
  findRunningDeliveryId,
  findSender,
  lockDeliveryRequestKey,
  lockProjectDeliveries,
  runningDeliveriesOfFiles,
  subscribersOfDocs,
  subscriptionsOfProject,
} from './queries.ts';

type DeliveryDeps = Pick<Deps, 'db' | 'jobs' | 'realtime' | 'config'>;

/** The placeholder token of the preview's link; the real mail carries the recipient's own token there. */
export const PREVIEW_TOKEN = 'vorschau';
const ROWS_PER_INSERT = 1000;

export const recipientLink = (publicUrl: string, token: string) => `${publicUrl}${RECIPIENT_LINK_PREFIX}${token}`;

/** Message-ID of one recipient's mail: derived from delivery and participant, so a retry reuses it. */
export const recipientMessageId = (publicUrl: string, deliveryId: string, participantId: string) =>
  `<delivery-${deliveryId}.${participantId}@${new URL(publicUrl).hostname}>`;

/** Message-ID of the office's copy of that mail: its own, so no bounce of the copy is taken for the recipient's. */
export const officeCopyMessageId = (recipientMessageId: string) =>
  recipientMessageId.replace(/^<delivery-/, '<office-copy-');

/** The domain of the VERP envelope sender: MAIL_FROM's, else PUBLIC_URL's host. */
export function mailDomain(config: Pick<Deps['config'], 'mailFrom' | 'publicUrl'>): string {
  const address = mailFromAddress(config.mailFrom);
  const at = address.lastIndexOf('@');
  return at > 0 ? address.slice(at + 1) : new URL(config.publicUrl).hostname;
}

interface PlannedSub {
  subId: string;
  docId: string;
  fileIds: string[];
}

interface PlannedRecipient {
  participantId: string;
  email: string;
  /** The contact's language: the mail's fixed texts speak it. */
  locale: Locale;
  subs: PlannedSub[];
  /** Any of its subs flagged deliverAgain by the selection. */
  deliverAgain: boolean;
}

async function requireOffice(db: Db, actor: Actor) {
  const office = await findSender(db, actor.officeId, actor.userId);
  if (!office) throw errors.notFound();
  if (office.company.trim() === '') throw errors.deliveryCompanyMissing();
  return office;
}

/**
 * Checks the selection against the office's project and finds each recipient's files: the current
 * version's files of each sub's doc in the sub's formats. Any id that is not the office's, not in
 * this project, or a sub listed under another participant answers 404. A sub without files to send
 * refuses the whole delivery: 'delivery.no_files' when no selected sub has any, else
 * 'delivery.files_missing'.
 */
async function planRecipients(
  db: Db,
  actor: Actor,
  projectId: string,
  wanted: readonly { participantId: string; subIds: readonly string[] }[],
): Promise<PlannedRecipient[]> {
  const allSubIds = [...new Set(wanted.flatMap((w) => w.subIds))];
  // Independent reads side by side: each is a round trip to PostgreSQL, not work in this process.
  const [project, participantRows, subRows] = await Promise.all([
    findProject(db, actor, projectId),
    participantsOfProject(db, actor, projectId),
    subscriptionsOfProject(db, projectId, allSubIds),
  ]);
  if (!project) throw errors.notFound();
  const participants = new Map(participantRows.map((p) => [p.id, p]));
  const subs = new Map(subRows.map((s) => [s.id, s]));
  if (subs.size !== allSubIds.length) throw errors.notFound();
  for (const w of wanted) {
    if (!participants.has(w.participantId)) throw errors.notFound();
    if (w.subIds.some((id) => subs.get(id)!.participant_id !== w.participantId)) throw errors.notFound();
  }
  const docIds = [...new Set([...subs.values()].map((s) => s.doc_id))];
  const filesByDoc = new Map<string, { id: string; kind: FileKind }[]>();
  for (const f of await currentFilesOfDocs(db, projectId, docIds)) {
    const list = filesByDoc.get(f.doc_id);
    if (list) list.push(f);
    else filesByDoc.set(f.doc_id, [f]);
  }
  let withFiles = 0;
  let withoutFiles = 0;
  const planned = wanted.map((w) => {
    const plannedSubs = [...new Set(w.subIds)].map((subId) => {
      const sub = subs.get(subId)!;
      const files = filesForSubscription(
        { getsPdf: sub.gets_pdf, getsTec: sub.gets_tec },
        filesByDoc.get(sub.doc_id) ?? [],
      );
      if (files.length === 0) withoutFiles++;
      else withFiles++;
      return { subId, docId: sub.doc_id, fileIds: files.map((f) => f.id) };
    });
    return {
      participantId: w.participantId,
      email: participants.get(w.participantId)!.email,
      locale: participants.get(w.participantId)!.locale,
      subs: plannedSubs,
      deliverAgain: w.subIds.some((id) => subs.get(id)!.deliver_again),
    };
  });
  if (withoutFiles > 0) throw withFiles === 0 ? errors.deliveryNoFiles() : errors.deliveryFilesMissing();
  return planned;
}

/**
 * The resend rule: a recipient who was sent every one of these files before, and none of whose
 * subs is flagged deliverAgain, has nothing to deliver (NOTHING, 'Receiver has already all
 * files.') — unless forceSending, which this product always sets (spec §9): then every selected
 * recipient gets the mail again with all selected files.
 */
export function hasNothingToDeliver(
  recipient: Pick<PlannedRecipient, 'subs' | 'deliverAgain'>,
  sentToParticipant: ReadonlySet<string>,
  forceSending: boolean,
): boolean {
  if (forceSending || recipient.deliverAgain) return false;
  return recipient.subs.every((s) => s.fileIds.every((id) => sentToParticipant.has(id)));
}

export type MailFile = Awaited<ReturnType<typeof filesForMail>>[number];
type Subscriber = Awaited<ReturnType<typeof subscribersOfDocs>>[number];

/**
 * The model of one recipient's e-mail from the files it gets (as filesForMail orders them) and the
 * subscribers of the docs whose list goes along; shared by preview and sending.
 */
function mailModelOf(
  office: { company: string },
  locale: Locale,
  project: { number: string; name: string },
  message: {
    subject: string;
    userMessage: string;
    includeSubscriberlistForDocs: readonly string[];
    requestReceipt: boolean;
  },
  files: readonly MailFile[],
  subscribers: readonly Subscriber[],
  link: string,
): DeliveryMailModel {
  const docs = new Map<string, DeliveryMailDoc>();
  const filesOfDoc = new Map<string, MailFile[]>();
  for (const f of files) {
    if (!docs.has(f.doc_id))
      docs.set(f.doc_id, {
        docId: f.doc_id,
        number: f.number,
        name: f.name,
        index: f.index,
        releaseDate: f.release_date,
        formats: [],
      });
    filesOfDoc.set(f.doc_id, [...(filesOfDoc.get(f.doc_id) ?? []), f]);
  }
  // PDF, DWG, DXF, then a data doc's other formats (DOCX, XLSX)
  for (const doc of docs.values())
    doc.formats = orderedFormats(filesOfDoc.get(doc.docId) ?? []).map((format) => format.toUpperCase());
  const listed = [...docs.values()].filter((d) => message.includeSubscriberlistForDocs.includes(d.docId));
  return {
    locale,
    company: office.company,
    project: { number: project.number, name: project.name },
    subject: message.subject,
    userMessage: message.userMessage,
    requestReceipt: message.requestReceipt,
    docs: [...docs.values()],
    subscriberLists: listed.map((d) => ({
      docId: d.docId,
      number: d.number,
      name: d.name,
      subscribers: subscribers
        .filter((s) => s.doc_id === d.docId)
        .map((s) => ({
          name: contactDisplayName({ firstName: s.first_name, lastName: s.last_name, company: '', email: s.email }),
          company: s.company,
        })),
    })),
    link,
  };
}

/** What every recipient of one delivery shares: the office, the delivery's files and the listed subscribers. */
interface DeliveryShared {
  office: NonNullable<Awaited<ReturnType<typeof findSender>>>;
  files: MailFile[];
  subscribers: Subscriber[];
}

const SHARED_TTL_MS = 60_000;
const sharedByDelivery = new Map<string, { expires: number; value: Promise<DeliveryShared> }>();

/**
 * Read once per delivery and process (kept a minute), not once per recipient: 200 recipients of
 * one delivery need the same office, the same few plans and the same subscriber lists. A change
 * of the office's profile during a running delivery reaches its mails within that minute.
 */
function sharedOfDelivery(
  db: Db,
  delivery: {
    delivery_id: string;
    office_id: string;
    sent_by: string | null;
    project_id: string;
    include_subscriberlist_for_docs: string[];
  },
): Promise<DeliveryShared> {
  const now = Date.now();
  for (const [id, entry] of sharedByDelivery) if (entry.expires < now) sharedByDelivery.delete(id);
  const cached = sharedByDelivery.get(delivery.delivery_id);
  if (cached) return cached.value;
  const value = (async () => {
    const office = await findSender(db, delivery.office_id, delivery.sent_by);
    if (!office) throw errors.notFound();
    const fileIds = await db
      .selectFrom('delivery_file')
      .innerJoin('delivery_recipient as r', 'r.id', 'delivery_file.recipient_id')
      .select('delivery_file.file_id')
      .distinct()
      .where('r.delivery_id', '=', delivery.delivery_id)
      .execute();
    const files = await filesForMail(
      db,
      delivery.project_id,
      fileIds.map((f) => f.file_id),
    );
    const subscribers = await subscribersOfDocs(db, delivery.project_id, delivery.include_subscriberlist_for_docs);
    return { office, files, subscribers };
  })();
  value.catch(() => sharedByDelivery.delete(delivery.delivery_id));
  sharedByDelivery.set(delivery.delivery_id, { expires: now + SHARED_TTL_MS, value });
  return value;
}

/**
 * Renders the e-mail of a recipient row for sending; the worker calls it with the row's link token. With
 * `officeCopyOf` (whom the mail goes to) also the copy for the office's Bcc address, if it has one,
 * which links to the project instead of the personal link. Answers the recipient's files too, in
 * the mail's order.
 */
export async function renderRecipientMail(
  db: Db,
  config: Pick<Deps['config'], 'publicUrl'>,
  recipient: {
    delivery_id: string;
    office_id: string;
    /** The recipient contact's language. */
    locale: Locale;
    sent_by: string | null;
    project_id: string;
    project_number: string;
    project_name: string;
    subject: string;
    user_message: string;
    include_subscriberlist_for_docs: string[];
    receipt_requested: boolean;
  },
  fileIds: readonly string[],
  token: string,
  options: { officeCopyOf?: string } = {},
) {
  const shared = await sharedOfDelivery(db, recipient);
  const own = new Set(fileIds);
  const files = shared.files.filter((f) => own.has(f.id));
  const model = mailModelOf(
    shared.office,
    recipient.locale,
    { number: recipient.project_number, name: recipient.project_name },
    {
      subject: recipient.subject,
      userMessage: recipient.user_message,
      includeSubscriberlistForDocs: recipient.include_subscriberlist_for_docs,
      requestReceipt: recipient.receipt_requested,
    },
    files,
    shared.subscribers,
    recipientLink(config.publicUrl, token),
  );
  const officeCopy =
    options.officeCopyOf === undefined || shared.office.bcc_email === ''
      ? undefined
      : renderDeliveryMail({
          ...model,
          link: `${config.publicUrl}${PATHS.project(recipient.project_id)}`,
          officeCopyOf: options.officeCopyOf,
        });
  return { office: shared.office, mail: renderDeliveryMail(model), officeCopy, files };
}

/**
 * The HTML this participant would receive for this selection. Identical to the sent mail except
 * the link's token: the preview shows `${PUBLIC_URL}/d/vorschau`, the real mail the recipient's secret one.
 */
export async function previewDelivery({ db, config }: DeliveryDeps, actor: Actor, body: PreviewBody) {
  const office = await requireOffice(db, actor);
  const [planned] = await planRecipients(db, actor, body.projectId, [
    { participantId: body.participantId, subIds: body.subIds },
  ]);
  const project = (await findProject(db, actor, body.projectId))!;
  const files = await filesForMail(
    db,
    project.id,
    planned!.subs.flatMap((s) => s.fileIds),
  );
  const inMail = new Set(files.map((f) => f.doc_id));
  const subscribers = await subscribersOfDocs(
    db,
    project.id,
    body.includeSubscriberlistForDocs.filter((id) => inMail.has(id)),
  );
  const model = mailModelOf(
    office,
    planned!.locale,
    project,
    body,
    files,
    subscribers,
    recipientLink(config.publicUrl, PREVIEW_TOKEN),
  );
  return { previewHtml: renderDeliveryMail(model).html };
}

/**
 * Awaits reads started side by side, then answers them or throws the first failure in list order:
 * the same error whichever read failed first (a missing company before an unknown id).
 */
async function inOrder<T extends readonly unknown[]>(reads: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(reads);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * One job per recipient, in the transaction that wrote the rows: both exist or neither. The job id
 * is the recipient row's id, so a recipient has one job however often this runs.
 *
 * Fair order between offices (round robin by rank): the queue sends the highest priority first.
 * An office's new mails continue after its own last waiting mail, but start no later than the mail
 * at the head of the queue. So a second office's delivery interleaves one by one with the rest of
 * a first office's large one instead of queuing behind all of it.
 */
async function enqueueRecipients(
  tx: Transaction<Database>,
  jobs: Deps['jobs'],
  config: Pick<Deps['config'], 'deliveryMailTimeoutSeconds'>,
  actor: Actor,
  recipients: readonly { id: string; delivery_id: string; participant_id: string }[],
): Promise<void> {
  if (recipients.length === 0) return;
  const { head, own } = await deliveryQueueRanks(tx, QUEUES.deliveryMail, actor.officeId);
  const first = Math.min(head ?? 0, own === null ? Number.POSITIVE_INFINITY : own - 1);
  await jobs.enqueueMany(
    tx,
    QUEUES.deliveryMail,
    recipients.map((r, n) => ({
      id: r.id,
      data: { recipientId: r.id, actor },
      priority: first - n,
      singletonKey: `${r.delivery_id}:${r.participant_id}`,
      retryLimit: 8,
      retryDelay: 5,
      retryBackoff: true,
      // A job still active after this long belonged to a process that died: it runs again.
      expireInSeconds: config.deliveryMailTimeoutSeconds,
    })),
  );
}

/**
 * Starts a delivery: in one transaction the delivery, a PREPARING recipient row per participant
 * with the files it gets, and one job per recipient (job id = recipient id, so it exists once).
 * The worker sends; this answers at once. The acting person sends: their reply-to address, else
 * their own address, answers the mails (kept on the delivery as it was then).
 */
export async function deliverToParticipants(
  deps: DeliveryDeps,
  actor: Actor,
  body: DeliveryBody,
): Promise<DeliveryDto> {
  const { db, jobs, config } = deps;
  const [sender, planned, sent] = await inOrder([
    requireOffice(db, actor),
    planRecipients(
      db,
      actor,
      body.projectId,
      body.participants.map((p) => ({ participantId: p._id, subIds: p.subs })),
    ),
    // forceSending sends every selected recipient anyway: what was sent before does not matter.
    // (Read before the project's check answered: a stranger's project id reads nothing of it.)
    body.forceSending ? Promise.resolve(new Map<string, ReadonlySet<string>>()) : loadSentFiles(db, body.projectId),
  ]);
  const byParticipant = new Map(planned.map((p) => [p.participantId, p]));
  const deliveryId = randomUUID();
  const recipients = [...byParticipant.values()].map((p) => {
    const status: RecipientStatus = hasNothingToDeliver(p, sent.get(p.participantId) ?? new Set(), body.forceSending)
      ? 'NOTHING'
      : 'PREPARING';
    return {
      id: randomUUID(),
      delivery_id: deliveryId,
      participant_id: p.participantId,
      email: p.email,
      status,
      message_id: recipientMessageId(config.publicUrl, deliveryId, p.participantId),
      envelope_token: randomBytes(16).toString('hex'),
    };
  });
  const preparing = recipients.filter((r) => r.status === 'PREPARING');
  // A copy asked for an address its owner has not confirmed is refused, not dropped in silence.
  if (body.sendToBcc && sender.bcc_set !== '' && sender.bcc_email === '') throw errors.bccUnconfirmed();
  const officeCopyTo = body.sendToBcc && sender.bcc_email ? sender.bcc_email : null;
  await assertMayMail(db, actor.userId, [
    ...preparing.map((r) => r.email),
    ...(officeCopyTo && preparing.length > 0 ? [officeCopyTo] : []),
  ]);
  const earlier = await db.transaction().execute(async (tx) => {
    // A repeated key (a retry, a double click, two tabs) waits for its first request and answers
    // that one's delivery. Then one send of a project at a time: the checks below and the rows see
    // each other's deliveries.
    if (body.requestKey) {
      await lockDeliveryRequestKey(tx, actor.officeId, body.requestKey);
      const retried = await findDeliveryByRequestKey(tx, actor.officeId, body.requestKey);
      if (retried) return retried.id;
    }
    await lockProjectDeliveries(tx, body.projectId);
    const running = await runningDeliveriesOfFiles(
      tx,
      body.projectId,
      recipients
        .filter((r) => r.status === 'PREPARING')
        .flatMap((r) =>
          byParticipant
            .get(r.participant_id)!
            .subs.flatMap((s) =>
              s.fileIds.map((fileId) => ({ participantId: r.participant_id, subId: s.subId, fileId })),
            ),
        ),
    );
    if (running.length > 0) {
      throw errors.deliveryInProgress({
        changedBy: running[0]!.sender,
        participants: [...new Set(running.map((r) => r.participant))],
      });
    }
    // A send that says nothing of sending again, of what a delivery sent a moment ago, is one too
    // many (a second click, a colleague's, a client repeating itself without a key).
    if (!body.sendAgain) {
      const same = await findSameRecentDelivery(
        tx,
        actor.officeId,
        body.projectId,
        recipients
          .filter((r) => r.status === 'PREPARING')
          .flatMap((r) =>
            byParticipant
              .get(r.participant_id)!
              .subs.flatMap((s) => s.fileIds.map((fileId) => ({ participantId: r.participant_id, fileId }))),
          ),
        DUPLICATE_DELIVERY_SECONDS,
      );
      if (same) {
        throw errors.deliveryDuplicate({
          deliveryId: same.id,
          sentBy: same.sender,
          sentAt: same.createdAt.toISOString(),
        });
      }
    }
    await tx
      .insertInto('delivery')
      .values({
        id: deliveryId,
        request_key: body.requestKey ?? null,
        office_id: actor.officeId,
        sent_by: actor.userId,
        project_id: body.projectId,
        subject: body.subject,
        user_message: body.userMessage,
        send_to_bcc: body.sendToBcc,
        sender_email: sender.email,
        include_subscriberlist_for_docs: [...new Set(body.includeSubscriberlistForDocs)],
        receipt_requested: body.requestReceipt,
        receipt_reminder_days: body.requestReceipt ? body.receiptReminderDays : null,
        status: recipients.some((r) => r.status === 'PREPARING') ? 'DELIVERING' : 'DONE',
        ...(recipients.some((r) => r.status === 'PREPARING') ? {} : { finished_at: sql<Date>`now()` }),
      })
      .execute();
    for (let start = 0; start < recipients.length; start += ROWS_PER_INSERT) {
      await tx
        .insertInto('delivery_recipient')
        .values(recipients.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
    const fileRows = recipients
      .filter((r) => r.status === 'PREPARING')
      .flatMap((r) => {
        const seen = new Set<string>();
        return byParticipant
          .get(r.participant_id)!
          .subs.flatMap((s) =>
            s.fileIds
              .filter((id) => !seen.has(id) && seen.add(id))
              .map((fileId) => ({ recipient_id: r.id, file_id: fileId, sub_id: s.subId })),
          );
      });
    // One statement over three arrays: thousands of rows (200 recipients × 20 plans × formats)
    // cost one round trip and no per-row parameters.
    if (fileRows.length > 0) {
      await sql`insert into delivery_file (recipient_id, file_id, sub_id)
        select * from unnest(${fileRows.map((f) => f.recipient_id)}::uuid[],
          ${fileRows.map((f) => f.file_id)}::uuid[], ${fileRows.map((f) => f.sub_id)}::uuid[])`.execute(tx);
    }
    // Counted last, so the count's lock is held for as short a time as the transaction allows.
    const office = await findMailingOffice(tx, actor.officeId);
    await assertRecipientLimit(
      tx,
      office,
      preparing.map((r) => r.email),
    );
    await countMails(tx, config, office, [
      ...preparing.map((r) => ({ kind: 'delivery' as const, recipient: r.email })),
      ...(officeCopyTo ? preparing.map(() => ({ kind: 'office_copy' as const, recipient: officeCopyTo })) : []),
    ]);
    await enqueueRecipients(tx, jobs, config, actor, preparing);
    return undefined;
  });
  // A retry of a send that was made already: its delivery as it stands, nothing sent again.
  if (earlier) return deliveryProgress(deps, actor, earlier);
  wakeDeliverySenders(jobs.boss);
  await announceChange(deps, actor, { projectId: body.projectId, entity: 'delivery', id: deliveryId });
  // The rows as just written: no worker has recorded anything that the answer could miss, and a
  // change it did record reaches the office as a live event.
  return {
    _id: deliveryId,
    status: recipients.some((r) => r.status === 'PREPARING') ? 'DELIVERING' : 'DONE',
    recipients: recipients.map((r) => ({
      participant: r.participant_id,
      status: r.status,
      sentAt: null,
      error: null,
      retry: null,
    })),
  };
}

/**
 * The delivery as it stands, in the shape of its live events (DeliveryDto): a session whose socket
 * dropped mid-delivery catches up with it. Another office's id answers 404.
 */
export async function deliveryProgress(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  deliveryId: string,
): Promise<DeliveryDto> {
  const delivery = await findDeliveryProgress(db, actor, deliveryId);
  if (!delivery) throw errors.notFound();
  return {
    _id: delivery.id,
    status: delivery.status,
    recipients: delivery.recipients.map((r) => ({
      participant: r.participant_id,
      status: r.status,
      sentAt: r.sent_at?.toISOString() ?? null,
      // As the live event carries it.
      error: r.error?.slice(0, 2000) ?? null,
      retry:
        r.status === 'PREPARING' && r.retry_reason && r.next_attempt_at
          ? { reason: r.retry_reason, nextAttemptAt: r.next_attempt_at.toISOString() }
          : null,
    })),
  };
}

/**
 * The project's delivery that is still sending (the newest, should there be two), in the shape of
 * GET /delivery/:id, or null: a screen opened or reloaded mid-delivery shows its progress again.
 * Another office's project answers 404.
 */
export async function runningDelivery(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  projectId: string,
): Promise<{ delivery: DeliveryDto | null }> {
  if (!(await findProject(db, actor, projectId))) throw errors.notFound();
  const running = await findRunningDeliveryId(db, actor.officeId, projectId);
  return { delivery: running ? await deliveryProgress({ db }, actor, running.id) : null };
}

/**
 * Stops the project's running deliveries: every recipient still PREPARING becomes STOPPED (its
 * worker skips it) and its job is cancelled where it has not started. A mail already handed to
 * the SMTP server is not called back; it ends SUCCESS. Answers the project's participants and subs.
 */
export async function stopDeliveries(
  deps: DeliveryDeps & Pick<Deps, 'storage' | 'log'>,
  actor: Actor,
  projectId: string,
): Promise<{ participants: ParticipantDto[]; subs: SubscriptionDto[] }> {
  const { db, jobs } = deps;
  if (!(await findProject(db, actor, projectId))) throw errors.notFound();
  const stopped = await db.transaction().execute(async (tx) => {
    const running = await tx
      .selectFrom('delivery')
      .select('id')
      .where('project_id', '=', projectId)
      .where('office_id', '=', actor.officeId)
      .where('status', '=', 'DELIVERING')
      .orderBy('id')
      .forUpdate()
      .execute();
    if (running.length === 0) return [];
    const ids = running.map((d) => d.id);
    const rows = await tx
      .updateTable('delivery_recipient')
      .set({ status: 'STOPPED' })
      .where('delivery_id', 'in', ids)
      .where('status', '=', 'PREPARING')
      .returning('id')
      .execute();
    await tx
      .updateTable('delivery')
      .set({ status: 'STOPPED', finished_at: sql<Date>`now()` })
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  });
  if (stopped.length > 0) {
    try {
      await jobs.boss.cancel(QUEUES.deliveryMail, stopped);
    } catch {
      // A job that already ran or is running cannot be cancelled; its worker sees STOPPED and skips.
    }
    await announceChange(deps, actor, { projectId, entity: 'delivery', id: projectId });
  }
  const bundle = await openProject(deps, actor, projectId);
  return { participants: bundle.participants, subs: bundle.subs };
}
