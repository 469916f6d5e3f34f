import { sql, type Kysely } from 'kysely';

/**
 * Invoices as § 14 UStG wants them (issue 35): the office's VAT ID belongs to its billing address
 * (an EU business customer abroad is billed by reverse charge), an invoice records whether it was,
 * and when its confirmation mail with the PDF went to the office, so a job run twice mails once.
 * Invoices issued before keep their snapshot: no VAT ID, German VAT, never mailed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('office')
    .addColumn('vat_id', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .execute();
  await db.schema
    .alterTable('invoice')
    .addColumn('reverse_charge', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mailed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoice').dropColumn('mailed_at').dropColumn('reverse_charge').execute();
  await db.schema.alterTable('office').dropColumn('vat_id').execute();
}
