import { inVisibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import { confirmedBcc, confirmedReplyTo } from '../mail-addresses/queries.ts';
import type { Db } from '../../db/index.ts';
import type { FileKind } from '../../db/types.ts';
import { contactDisplayName, personName, type RetryReason } from '@plankurier/shared';
import { liveDoc } from '../projects/queries.ts';

/**
 * What the e-mail and the rules need of the office and the person sending: the office's company
 * names the sender, the person's reply-to and BCC addresses are theirs. The mail's language is the
 * recipient contact's, not the sender's.
 */
export const findSender = (db: Db, officeId: string, userId: string | null) =>
  db
    .selectFrom('office')
    .leftJoin('app_user as person', (join) => join.on('person.id', '=', userId))
    .select([
      'office.id',
      'office.company',
      // Only addresses their owners confirmed (see confirmedReplyTo, confirmedBcc); the BCC the
      // person set is kept apart to tell an unconfirmed one from none.
      confirmedReplyTo(sql<string>`office.id`, 'person').as('reply_to_email'),
      confirmedBcc(sql<string>`office.id`, 'person').as('bcc_email'),
      sql<string>`coalesce(person.bcc_email, '')`.as('bcc_set'),
      sql<string>`coalesce(person.email, '')`.as('email'),
      sql<string>`coalesce(person.first_name, '')`.as('first_name'),
      sql<string>`coalesce(person.last_name, '')`.as('last_name'),
    ])
    .where('office.id', '=', officeId)
    .executeTakeFirst();

/** Subscriptions among `ids` in the project (the project is the office's: callers checked it). */
export const subscriptionsOfProject = (db: Db, projectId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('subscription')
        .select(['id', 'doc_id', 'participant_id', 'gets_pdf', 'gets_tec', 'deliver_again'])
        .where('project_id', '=', projectId)
        .where(sql<boolean>`id = any(${ids}::uuid[])`)
        .execute();

/** The files of the current versions of these docs. */
export const currentFilesOfDocs = (db: Db, projectId: string, docIds: readonly string[]) =>
  docIds.length === 0
    ? Promise.resolve([] as { id: string; doc_id: string; kind: FileKind }[])
    : db
        .selectFrom('file')
        .innerJoin('version', 'version.id', 'file.version_id')
        .select(['file.id', 'file.doc_id', 'file.kind'])
        .where('version.status', '=', 'current')
        .where('file.project_id', '=', projectId)
        .where(sql<boolean>`file.doc_id = any(${docIds}::uuid[])`)
        .execute();

/** Files with their plan and version, as the e-mail lists them. */
export const filesForMail = (db: Db, projectId: string, fileIds: readonly string[]) =>
  fileIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('file')
        .innerJoin('version', 'version.id', 'file.version_id')
        .innerJoin('doc', 'doc.id', 'file.doc_id')
        .innerJoin('doc_folder', 'doc_folder.id', 'doc.folder_id')
        .innerJoin('phase', 'phase.id', 'doc_folder.phase_id')
        .select([
          'file.id',
          'file.kind',
          'file.filename',
          'file.version_id',
          'doc.id as doc_id',
          'doc.number',
          'doc.name',
          'version.index',
          'version.release_date',
        ])
        .where('file.project_id', '=', projectId)
        .where(sql<boolean>`file.id = any(${fileIds}::uuid[])`)
        // A plan withdrawn before its mail went out is not announced in it (its page says withdrawn).
        .where(liveDoc())
        .orderBy('phase.sort_order')
        .orderBy('doc_folder.sort_order')
        .orderBy('doc.sort_order')
        .execute();

/** Everyone subscribed to these docs, for the subscriber lists of the e-mail. */
export const subscribersOfDocs = (db: Db, projectId: string, docIds: readonly string[]) =>
  docIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('subscription')
        .innerJoin('participant', 'participant.id', 'subscription.participant_id')
        .innerJoin('contact', 'contact.id', 'participant.contact_id')
        .select(['subscription.doc_id', 'contact.first_name', 'contact.last_name', 'contact.company', 'contact.email'])
        .where('subscription.project_id', '=', projectId)
        .where(sql<boolean>`subscription.doc_id = any(${docIds}::uuid[])`)
        .orderBy('contact.last_name')
        .orderBy('contact.first_name')
        .execute();

/** What a recipient's mail needs: its row with delivery, project, contact and file ids. */
export interface RecipientForSending {
  id: string;
  delivery_id: string;
  participant_id: string;
  email: string;
  message_id: string;
  envelope_token: string;
  office_id: string;
  sent_by: string | null;
  project_id: string;
  subject: string;
  user_message: string;
  send_to_bcc: boolean;
  sender_email: string;
  include_subscriberlist_for_docs: string[];
  receipt_requested: boolean;
  project_number: string;
  project_name: string;
  first_name: string;
  last_name: string;
  company: string;
  locale: 'de' | 'en';
  file_ids: string[];
}

/**
 * Arms the recipients still PREPARING for sending and reads what their mails need, in one
 * statement: stores the hash of each one's link token and answers its row. A recipient that is
 * gone or no longer PREPARING (sent, failed, stopped) is not answered; the update waits for a
 * concurrent stop and then finds the row STOPPED. No office scope: the jobs name the rows they made.
 */
export const armRecipientsForSending = (db: Db, recipients: readonly { id: string; tokenHash: Buffer }[]) =>
  sql<RecipientForSending>`update delivery_recipient r set download_token_hash = decode(armed.hash, 'hex')
    from unnest(${recipients.map((r) => r.id)}::uuid[], ${recipients.map((r) => r.tokenHash.toString('hex'))}::text[])
        as armed (id, hash),
      delivery d, project, participant, contact
    where r.id = armed.id and r.status = 'PREPARING'
      and d.id = r.delivery_id and project.id = d.project_id
      and participant.id = r.participant_id and contact.id = participant.contact_id
    returning r.id, r.delivery_id, r.participant_id, r.email, r.message_id, r.envelope_token,
      d.office_id, d.sent_by, d.project_id, d.subject, d.user_message, d.send_to_bcc, d.sender_email,
      d.include_subscriberlist_for_docs, d.receipt_requested,
      project.number as project_number, project.name as project_name,
      contact.first_name, contact.last_name, contact.company, contact.locale,
      array(select file_id from delivery_file where recipient_id = r.id) as file_ids`
    .execute(db)
    .then((result) => result.rows);

/**
 * Records accepted mails in one statement: each recipient SUCCESS (also from STOPPED: the stop
 * came while the mail was on its way, and it did go out), the first delivery of its files (it
 * locks their versions' index and number) and its timeline event. A row recorded already (a
 * second run of the same job) gets no second timeline event.
 */
export const recordMailsSent = (db: Db, sent: readonly { id: string; timelineData: string }[]) =>
  sql`with mail as (
      select * from unnest(${sent.map((s) => s.id)}::uuid[], ${sent.map((s) => s.timelineData)}::text[]) as mail (id, data)
    ), recorded as (
      update delivery_recipient r set status = 'SUCCESS', sent_at = now(), error = null,
        retry_reason = null, next_attempt_at = null
      from mail where r.id = mail.id and r.status in ('PREPARING', 'STOPPED')
      returning r.id, r.delivery_id
    ), first_delivered as (
      update file set delivered_at = now()
      where delivered_at is null
        and id in (select file_id from delivery_file where recipient_id in (select id from recorded))
    )
    insert into timeline_event (project_id, actor_id, event_type, kind, data)
    select d.project_id, d.sent_by, 'EMAIL', 'delivery.sent', mail.data::jsonb
    from recorded join mail on mail.id = recorded.id join delivery d on d.id = recorded.delivery_id`.execute(db);

/** Records a mail given up on (permanent refusal, or the last attempt of a transient one). */
export const recordMailFailed = (db: Db, recipientId: string, error: string) =>
  db
    .updateTable('delivery_recipient')
    .set({ status: 'FAILED', error: error.slice(0, 2000), retry_reason: null, next_attempt_at: null })
    .where('id', '=', recipientId)
    .where('status', 'in', ['PREPARING', 'STOPPED'])
    .execute();

/**
 * Records why a recipient's mail waits and when it is tried next: the time its job (job id =
 * recipient id) was given by pg-boss' retry backoff. Answers that time, or nothing when the row is
 * no longer PREPARING (stopped meanwhile) or its job does not wait for a retry.
 */
export async function recordMailRetry(
  db: Db,
  queue: string,
  retry: { recipientId: string; reason: RetryReason; error: string },
): Promise<Date | undefined> {
  const { rows } = await sql<{ next_attempt_at: Date }>`
    update delivery_recipient r
    set retry_reason = ${retry.reason}, error = ${retry.error.slice(0, 2000)}, next_attempt_at = j.start_after
    from pgboss.job j
    where r.id = ${retry.recipientId} and r.status = 'PREPARING'
      and j.name = ${queue} and j.id = r.id and j.state = 'retry'
    returning r.next_attempt_at`.execute(db);
  return rows[0]?.next_attempt_at;
}

/**
 * The relay can be used again: every mail of the installation that waits for a retry because the
 * relay could not be used is due now, not after its (by then long) backoff. Mails deferred for
 * their own address keep their time. Answers how many were brought forward.
 */
export async function bringForwardRelayRetries(db: Db, queue: string): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    with waiting as (
      update delivery_recipient r set next_attempt_at = now()
      where r.status = 'PREPARING' and r.retry_reason = 'relay_unreachable' and r.next_attempt_at > now()
      returning r.id
    )
    update pgboss.job j set start_after = now()
    from waiting where j.name = ${queue} and j.id = waiting.id and j.state = 'retry' and j.start_after > now()
    returning j.id`.execute(db);
  return rows.length;
}

/**
 * A delivery ends once no recipient is PREPARING any more: ERROR when no mail went out and at
 * least one failed for good (every recipient to be sent was refused), else DONE. Checks the
 * deliveries with these ids, or those of these recipients.
 *
 * Runs as its own statement after the recipients' changes committed, so it needs no lock: of two
 * last recipients finishing at once, the one whose change committed later checks in a snapshot
 * that sees the other's change too (read committed: a snapshot per statement), and a second
 * finisher finds the delivery no longer DELIVERING. A process that dies between the two statements
 * leaves its job unfinished; the retry finds the recipient recorded and runs this check.
 */
export async function finishDeliveriesIfComplete(
  db: Db,
  which: { deliveryIds: readonly string[] } | { recipientIds: readonly string[] },
): Promise<void> {
  const ids =
    'deliveryIds' in which
      ? sql`${which.deliveryIds}::uuid[]`
      : sql`array(select delivery_id from delivery_recipient where id = any(${which.recipientIds}::uuid[]))`;
  await sql`update delivery d set
      status = case when exists (
          select 1 from delivery_recipient r where r.delivery_id = d.id and r.status in ('SUCCESS', 'STOPPED')
        ) or not exists (
          select 1 from delivery_recipient r where r.delivery_id = d.id and r.status = 'FAILED'
        ) then 'DONE' else 'ERROR' end,
      finished_at = now()
    where d.id = any(${ids}) and d.status = 'DELIVERING'
      and not exists (select 1 from delivery_recipient r where r.delivery_id = d.id and r.status = 'PREPARING')`.execute(
    db,
  );
}

/**
 * Files sent per participant of a project: only messages the SMTP server accepted count, and of
 * those not the ones that came back for good (a permanent bounce): their files turn RED again.
 */
/** All recipients, or those of some participants (a live change's rows). */
export const ofParticipants = (participantIds: readonly string[] | undefined) =>
  participantIds === undefined ? sql<boolean>`true` : sql<boolean>`r.participant_id = any(${participantIds}::uuid[])`;

export const sentFileRows = (db: Db, projectId: string, participantIds?: readonly string[]) =>
  db
    .selectFrom('delivery_file')
    .innerJoin('delivery_recipient as r', 'r.id', 'delivery_file.recipient_id')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .select(['r.participant_id', 'delivery_file.file_id'])
    .where('d.project_id', '=', projectId)
    .where('r.status', '=', 'SUCCESS')
    .where('r.bounce_state', '!=', 'permanent')
    .where(ofParticipants(participantIds))
    .execute();

/**
 * Where an office's new delivery mails rank (see enqueueRecipients): the highest priority among the
 * waiting mails (created or retry: pg-boss' job states are an ordered enum) and the lowest among
 * the office's own. The office is read from the job's stored actor field by field: jsonb keeps its
 * keys in an order of its own, so the stored object never equals a freshly serialised one as text.
 */
export async function deliveryQueueRanks(db: Db, queue: string, officeId: string) {
  const { rows } = await sql<{ head: number | null; own: number | null }>`
    select max(priority) as head, min(priority) filter (where data->'actor'->>'officeId' = ${officeId}) as own
    from pgboss.job where name = ${queue} and state < 'active'`.execute(db);
  return rows[0] ?? { head: null, own: null };
}

/** Deliveries of a project are made one at a time (until the transaction ends). */
export const lockProjectDeliveries = (db: Db, projectId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`delivery:${projectId}`}, 0))`.execute(db);

/**
 * Requests with the same key are handled one at a time, whichever project they name: the second
 * finds what the first made. Taken before the project's lock, always in this order.
 */
export const lockDeliveryRequestKey = (db: Db, officeId: string, requestKey: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`delivery-key:${officeId}:${requestKey}`}, 0))`.execute(db);

export const findDeliveryByRequestKey = (db: Db, officeId: string, requestKey: string) =>
  db
    .selectFrom('delivery')
    .select('id')
    .where('office_id', '=', officeId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();

/**
 * Of these recipients' subscriptions and files, those a running delivery of the project has for the
 * same participant — still to send or already sent: a second send of them while the first runs
 * mails the participant twice. Answers who sent the running one and the participants' names.
 */
export async function runningDeliveriesOfFiles(
  db: Db,
  projectId: string,
  wanted: readonly { participantId: string; subId: string; fileId: string }[],
) {
  if (wanted.length === 0) return [];
  const { rows } = await sql<{
    sender_first_name: string | null;
    sender_last_name: string | null;
    sender_email: string | null;
    first_name: string;
    last_name: string;
    company: string;
    email: string;
  }>`
    select distinct on (r.participant_id)
      u.first_name as sender_first_name, u.last_name as sender_last_name, u.email as sender_email,
      c.first_name, c.last_name, c.company, c.email
    from delivery d
    join delivery_recipient r on r.delivery_id = d.id
    join delivery_file f on f.recipient_id = r.id
    join participant p on p.id = r.participant_id
    join contact c on c.id = p.contact_id
    left join app_user u on u.id = d.sent_by
    join unnest(${wanted.map((w) => w.participantId)}::uuid[], ${wanted.map((w) => w.subId)}::uuid[],
        ${wanted.map((w) => w.fileId)}::uuid[]) as wanted (participant_id, sub_id, file_id)
      on wanted.participant_id = r.participant_id and (wanted.sub_id = f.sub_id or wanted.file_id = f.file_id)
    where d.project_id = ${projectId} and d.status = 'DELIVERING' and r.status in ('PREPARING', 'SUCCESS')`.execute(db);
  return rows.map((r) => ({
    sender: r.sender_email
      ? personName({ firstName: r.sender_first_name ?? '', lastName: r.sender_last_name ?? '', email: r.sender_email })
      : null,
    participant: contactDisplayName({
      firstName: r.first_name,
      lastName: r.last_name,
      company: r.company,
      email: r.email,
    }),
  }));
}

/**
 * The office's newest delivery of the project made within the last `seconds` that sent (or is
 * sending) exactly these files to exactly these participants, no more and no less: a repeat of it
 * is a duplicate unless meant. Recipients that failed or were stopped do not count as sent, and a
 * stopped delivery is no model. Answers who sent it and when.
 */
export async function findSameRecentDelivery(
  db: Db,
  officeId: string,
  projectId: string,
  wanted: readonly { participantId: string; fileId: string }[],
  seconds: number,
) {
  if (wanted.length === 0) return undefined;
  const { rows } = await sql<{
    id: string;
    created_at: Date;
    sender_first_name: string | null;
    sender_last_name: string | null;
    sender_email: string | null;
  }>`
    with wanted as (
      select distinct participant_id, file_id
      from unnest(${wanted.map((w) => w.participantId)}::uuid[], ${wanted.map((w) => w.fileId)}::uuid[])
        as w (participant_id, file_id)
    ), recent as (
      select d.id, d.created_at, d.sent_by from delivery d
      where d.office_id = ${officeId} and d.project_id = ${projectId} and d.status <> 'STOPPED'
        and d.created_at > now() - make_interval(secs => ${seconds})
    ), sent as (
      select distinct r.delivery_id, r.participant_id, f.file_id
      from recent join delivery_recipient r on r.delivery_id = recent.id
      join delivery_file f on f.recipient_id = r.id
      where r.status in ('PREPARING', 'SUCCESS')
    )
    select recent.id, recent.created_at,
      u.first_name as sender_first_name, u.last_name as sender_last_name, u.email as sender_email
    from recent left join app_user u on u.id = recent.sent_by
    where (select count(*) from sent where sent.delivery_id = recent.id) = (select count(*) from wanted)
      and not exists (
        select 1 from wanted where not exists (select 1 from sent where sent.delivery_id = recent.id
          and sent.participant_id = wanted.participant_id and sent.file_id = wanted.file_id))
    order by recent.created_at desc
    limit 1`.execute(db);
  const found = rows[0];
  if (!found) return undefined;
  return {
    id: found.id,
    createdAt: found.created_at,
    sender: found.sender_email
      ? personName({
          firstName: found.sender_first_name ?? '',
          lastName: found.sender_last_name ?? '',
          email: found.sender_email,
        })
      : null,
  };
}

/** The office's delivery with each receiver's outcome; another office's id reads nothing. */
export async function findDeliveryProgress(db: Db, actor: Actor, deliveryId: string) {
  const delivery = await db
    .selectFrom('delivery')
    .select(['id', 'status'])
    .where('id', '=', deliveryId)
    .where('office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, 'delivery.project_id'))
    .executeTakeFirst();
  if (!delivery) return undefined;
  const recipients = await db
    .selectFrom('delivery_recipient')
    .select(['participant_id', 'status', 'sent_at', 'error', 'retry_reason', 'next_attempt_at'])
    .where('delivery_id', '=', delivery.id)
    .orderBy('id')
    .execute();
  return { ...delivery, recipients };
}

/** The office's newest delivery of this project that is still sending, if any (the caller checked the project). */
export const findRunningDeliveryId = (db: Db, officeId: string, projectId: string) =>
  db
    .selectFrom('delivery')
    .select('id')
    .where('project_id', '=', projectId)
    .where('office_id', '=', officeId)
    .where('status', '=', 'DELIVERING')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
