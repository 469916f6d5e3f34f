import { inVisibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import { errors, isWellFormedSecret } from '@plankurier/shared';
import { sha256 } from '../auth/secrets.ts';
import type { Db } from '../../db/index.ts';
import type { DownloadVia } from '../../db/types.ts';
import { fileKindOrder } from '../projects/queries.ts';
import { ofParticipants } from '../deliveries/queries.ts';

/** The current index of the plan joined as `doc` (null while none is current): a download records it. */
const currentIndexOfDoc = sql<
  string | null
>`(select cv.index from version cv where cv.doc_id = doc.id and cv.status = 'current' limit 1)`;

/**
 * The recipient a link token names, only while the link is valid: the mail was accepted (SUCCESS)
 * and the office has not revoked it. Anything else reads as unknown.
 */
const validRecipients = (db: Db) =>
  db
    .selectFrom('delivery_recipient as r')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .innerJoin('project', 'project.id', 'd.project_id')
    .innerJoin('office', 'office.id', 'd.office_id')
    .innerJoin('participant', 'participant.id', 'r.participant_id')
    .innerJoin('contact', 'contact.id', 'participant.contact_id')
    .select([
      'r.id',
      'r.delivery_id',
      'r.participant_id',
      'r.email',
      'r.sent_at',
      'r.receipt_confirmed_at',
      'r.receipt_name',
      'r.receipt_remark',
      'd.receipt_requested',
      'd.office_id',
      'd.project_id',
      'project.number as project_number',
      'project.name as project_name',
      'office.company as office_company',
      'contact.first_name',
      'contact.last_name',
      'contact.company',
      'contact.locale',
      // The office's lifetime counts from the mail's sending or the participant's last renewal.
      sql<boolean>`office.link_lifetime_months is not null and coalesce(r.link_renewed_at, r.sent_at) < now() - make_interval(months => office.link_lifetime_months)`.as(
        'link_expired',
      ),
    ])
    .where('r.status', '=', 'SUCCESS')
    .where('r.revoked_at', 'is', null);

export const findRecipientByTokenHash = (db: Db, tokenHash: Buffer) =>
  validRecipients(db).where('r.download_token_hash', '=', tokenHash).executeTakeFirst();

/** A recipient whose link is valid, by its id (the later delivery a newer index went out with). */
export const findValidRecipientById = (db: Db, recipientId: string) =>
  validRecipients(db).where('r.id', '=', recipientId).executeTakeFirst();

export type RecipientRow = NonNullable<Awaited<ReturnType<typeof findRecipientByTokenHash>>>;

/**
 * The recipient of a link that works: unknown, revoked and not (yet) sent links answer the same 404;
 * one past its office's link lifetime 410 link.expired, so the recipient knows to ask for a new one.
 */
export async function recipientOfLink(db: Db, token: string): Promise<RecipientRow> {
  if (!isWellFormedSecret(token)) throw errors.notFound();
  const recipient = await findRecipientByTokenHash(db, sha256(token));
  if (!recipient) throw errors.notFound();
  if (recipient.link_expired) throw errors.linkExpired();
  return recipient;
}

/**
 * The files sent to a recipient, in plan order, with whether each was downloaded since; a withdrawn
 * plan's (out of its folder: last) with when and by whom it was withdrawn.
 */
export const filesOfRecipient = (db: Db, recipientId: string, fileId?: string) => {
  let query = db
    .selectFrom('delivery_file')
    .innerJoin('file', 'file.id', 'delivery_file.file_id')
    .innerJoin('version', 'version.id', 'file.version_id')
    .innerJoin('doc', 'doc.id', 'file.doc_id')
    .leftJoin('doc_folder', 'doc_folder.id', 'doc.folder_id')
    .leftJoin('phase', 'phase.id', 'doc_folder.phase_id')
    .leftJoin('app_user as withdrawer', 'withdrawer.id', 'doc.withdrawn_by')
    .select([
      'file.id',
      'file.doc_id',
      'file.version_id',
      'file.filename',
      'file.size',
      'file.kind',
      'file.mime_type',
      'file.storage_key',
      'file.sha256',
      'file.sheet_status',
      'file.pdf_pages',
      'doc.number',
      'doc.name',
      'doc.withdrawn_at',
      'withdrawer.first_name as withdrawer_first_name',
      'withdrawer.last_name as withdrawer_last_name',
      'withdrawer.email as withdrawer_email',
      'version.index',
      'version.status as version_status',
      currentIndexOfDoc.as('current_index'),
      sql<boolean>`exists (select 1 from download where download.recipient_id = delivery_file.recipient_id and download.file_id = file.id)`.as(
        'downloaded',
      ),
    ])
    .where('delivery_file.recipient_id', '=', recipientId);
  if (fileId !== undefined) query = query.where('file.id', '=', fileId);
  return query
    .orderBy('phase.sort_order')
    .orderBy('doc_folder.sort_order')
    .orderBy('doc.sort_order')
    .orderBy(fileKindOrder)
    .orderBy('file.filename')
    .execute();
};

export type RecipientFileRow = Awaited<ReturnType<typeof filesOfRecipient>>[number];

/**
 * The current files of these plans that later mails of the office carried to the same participant
 * (sent, link not revoked), newest mail first: an old link names the newer index and opens it.
 */
export const currentFilesSentToParticipant = (db: Db, participantId: string, docIds: readonly string[]) =>
  docIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('delivery_file')
        .innerJoin('delivery_recipient as r', 'r.id', 'delivery_file.recipient_id')
        .innerJoin('file', 'file.id', 'delivery_file.file_id')
        .innerJoin('version', 'version.id', 'file.version_id')
        .select(['file.id', 'file.doc_id', 'file.kind', 'r.id as recipient_id', 'r.sent_at'])
        .where('r.participant_id', '=', participantId)
        .where('r.status', '=', 'SUCCESS')
        .where('r.revoked_at', 'is', null)
        .where('version.status', '=', 'current')
        .where('file.doc_id', 'in', docIds)
        .orderBy('r.sent_at', 'desc')
        .execute();

export const insertTicket = (
  db: Db,
  row: { ticketHash: Buffer; recipientId: string; fileId: string | null; ttlSeconds: number },
) =>
  db
    .insertInto('download_ticket')
    .values({
      ticket_hash: row.ticketHash,
      recipient_id: row.recipientId,
      file_id: row.fileId,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
    })
    .execute();

export const deleteStaleTickets = (db: Db) =>
  db
    .deleteFrom('download_ticket')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();

/** Marks the ticket used in the same statement that checks it, so two requests cannot both use it. */
export const useTicket = (db: Db, ticketHash: Buffer, recipientId: string) =>
  db
    .updateTable('download_ticket')
    .set({ used_at: sql<Date>`now()` })
    .where('ticket_hash', '=', ticketHash)
    .where('recipient_id', '=', recipientId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['file_id'])
    .executeTakeFirst();

/** A HEAD asks whether the ticket would work without using it. */
export const peekTicket = (db: Db, ticketHash: Buffer, recipientId: string) =>
  db
    .selectFrom('download_ticket')
    .select(['file_id'])
    .where('ticket_hash', '=', ticketHash)
    .where('recipient_id', '=', recipientId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();

export const insertDownloads = (db: Db, recipientId: string, fileIds: readonly string[], via: DownloadVia) =>
  fileIds.length === 0
    ? Promise.resolve([])
    : db
        .insertInto('download')
        .values(fileIds.map((fileId) => ({ recipient_id: recipientId, file_id: fileId, via })))
        .returning(['id'])
        .execute();

/** The office's own recipient: revoking another office's answers nothing. */
export const revokeRecipient = (db: Db, actor: Actor, recipientId: string) =>
  db
    .updateTable('delivery_recipient')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', recipientId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('delivery')
          .select('delivery.id')
          .whereRef('delivery.id', '=', 'delivery_recipient.delivery_id')
          .where('delivery.office_id', '=', actor.officeId)
          .where(inVisibleProject(actor, 'delivery.project_id')),
      ),
    )
    .returning([
      'id',
      'delivery_id',
      sql<string>`(select project_id from delivery where delivery.id = delivery_recipient.delivery_id)`.as(
        'project_id',
      ),
    ])
    .executeTakeFirst();

