import { sql, type Kysely } from 'kysely';

/** Tables whose rows belong to the office (the tenant); their `owner_id` pointed at the account. */
const OFFICE_TABLES = [
  'project',
  'contact_import',
  'contact',
  'role',
  'template',
  'delivery',
  'print',
  'archive',
  'buy',
  'invoice',
] as const;

/** Tables that already named the account `office_id`; their key now points at the office. */
const OFFICE_ID_TABLES = ['download_token', 'upload', 'print_download_token'] as const;

/** Rows whose name or number two members may edit at once: a revision makes a stale edit visible. */
const REVISED_TABLES = [
  'project',
  'phase',
  'doc_folder',
  'participant_folder',
  'doc',
  'version',
  'contact',
  'role',
] as const;

/**
 * Teams: the office (tenant) is separated from the person. Every existing account becomes an office
 * with the same id and that person as its owner, so every id a client knows stays valid and every
 * row keeps its owner. Company, billing address and subscription move to the office.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('office')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tier', 'text', (c) =>
      c
        .notNull()
        .defaultTo('FREE')
        .check(sql`tier in ('FREE', 'P1', 'P2')`),
    )
    .addColumn('buy_period', 'text', (c) => c.check(sql`buy_period in ('MONTH', 'YEAR')`))
    .addColumn('auto_renew_buy', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into office (id, company, street_name, street_number, city_code, city_name, tier, buy_period,
      auto_renew_buy, discount_percent, created_at, updated_at)
    select id, company, street_name, street_number, city_code, city_name, tier, buy_period,
      auto_renew_buy, discount_percent, created_at, updated_at
    from app_user`.execute(db);

  await db.schema
    .createTable('office_member')
    .addColumn('office_id', 'uuid', (c) => c.notNull().references('office.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('office_member_pkey', ['office_id', 'user_id'])
    .execute();
  await db.schema.createIndex('office_member_user_idx').on('office_member').column('user_id').execute();
  await sql`insert into office_member (office_id, user_id, role, created_at)
    select id, id, 'owner', created_at from app_user`.execute(db);

  // Members (role 'member') see only the projects they were added to; owners and admins see all.
  await db.schema
    .createTable('project_member')
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('added_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_member_pkey', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_member_user_idx').on('project_member').column('user_id').execute();

  // "Aktuell" in the dashboard is each person's own: when they last opened a project.
  await db.schema
    .createTable('project_visit')
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_visit_pkey', ['user_id', 'project_id'])
    .execute();
  await sql`insert into project_visit (project_id, user_id, opened_at)
    select id, owner_id, opened_at from project where opened_at is not null`.execute(db);
  await db.schema.alterTable('project').dropColumn('opened_at').execute();

  await db.schema
    .createTable('invitation')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('office_id', 'uuid', (c) => c.notNull().references('office.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    // Set by the mail job when it mails the link (the secret never sits in the job table).
    .addColumn('token_hash', 'bytea', (c) => c.unique())
    .addColumn('invited_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('withdrawn_at', 'timestamptz')
    .execute();
  // One open invitation per address and office: inviting again resends it.
  await sql`create unique index invitation_open_key on invitation (office_id, lower(email))
    where accepted_at is null and withdrawn_at is null`.execute(db);

  for (const table of OFFICE_TABLES) {
    await sql`alter table ${sql.table(table)} rename column owner_id to office_id`.execute(db);
    await repointToOffice(db, table);
  }
  for (const table of OFFICE_ID_TABLES) await repointToOffice(db, table);

  // A session works in one office at a time (switched in the nav bar); the person's last office is
  // where the next sign-in lands.
  await db.schema
    .alterTable('session_token')
    .addColumn('office_id', 'uuid', (c) => c.references('office.id').onDelete('cascade'))
    .execute();
  await sql`update session_token set office_id = user_id`.execute(db);
  await db.schema
    .alterTable('app_user')
    .addColumn('last_office_id', 'uuid', (c) => c.references('office.id').onDelete('set null'))
    .execute();
  await sql`update app_user set last_office_id = id`.execute(db);
  for (const column of [
    'company',
    'street_name',
    'street_number',
    'city_code',
    'city_name',
    'tier',
    'buy_period',
    'auto_renew_buy',
    'discount_percent',
  ]) {
    await db.schema.alterTable('app_user').dropColumn(column).execute();
  }

  // Who did what: the acting person of deliveries, prints, archives, shipments and links.
  for (const [table, column] of [
    ['delivery', 'sent_by'],
    ['print', 'created_by'],
    ['archive', 'created_by'],
    ['shipment', 'created_by'],
    ['download_token', 'user_id'],
    ['print_download_token', 'user_id'],
    ['archive_download_token', 'user_id'],
    ['invoice_download_token', 'user_id'],
  ] as const) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
      .execute();
  }
  await sql`update delivery set sent_by = office_id`.execute(db);
  await sql`update print set created_by = office_id`.execute(db);
  await sql`update archive set created_by = office_id`.execute(db);
  await sql`update shipment set created_by = project.office_id from project where project.id = shipment.project_id`.execute(
    db,
  );
  await sql`update download_token set user_id = office_id`.execute(db);
  await sql`update print_download_token set user_id = office_id`.execute(db);
  await sql`update archive_download_token set user_id = archive.office_id
    from archive where archive.id = archive_download_token.archive_id`.execute(db);

  // A client's retry of the same send (same key) makes one delivery.
  await db.schema.alterTable('delivery').addColumn('request_key', 'text').execute();
  await sql`create unique index delivery_request_key on delivery (office_id, request_key)
    where request_key is not null`.execute(db);

  for (const table of REVISED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
      .execute();
  }
}

/** Drops the table's foreign key to app_user on office_id and points it at the office instead. */
async function repointToOffice(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    select c.conname from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.conrelid = ${table}::regclass and c.contype = 'f' and a.attname = 'office_id'`.execute(db);
  for (const { conname } of rows) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(conname)}`.execute(db);
  }
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_office_id_fkey`)}
    foreign key (office_id) references office (id) on delete cascade`.execute(db);
}
