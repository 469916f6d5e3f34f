import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** Whose record: one participant's mails, or every mail that carried one plan. */
export type TransmittalScope = { participantId: string } | { docId: string };

/** A uuid in text: the cast of anything else would fail the whole query. */
const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const mailsOfScope = (scope: TransmittalScope) =>
  'participantId' in scope
    ? sql<boolean>`e.data->>'participantId' = ${scope.participantId}`
    : sql<boolean>`e.data->'docs' @> ${JSON.stringify([{ docId: scope.docId }])}::jsonb`;

/**
 * The sent mails of the scope, oldest first, from their timeline events: they keep the recipient,
 * the plans and indexes, the bounce and the confirmation even when the participant was removed.
 * The recipient row, while it exists, adds whether the link was revoked. The project is the
 * office's: the caller checked it.
 */
export const transmittalMails = (db: Db, projectId: string, scope: TransmittalScope) =>
  db
    .selectFrom('timeline_event as e')
    .leftJoin('app_user as sender', 'sender.id', 'e.actor_id')
    .leftJoin('delivery_recipient as r', (join) =>
      join.on(
        sql<boolean>`r.id = case when e.data->>'recipientId' ~* ${UUID_PATTERN} then (e.data->>'recipientId')::uuid end`,
      ),
    )
    .select([
      'e.id',
      'e.created_at',
      'e.data',
      sql<string>`trim(coalesce(sender.first_name, '') || ' ' || coalesce(sender.last_name, ''))`.as('sender_name'),
      'sender.email as sender_email',
      'r.revoked_at',
    ])
    .where('e.project_id', '=', projectId)
    .where('e.kind', '=', 'delivery.sent')
    .where(mailsOfScope(scope))
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();

export type TransmittalMailRow = Awaited<ReturnType<typeof transmittalMails>>[number];

/** How often each mail's recipient was reminded to confirm. */
export const transmittalReminders = (db: Db, projectId: string, recipientIds: readonly string[]) =>
  recipientIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('timeline_event as e')
        .select([sql<string>`e.data->>'recipientId'`.as('recipient_id'), sql<string>`count(*)`.as('count')])
        .where('e.project_id', '=', projectId)
        .where('e.kind', '=', 'receipt.reminded')
        .where(sql<boolean>`e.data->>'recipientId' = any(${recipientIds}::text[])`)
        .groupBy(sql`e.data->>'recipientId'`)
        .execute();

/**
 * Mails of the scope that never went out: refused by the mail server for good, or stopped before
 * they were sent. They have no e-mail event; their recipient rows name them (while the participant
 * is in the project).
 */
export const transmittalUnsent = (db: Db, projectId: string, scope: TransmittalScope) => {
  let query = db
    .selectFrom('delivery_recipient as r')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .innerJoin('delivery_file as f', 'f.recipient_id', 'r.id')
    .innerJoin('file', 'file.id', 'f.file_id')
    .innerJoin('version', 'version.id', 'file.version_id')
    .innerJoin('doc', 'doc.id', 'file.doc_id')
    .innerJoin('participant', 'participant.id', 'r.participant_id')
    .innerJoin('contact', 'contact.id', 'participant.contact_id')
    .leftJoin('app_user as sender', 'sender.id', 'd.sent_by')
    .select([
      'r.id as recipient_id',
      'r.status',
      'r.error',
      'r.email',
      'r.participant_id',
      'd.created_at',
      'contact.first_name',
      'contact.last_name',
      'contact.company',
      'doc.id as doc_id',
      'doc.number',
      'doc.name',
      'version.index',
      'file.kind',
      'file.filename',
      sql<string>`trim(coalesce(sender.first_name, '') || ' ' || coalesce(sender.last_name, ''))`.as('sender_name'),
      'sender.email as sender_email',
    ])
    .where('d.project_id', '=', projectId)
    .where('r.status', 'in', ['FAILED', 'STOPPED']);
  query =
    'participantId' in scope
      ? query.where('r.participant_id', '=', scope.participantId)
      : query.where('doc.id', '=', scope.docId);
  return query.orderBy('d.created_at').orderBy('doc.sort_order').execute();
};

export type TransmittalUnsentRow = Awaited<ReturnType<typeof transmittalUnsent>>[number];

/** The plan a plan's record is about (number and name), in the office's project. */
export const transmittalDoc = (db: Db, projectId: string, docId: string) =>
  db
    .selectFrom('doc')
    .select(['id', 'number', 'name'])
    .where('id', '=', docId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
