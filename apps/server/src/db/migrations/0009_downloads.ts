import { sql, type Kysely } from 'kysely';

/**
 * Downloads by recipients: one row per file fetched from the personal page (singly or in a ZIP),
 * the short-lived single-use tickets that page asks for, and the office's revocation of a link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delivery_recipient').addColumn('revoked_at', 'timestamptz').execute();

  await db.schema
    .createTable('download')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('recipient_id', 'uuid', (c) => c.notNull().references('delivery_recipient.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('file.id').onDelete('cascade'))
    .addColumn('downloaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('single', 'zip')`))
    .execute();
  await db.schema.createIndex('download_recipient_idx').on('download').columns(['recipient_id', 'file_id']).execute();
  await db.schema.createIndex('download_file_idx').on('download').column('file_id').execute();

  await db.schema
    .createTable('download_ticket')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('ticket_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('recipient_id', 'uuid', (c) => c.notNull().references('delivery_recipient.id').onDelete('cascade'))
    /** null: all of the recipient's files as one ZIP. */
    .addColumn('file_id', 'uuid', (c) => c.references('file.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('download_ticket_expires_idx').on('download_ticket').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_ticket').ifExists().execute();
  await db.schema.dropTable('download').ifExists().execute();
  await db.schema.alterTable('delivery_recipient').dropColumn('revoked_at').execute();
}
