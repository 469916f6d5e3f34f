import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database, DeliveryStatus, FileKind } from '../../db/types.ts';

type Tx = Transaction<Database>;

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

/** A recipient with what its worker needs; no office scope: the job names the row it made. */
export const findRecipientForSending = (db: Db, recipientId: string) =>
  db
    .selectFrom('delivery_recipient as r')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .innerJoin('project', 'project.id', 'd.project_id')
    .innerJoin('participant', 'participant.id', 'r.participant_id')
    .innerJoin('contact', 'contact.id', 'participant.contact_id')
    .select([
      'r.id',
      'r.delivery_id',
      'r.participant_id',
      'r.email',
      'r.status',
      'r.message_id',
      'r.envelope_token',
      'd.owner_id',
      'd.project_id',
      'd.subject',
      'd.user_message',
      'd.send_to_bcc',
      'd.include_subscriberlist_for_docs',
      'project.number as project_number',
      'project.name as project_name',
      'contact.first_name',
      'contact.last_name',
      'contact.company',
    ])
    .where('r.id', '=', recipientId)
    .executeTakeFirst();

export const filesOfRecipient = (db: Db, recipientId: string) =>
  db.selectFrom('delivery_file').select(['file_id', 'sub_id']).where('recipient_id', '=', recipientId).execute();

/** Serialises the status changes of one delivery, so the last recipient's change sees all others. */
export const lockDelivery = (tx: Tx, deliveryId: string) =>
  tx.selectFrom('delivery').select('id').where('id', '=', deliveryId).forUpdate().executeTakeFirst();

/**
 * The delivery ends once no recipient is PREPARING any more: ERROR when no mail went out and at
 * least one failed for good (every recipient to be sent was refused), else DONE.
 */
export async function finishDeliveryIfComplete(tx: Tx, deliveryId: string): Promise<void> {
  await tx
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

export const recipientsOfDelivery = (db: Db, deliveryId: string) =>
  db
    .selectFrom('delivery_recipient')
    .select(['participant_id', 'status', 'sent_at', 'error'])
    .where('delivery_id', '=', deliveryId)
    .execute();

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
