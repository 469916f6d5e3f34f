import { sql, type Kysely } from 'kysely';

/**
 * A recipient whose mail waits for another attempt says why and when (issue 35): the relay could
 * not be used ('relay_unreachable': down, hanging, refusing, wrong login) or it deferred this mail
 * ('deferred': a 4xx for the address or message). Cleared when the mail is sent or given up on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('delivery_recipient')
    .addColumn('retry_reason', 'text', (c) => c.check(sql`retry_reason in ('relay_unreachable', 'deferred')`))
    .addColumn('next_attempt_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delivery_recipient').dropColumn('next_attempt_at').dropColumn('retry_reason').execute();
}
