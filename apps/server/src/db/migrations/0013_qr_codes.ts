import { sql, type Kysely } from 'kysely';

/**
 * QR codes on plan PDFs: the public token of each version (only its SHA-256 is kept) and the
 * stamped copies of main PDFs, cached per file and placement so downloads stream a stored object.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('qr_token')
    .addColumn('version_id', 'uuid', (c) => c.primaryKey().references('version.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('qr_stamped_file')
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('file.id').onDelete('cascade'))
    /** SHA-256 of placement, link and stamp layout: another placement is another copy. */
    .addColumn('stamp_key', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('qr_stamped_file_pk', ['file_id', 'stamp_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('qr_stamped_file').ifExists().execute();
  await db.schema.dropTable('qr_token').ifExists().execute();
}