/** Files downloaded per participant of a project, from any of their delivery links. */
export const downloadedFileRows = (db: Db, projectId: string, participantIds?: readonly string[]) =>
  db
    .selectFrom('download')
    .innerJoin('delivery_recipient as r', 'r.id', 'download.recipient_id')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .select(['r.participant_id', 'download.file_id'])
    .distinct()
    .where('d.project_id', '=', projectId)
    .where(ofParticipants(participantIds))
    .execute();

/** A file with its plan and version as a download event records them (the caller found the file already). */
export const downloadedFileFacts = (db: Db, fileId: string) =>
  db
    .selectFrom('file')
    .innerJoin('version', 'version.id', 'file.version_id')
    .innerJoin('doc', 'doc.id', 'file.doc_id')
    .select([
      'file.id',
      'file.doc_id',
      'file.version_id',
      'file.filename',
      'file.kind',
      'doc.number',
      'doc.name',
      'version.index',
      'version.status as version_status',
      currentIndexOfDoc.as('current_index'),
    ])
    .where('file.id', '=', fileId)
    .executeTakeFirst();

/** Marks an office download link as recorded, once: the first full download through it counts. */
export const markOfficeDownloadRecorded = (db: Db, tokenHash: Buffer) =>
  db
    .updateTable('download_token')
    .set({ recorded_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('recorded_at', 'is', null)
    .returning(['office_id', 'user_id'])
    .executeTakeFirst();
