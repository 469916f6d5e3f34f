import { sql, type Kysely } from 'kysely';

/**
 * Project archives (ZIP): one row per archive with its job's progress, and the short-lived tokens
 * a browser navigation downloads it with (the download_token table is tied to single files).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('archive')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('pdf_only', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('RUNNING', 'FINISHED', 'FAILED')`))
    .addColumn('files_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_done', 'bigint', (c) => c.notNull().defaultTo(0))
    /** Set only when the ZIP is complete and in storage: a row without it is never served. */
    .addColumn('storage_key', 'text')
    .addColumn('size', 'bigint')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('archive_project_idx').on('archive').column('project_id').execute();
  await db.schema.createIndex('archive_expires_idx').on('archive').column('expires_at').execute();
  // One running archive of each kind per project: a second click does not start a second job.
  await sql`create unique index archive_one_running_idx on archive (project_id, pdf_only) where status = 'RUNNING'`.execute(
    db,
  );

  await db.schema
    .createTable('archive_download_token')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('archive_id', 'uuid', (c) => c.notNull().references('archive.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('archive_download_token_expires_idx')
    .on('archive_download_token')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('archive_download_token').ifExists().execute();
  await db.schema.dropTable('archive').ifExists().execute();
}
