import { sql, type Kysely } from 'kysely';

/** Tiers, buys and invoices: buys decide the account's tier; invoices are numbered by one counter row. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('buy')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('P1', 'P2')`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('MONTH', 'YEAR')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ACTIVE', 'UPGRADED', 'RENEWED', 'EXPIRED')`))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_period_at', 'timestamptz', (c) => c.notNull())
    .addColumn('auto_renew_buy', 'boolean', (c) => c.notNull())
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one running buy per account: concurrent purchases cannot both win.
  await sql`create unique index buy_one_active_idx on buy (owner_id) where status = 'ACTIVE'`.execute(db);
  await sql`create index buy_due_idx on buy (end_period_at) where status = 'ACTIVE'`.execute(db);

  // One row; incremented inside the purchase's transaction, so a rolled-back purchase leaves no gap.
  await db.schema
    .createTable('invoice_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into invoice_counter (id, last_number) values (1, 0)`.execute(db);

  await db.schema
    .createTable('invoice')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('buy_id', 'uuid', (c) => c.notNull().references('buy.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('OPEN', 'PAID')`))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('price_net', 'integer', (c) => c.notNull())
    .addColumn('credit_net', 'integer', (c) => c.notNull())
    .addColumn('credit_days', 'integer', (c) => c.notNull())
    .addColumn('credit_plan_code', 'text')
    .addColumn('net', 'integer', (c) => c.notNull())
    .addColumn('vat', 'integer', (c) => c.notNull())
    .addColumn('gross', 'integer', (c) => c.notNull())
    .addColumn('vat_percent', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    // Snapshots: an invoice keeps the addresses it was issued with.
    .addColumn('seller', 'jsonb', (c) => c.notNull())
    .addColumn('buyer', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_owner_idx').on('invoice').columns(['owner_id', 'seq']).execute();

  await db.schema
    .createTable('invoice_download_token')
    .addColumn('token_hash', 'bytea', (c) => c.primaryKey())
    .addColumn('invoice_id', 'uuid', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invoice_download_token', 'invoice', 'invoice_counter', 'buy']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
