import { sql, type Kysely } from 'kysely';

/**
 * What an import recognised in its file (format, encoding, columns, lines in another encoding),
 * and when a contact was last edited by hand: taking an import back keeps contacts edited since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_import').addColumn('details', 'jsonb').execute();
  await db.schema.alterTable('contact').addColumn('edited_at', 'timestamptz').execute();
  // Contacts changed before this column existed count as edited.
  await sql`update contact set edited_at = updated_at where updated_at > created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact').dropColumn('edited_at').execute();
  await db.schema.alterTable('contact_import').dropColumn('details').execute();
}
