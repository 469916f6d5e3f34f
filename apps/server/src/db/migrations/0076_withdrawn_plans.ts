import { sql, type Kysely } from 'kysely';

/**
 * Withdrawn plans (issue 35): a plan deleted after its files were sent keeps its row, versions and
 * files for its recipients' pages and the records, marked withdrawn (when, by whom). It leaves its
 * folder, so that no list of the office holds it and the folder can go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('doc')
    .addColumn('withdrawn_at', 'timestamptz')
    .addColumn('withdrawn_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('doc')
    .alterColumn('folder_id', (c) => c.dropNotNull())
    .execute();
  await sql`alter table doc add constraint doc_in_folder_unless_withdrawn
    check (folder_id is not null or withdrawn_at is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from doc where withdrawn_at is not null`.execute(db);
  await sql`alter table doc drop constraint doc_in_folder_unless_withdrawn`.execute(db);
  await db.schema
    .alterTable('doc')
    .alterColumn('folder_id', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('doc').dropColumn('withdrawn_by').dropColumn('withdrawn_at').execute();
}
