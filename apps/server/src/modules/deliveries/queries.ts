import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { DeliveryStatus, FileKind } from '../../db/types.ts';

/** What the e-mail and the rules need of the office. */
export const findOffice = (db: Db, officeId: string) =>
  db
    .selectFrom('app_user')
    .select(['id', 'company', 'locale', 'reply_to_email', 'bcc_email'])
    .where('id', '=', officeId)
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
          'file.version_id',
          'doc.id as doc_id',
          'doc.number',
          'doc.name',
          'version.index',
          'version.release_date',
        ])
        .where('file.project_id', '=', projectId)
        .where(sql<boolean>`file.id = any(${fileIds}::uuid[])`)
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

/**
 * Arms a recipient still PREPARING for sending and reads what its mail needs, in one statement:
 * stores the hash of the link token and answers the row with its delivery, project, contact and
 * file ids. No row when the recipient is gone or no longer PREPARING (sent, failed, stopped): the
 * update waits for a concurrent stop and then finds the row STOPPED. No office scope: the job
 * names the row it made.
 */
export const armRecipientForSending = (db: Db, recipientId: string, tokenHash: Buffer) =>
  sql<{
    id: string;
    delivery_id: string;
    participant_id: string;
    email: string;
    message_id: string;
    envelope_token: string;
    owner_id: string;
    project_id: string;
    subject: string;
    user_message: string;
    send_to_bcc: boolean;
    include_subscriberlist_for_docs: string[];
    project_number: string;
    project_name: string;
    first_name: string;
    last_name: string;
    company: string;
    file_ids: string[];
  }>`update delivery_recipient r set download_token_hash = ${tokenHash}
    from delivery d, project, participant, contact
    where r.id = ${recipientId} and r.status = 'PREPARING'
      and d.id = r.delivery_id and project.id = d.project_id
      and participant.id = r.participant_id and contact.id = participant.contact_id
    returning r.id, r.delivery_id, r.participant_id, r.email, r.message_id, r.envelope_token,
      d.owner_id, d.project_id, d.subject, d.user_message, d.send_to_bcc, d.include_subscriberlist_for_docs,
      project.number as project_number, project.name as project_name,
      contact.first_name, contact.last_name, contact.company,
      array(select file_id from delivery_file where recipient_id = r.id) as file_ids`
    .execute(db)
    .then((result) => result.rows[0]);

/**
 * Records an accepted mail in one statement: the recipient SUCCESS (also from STOPPED: the stop
 * came while the mail was on its way, and it did go out), the first delivery of each file (it
 * locks its version's index and number) and the timeline event. Nothing when the row was already
 * recorded (a second run of the same job), so the timeline does not list the mail twice.
 */
export const recordMailSent = (
  db: Db,
  recipient: { id: string; project_id: string; owner_id: string },
  fileIds: readonly string[],
  timelineData: string,
) =>
  sql`with sent as (
      update delivery_recipient set status = 'SUCCESS', sent_at = now(), error = null
      where id = ${recipient.id} and status in ('PREPARING', 'STOPPED')
      returning id
    ), first_delivered as (
      update file set delivered_at = now()
      where id = any(${fileIds}::uuid[]) and delivered_at is null and exists (select 1 from sent)
    )
    insert into timeline_event (project_id, actor_id, event_type, kind, data)
    select ${recipient.project_id}, ${recipient.owner_id}, 'EMAIL', 'delivery.sent', ${timelineData}::jsonb from sent`.execute(
    db,
  );

/** Records a mail given up on (permanent refusal, or the last attempt of a transient one). */
export const recordMailFailed = (db: Db, recipientId: string, error: string) =>
  db
    .updateTable('delivery_recipient')
    .set({ status: 'FAILED', error: error.slice(0, 2000) })
    .where('id', '=', recipientId)
    .where('status', 'in', ['PREPARING', 'STOPPED'])
    .execute();

/**
 * The delivery ends once no recipient is PREPARING any more: ERROR when no mail went out and at
 * least one failed for good (every recipient to be sent was refused), else DONE.
 *
 * Runs as its own statement after the recipient's change committed, so it needs no lock: of two
 * last recipients finishing at once, the one whose change committed later checks in a snapshot
 * that sees the other's change too (read committed: a snapshot per statement), and a second
 * finisher finds the delivery no longer DELIVERING. A process that dies between the two statements
 * leaves its job unfinished; the retry finds the recipient recorded and runs this check.
 */
export async function finishDeliveryIfComplete(db: Db, deliveryId: string): Promise<void> {
  await db
    .updateTable('delivery')
    .set({
      status: sql<DeliveryStatus>`case when exists (
        select 1 from delivery_recipient where delivery_id = ${deliveryId} and status in ('SUCCESS', 'STOPPED')
      ) or not exists (
        select 1 from delivery_recipient where delivery_id = ${deliveryId} and status = 'FAILED'
      ) then 'DONE' else 'ERROR' end`,
      finished_at: sql<Date>`now()`,
    })
    .where('id', '=', deliveryId)
    .where('status', '=', 'DELIVERING')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('delivery_recipient')
            .select('id')
            .where('delivery_id', '=', deliveryId)
            .where('status', '=', 'PREPARING'),
        ),
      ),
    )
    .execute();
}

/** The finish check for a job whose recipient is no longer PREPARING (see finishDeliveryIfComplete). */
export async function finishDeliveryOfRecipient(db: Db, recipientId: string): Promise<void> {
  const row = await db
    .selectFrom('delivery_recipient')
    .select('delivery_id')
    .where('id', '=', recipientId)
    .executeTakeFirst();
  if (row) await finishDeliveryIfComplete(db, row.delivery_id);
}

/**
 * Files sent per participant of a project: only messages the SMTP server accepted count, and of
 * those not the ones that came back for good (a permanent bounce): their files turn RED again.
 */
export const sentFileRows = (db: Db, projectId: string) =>
  db
    .selectFrom('delivery_file')
    .innerJoin('delivery_recipient as r', 'r.id', 'delivery_file.recipient_id')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .select(['r.participant_id', 'delivery_file.file_id'])
    .where('d.project_id', '=', projectId)
    .where('r.status', '=', 'SUCCESS')
    .where('r.bounce_state', '!=', 'permanent')
    .execute();
