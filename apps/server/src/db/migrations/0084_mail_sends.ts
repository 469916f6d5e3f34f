import { sql, type Kysely } from 'kysely';

/**
 * Mail abuse protections (issue 36): every mail an office sends to someone else is counted here at
 * the moment it is asked for, in the same transaction, so per-office and installation-wide limits
 * hold across server processes, a contact's confirmation mail has a cooldown, and a FREE office's
 * recipients over a period can be counted (its participant limit cannot be dodged by swapping
 * contacts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_send')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('office_id', 'uuid', (c) => c.notNull().references('office.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // Lower-cased address.
    .addColumn('recipient', 'text', (c) => c.notNull())
    // The contact of a confirmation mail (its cooldown); null for other kinds.
    .addColumn('contact_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('mail_send_office_idx').on('mail_send').columns(['office_id', 'created_at']).execute();
  await db.schema.createIndex('mail_send_created_idx').on('mail_send').column('created_at').execute();
  await db.schema
    .createIndex('mail_send_contact_idx')
    .on('mail_send')
    .columns(['contact_id', 'created_at'])
    .where(sql.ref('contact_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_send').ifExists().execute();
}
