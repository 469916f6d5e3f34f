import { sql, type Kysely } from 'kysely';

/**
 * Returned mail (bounces) for delivery recipients: the worst bounce seen for the recipient's mail
 * ('transient' = delayed, the remote server keeps trying; 'permanent' = not delivered), when it
 * came, the DSN status code and the remote server's diagnostic.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('delivery_recipient')
    .addColumn('bounce_state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`bounce_state in ('none', 'transient', 'permanent')`),
    )
    .addColumn('bounced_at', 'timestamptz')
    .addColumn('bounce_status', 'text')
    .addColumn('bounce_diagnostic', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('delivery_recipient')
    .dropColumn('bounce_state')
    .dropColumn('bounced_at')
    .dropColumn('bounce_status')
    .dropColumn('bounce_diagnostic')
    .execute();
}
