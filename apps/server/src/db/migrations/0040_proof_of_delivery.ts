import { sql, type Kysely } from 'kysely';

/**
 * Proof of delivery (issue 16).
 * - A delivery may ask its recipients to confirm receipt, with reminders after some days.
 * - Each recipient row keeps its confirmation (once) and its reminders.
 * - An office download link records its download once (`recorded_at`).
 * - Downloads become timeline events ('file.downloaded'), which live as long as the project: a
 *   revoked link or a removed participant (whose recipient rows cascade away) keeps them. Downloads
 *   recorded before this migration are written as such events, marked superseded when the version
 *   had been outdated by then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('delivery')
    .addColumn('receipt_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('receipt_reminder_days', 'smallint', (c) =>
      c.check(sql`receipt_reminder_days is null or receipt_reminder_days between 1 and 30`),
    )
    .execute();
  await db.schema
    .alterTable('delivery_recipient')
    .addColumn('receipt_confirmed_at', 'timestamptz')
    .addColumn('receipt_name', 'text')
    .addColumn('receipt_remark', 'text')
    .addColumn('receipt_reminded_at', 'timestamptz')
    .addColumn('receipt_reminders', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The reminder job looks only at mails that asked and are not confirmed yet.
  await sql`create index delivery_recipient_receipt_due_idx on delivery_recipient (sent_at)
    where receipt_confirmed_at is null and status = 'SUCCESS'`.execute(db);
  await db.schema.alterTable('download_token').addColumn('recorded_at', 'timestamptz').execute();
  // E-mail cards and transmittals find the downloads and confirmations of a mail by its recipient row.
  await sql`create index timeline_event_recipient_idx on timeline_event (project_id, (data->>'recipientId'))
    where kind in ('file.downloaded', 'receipt.confirmed', 'receipt.reminded')`.execute(db);

  // The transmittal record is a print of its own (PDF, or CSV for spreadsheets).
  await sql`alter table print drop constraint print_type_check`.execute(db);
  await sql`alter table print add constraint print_type_check
    check (type in ('PLANLIST', 'PARTICIPANTLIST', 'TIMELINE', 'TRANSMITTAL'))`.execute(db);

  await sql`insert into timeline_event (project_id, actor_id, event_type, kind, doc_id, version_id, file_id, data, created_at)
    select d.project_id, null, 'DOC', 'file.downloaded', file.doc_id, file.version_id, file.id,
      jsonb_build_object(
        'participantId', r.participant_id,
        'participant', coalesce(nullif(trim(concat_ws(' ', nullif(trim(c.first_name), ''), nullif(trim(c.last_name), ''))), ''),
          nullif(trim(c.company), ''), r.email),
        'recipientId', r.id,
        'deliveryId', r.delivery_id,
        'via', dl.via,
        'batch', r.id::text || ':' || dl.via || ':' || extract(epoch from date_trunc('second', dl.downloaded_at))::text,
        'superseded', v.outdated_at is not null and v.outdated_at <= dl.downloaded_at,
        'number', doc.number,
        'name', doc.name,
        'index', v.index,
        'filename', file.filename,
        'format', case file.kind when 'addon' then 'pdf'
          when 'other' then coalesce(lower(substring(file.filename from '\\.([A-Za-z0-9]{1,10})$')), 'file')
          else file.kind end
      ),
      dl.downloaded_at
    from download dl
    join delivery_recipient r on r.id = dl.recipient_id
    join delivery d on d.id = r.delivery_id
    join participant p on p.id = r.participant_id
    join contact c on c.id = p.contact_id
    join file on file.id = dl.file_id
    join version v on v.id = file.version_id
    join doc on doc.id = file.doc_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from timeline_event where kind in ('file.downloaded', 'receipt.confirmed', 'receipt.reminded')`.execute(
    db,
  );
  await sql`drop index if exists timeline_event_recipient_idx`.execute(db);
  await sql`delete from print where type = 'TRANSMITTAL'`.execute(db);
  await sql`alter table print drop constraint print_type_check`.execute(db);
  await sql`alter table print add constraint print_type_check
    check (type in ('PLANLIST', 'PARTICIPANTLIST', 'TIMELINE'))`.execute(db);
  await db.schema.alterTable('download_token').dropColumn('recorded_at').execute();
  await sql`drop index if exists delivery_recipient_receipt_due_idx`.execute(db);
  await db.schema
    .alterTable('delivery_recipient')
    .dropColumn('receipt_confirmed_at')
    .dropColumn('receipt_name')
    .dropColumn('receipt_remark')
    .dropColumn('receipt_reminded_at')
    .dropColumn('receipt_reminders')
    .execute();
  await db.schema.alterTable('delivery').dropColumn('receipt_requested').dropColumn('receipt_reminder_days').execute();
}
