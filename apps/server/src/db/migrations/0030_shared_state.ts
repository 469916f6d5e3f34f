import { sql, type Kysely } from 'kysely';

/**
 * State every process of an installation shares, so that no request needs one machine's disk:
 * the installation's secrets (the QR token key, until now DATA_DIR/qr-secret), the processes that
 * run (each one's PUBLIC_URL and MAIL_FROM, so a process with other ones is refused) and the
 * long jobs each one is running (a dead process' jobs are handed to another at once), the next
 * free slot of the installation-wide mail rate limit, and where an uploaded contact file waits for
 * its import job (storage, not the receiving process's disk).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('installation_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('server_process')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('public_url', 'text', (c) => c.notNull())
    .addColumn('mail_from', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('running_job')
    .addColumn('job_id', 'uuid', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('process_id', 'uuid', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('send_rate')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_slot', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('contact_import').addColumn('storage_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_import').dropColumn('storage_key').execute();
  await db.schema.dropTable('send_rate').execute();
  await db.schema.dropTable('running_job').execute();
  await db.schema.dropTable('server_process').execute();
  await db.schema.dropTable('installation_secret').execute();
}
