import { sql, type Kysely } from 'kysely';

/** Short-lived links for browser downloads (a navigation cannot send the Bearer header). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('download_token')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('file.id').onDelete('cascade'))
    .addColumn('office_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('download_token_expires_idx').on('download_token').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_token').ifExists().execute();
}
