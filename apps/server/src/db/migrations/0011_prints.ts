import { sql, type Kysely } from 'kysely';

/** Print jobs (plan list, participant list, timeline PDFs) and their short-lived download tokens. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('print')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('PLANLIST', 'PARTICIPANTLIST', 'TIMELINE')`))
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('RUNNING')
        .check(sql`status in ('RUNNING', 'FINISHED', 'FAILED')`),
    )
    .addColumn('number_of_pages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('number_of_pages_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('size', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('print_owner_idx').on('print').column('owner_id').execute();
  await db.schema.createIndex('print_expires_idx').on('print').column('expires_at').execute();

  await db.schema
    .createTable('print_download_token')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('print_id', 'uuid', (c) => c.notNull().references('print.id').onDelete('cascade'))
    .addColumn('office_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('print_download_token_expires_idx')
    .on('print_download_token')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_download_token').ifExists().execute();
  await db.schema.dropTable('print').ifExists().execute();
}
