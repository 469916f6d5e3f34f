import { sql, type Kysely } from 'kysely';

/**
 * tus uploads in progress: who started them for which version and kind, so the upload rules see
 * "uploading" across server processes and HEAD/PATCH/DELETE are scoped to the office.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('office_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('version_id', 'uuid', (c) => c.notNull().references('version.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pdf', 'dwg', 'dxf', 'addon')`))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('uploading')
        .check(sql`state in ('uploading', 'finishing', 'finished')`),
    )
    .addColumn('file_id', 'uuid', (c) => c.references('file.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('active_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('upload_version_idx').on('upload').column('version_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload').ifExists().execute();
}
