import { sql, type Kysely } from 'kysely';

/**
 * Recipient links may end (issue 36): an office may give its links a lifetime in months (null: they
 * never end). A link's age counts from its mail's sending, or from when the office last renewed the
 * participant's links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('office')
    .addColumn('link_lifetime_months', 'integer', (c) => c.check(sql`link_lifetime_months between 1 and 120`))
    .execute();
  await db.schema.alterTable('delivery_recipient').addColumn('link_renewed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delivery_recipient').dropColumn('link_renewed_at').execute();
  await db.schema.alterTable('office').dropColumn('link_lifetime_months').execute();
}
