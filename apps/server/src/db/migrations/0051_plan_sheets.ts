import { sql, type Kysely } from 'kysely';

/**
 * Plan sheets (issue 20): a PDF's first page drawn by the server at screen size, which the viewer
 * shows at once while pdf.js opens the file. Made by the `plan-sheet` job after the thumbnail.
 * `sheet_status` is null for files other than PDFs, else pending, ready or failed (the viewer then
 * waits for pdf.js as before). PDFs uploaded before are pending (failed where their thumbnail
 * could not be drawn either) and made when a worker starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('file')
    .addColumn('sheet_status', 'text', (col) => col.check(sql`sheet_status in ('pending', 'ready', 'failed')`))
    .addColumn('sheet_key', 'text')
    .execute();
  await sql`update file set sheet_status = case when preview_status = 'failed' then 'failed' else 'pending' end
            where kind = 'pdf'`.execute(db);
  await sql`create index file_sheet_pending on file (uploaded_at) where sheet_status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists file_sheet_pending`.execute(db);
  await db.schema.alterTable('file').dropColumn('sheet_status').dropColumn('sheet_key').execute();
}
