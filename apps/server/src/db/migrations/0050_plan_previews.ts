import { sql, type Kysely } from 'kysely';

/**
 * Plan previews (issue 20): every PDF, DWG and DXF gets a thumbnail, and a drawing its scene for
 * the viewer, made by the `plan-preview` job after the upload. `preview_status` is null for files
 * without one (other formats, add-ons), else pending, ready or failed (a file that cannot be drawn:
 * the screens show a placeholder). Files uploaded before are pending and made when a worker starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('file')
    .addColumn('preview_status', 'text', (col) => col.check(sql`preview_status in ('pending', 'ready', 'failed')`))
    .addColumn('thumbnail_key', 'text')
    .addColumn('scene_key', 'text')
    .execute();
  await sql`update file set preview_status = 'pending' where kind in ('pdf', 'dwg', 'dxf')`.execute(db);
  await sql`create index file_preview_pending on file (uploaded_at) where preview_status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists file_preview_pending`.execute(db);
  await db.schema
    .alterTable('file')
    .dropColumn('preview_status')
    .dropColumn('thumbnail_key')
    .dropColumn('scene_key')
    .execute();
}
