import { sql, type Kysely } from 'kysely';

/** Deliveries by e-mail: one row per send action, one per recipient, and the files each recipient gets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delivery')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('send_to_bcc', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('include_subscriberlist_for_docs', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('DELIVERING', 'DONE', 'STOPPED', 'ERROR')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('delivery_project_idx').on('delivery').columns(['project_id', 'status']).execute();

  await db.schema
    .createTable('delivery_recipient')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('delivery_id', 'uuid', (c) => c.notNull().references('delivery.id').onDelete('cascade'))
    .addColumn('participant_id', 'uuid', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('PREPARING', 'SUCCESS', 'FAILED', 'NOTHING', 'STOPPED')`),
    )
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('envelope_token', 'text', (c) => c.notNull().unique())
    .addColumn('download_token_hash', 'bytea', (c) => c.unique())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .addUniqueConstraint('delivery_recipient_participant_key', ['delivery_id', 'participant_id'])
    .execute();
  await db.schema
    .createIndex('delivery_recipient_participant_idx')
    .on('delivery_recipient')
    .column('participant_id')
    .execute();

  await db.schema
    .createTable('delivery_file')
    .addColumn('recipient_id', 'uuid', (c) => c.notNull().references('delivery_recipient.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('file.id').onDelete('cascade'))
    .addColumn('sub_id', 'uuid', (c) => c.references('subscription.id').onDelete('set null'))
    .addPrimaryKeyConstraint('delivery_file_pkey', ['recipient_id', 'file_id'])
    .execute();
  await db.schema.createIndex('delivery_file_file_idx').on('delivery_file').column('file_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['delivery_file', 'delivery_recipient', 'delivery']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
