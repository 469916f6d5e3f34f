import { sql, type Kysely } from 'kysely';

/**
 * The address of the person who started a delivery: its mails' Reply-To when the office has set
 * none, so a recipient's answer reaches that person instead of the no-reply sender. Deliveries
 * made before keep '' (no Reply-To, as they were sent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('delivery')
    .addColumn('sender_email', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delivery').dropColumn('sender_email').execute();
}
