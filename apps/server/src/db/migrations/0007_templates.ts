import { sql, type Kysely } from 'kysely';

/** The office's message templates (cover messages of deliveries), unique by type and title ignoring case. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('template')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('DELIVERY'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index template_title_key on template (owner_id, type, lower(title))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('template').ifExists().execute();
}
