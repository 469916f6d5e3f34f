import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pgcrypto`.execute(db);
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bcc_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reply_to_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('locale', 'text', (c) =>
      c
        .notNull()
        .defaultTo('de')
        .check(sql`locale in ('de', 'en')`),
    )
    .addColumn('validated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tier', 'text', (c) =>
      c
        .notNull()
        .defaultTo('FREE')
        .check(sql`tier in ('FREE', 'P1', 'P2')`),
    )
    .addColumn('buy_period', 'text', (c) => c.check(sql`buy_period in ('MONTH', 'YEAR')`))
    .addColumn('auto_renew_buy', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qr_defaults', 'jsonb', (c) => c.notNull())
    .addColumn('onboarding_muted', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_beta_tester', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index app_user_email_key on app_user (lower(email))`.execute(db);

  await db.schema
    .createTable('session_token')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('session_token_user_idx').on('session_token').column('user_id').execute();

  await db.schema
    .createTable('user_code')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('validate', 'reset')`))
    .addColumn('code_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('user_code_user_idx').on('user_code').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  // socket.io Postgres adapter: events reach the sockets of every server process.
  await sql`create table if not exists socket_io_attachments (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['socket_io_attachments', 'rate_limit', 'user_code', 'session_token', 'app_user']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
