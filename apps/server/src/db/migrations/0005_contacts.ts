import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_import')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('RUNNING', 'FINISHED', 'FAILED')`))
    .addColumn('failure', 'text')
    .addColumn('total_lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duplicates', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invalid', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('finalised', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('contact_import_owner_idx')
    .on('contact_import')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('contact')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('needs_pdf', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('needs_tec', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('validation_state', 'text', (c) =>
      c.check(sql`validation_state in ('VALIDATION_PENDING', 'VALIDATION_SUCCESS', 'VALIDATION_FAILED')`),
    )
    .addColumn('import_id', 'uuid', (c) => c.references('contact_import.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index contact_email_key on contact (owner_id, lower(email))`.execute(db);
  await sql`create index contact_last_name_idx on contact (owner_id, lower(last_name))`.execute(db);

  await db.schema
    .createTable('contact_code')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contact.id').onDelete('cascade'))
    .addColumn('code_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['contact_code', 'contact', 'contact_import'])
    await db.schema.dropTable(table).ifExists().execute();
}
