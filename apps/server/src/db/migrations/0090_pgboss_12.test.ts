import { sql } from 'kysely';
import pino from 'pino';
import PgBossV10 from 'pg-boss-v10';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../../test/test-server.ts';
import { createDatabase, type DatabaseHandle, type Db } from '../index.ts';
import { createMigrator, migrateToLatest } from '../migrate.ts';

/**
 * Migration 0090 on a database as pg-boss 10 left it (issue 38): queues with options, and jobs
 * waiting, retrying, active (their process died), completed, failed, cancelled and archived. After
 * the migration pg-boss 12 owns the schema, every job is there with its id, data and state (active
 * ones to run again), and pg-boss 12 runs the waiting ones.
 */

let database: DatabaseHandle;
let db: Db;
let databaseUrl: string;
const ids: Record<string, string> = {};

interface JobRow {
  id: string;
  name: string;
  state: string;
  data: { n: string };
  priority: number;
  retry_limit: number;
}

const jobRows = async () =>
  (await sql<JobRow>`select id, name, state::text, data, priority, retry_limit from pgboss.job`.execute(db)).rows;

beforeAll(async () => {
  databaseUrl = await createTestDatabase({ empty: true });
  database = createDatabase(databaseUrl, pino({ level: 'silent' }));
  db = database.db;
  const { error } = await createMigrator(db).migrateTo('0089_stamp_failures_mail_addresses');
  if (error) throw error;

  const old = new PgBossV10({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false });
  old.on('error', () => undefined);
  await old.start();
  await old.createQueue('delivery-mail', { name: 'delivery-mail', retryLimit: 8, retryDelay: 5, retryBackoff: true });
  await old.createQueue('print', { name: 'print', policy: 'standard', expireInSeconds: 600 });
  const send = async (key: string, queue: string, options: object = {}) => {
    ids[key] = (await old.send(queue, { n: key }, options))!;
  };
  await send('waiting', 'delivery-mail', { priority: 3 });
  await send('later', 'delivery-mail', { startAfter: 3600 });
  await send('active', 'print');
  await send('retrying', 'print', { retryLimit: 2 });
  await send('completed', 'print');
  await send('archived', 'print');
  await send('failed', 'print', { retryLimit: 0 });
  await send('cancelled', 'print');
  // Every print is taken (active); then each ends as its name says, and 'active' stays so.
  expect(await old.fetch('print', { batchSize: 10 })).toHaveLength(6);
  await old.fail('print', ids.retrying!);
  await old.complete('print', [ids.completed!, ids.archived!]);
  await old.fail('print', ids.failed!);
  await old.cancel('print', ids.cancelled!);
  await old.stop({ graceful: false, wait: true });
  // A completed job pg-boss 10 had moved to its archive.
  await sql`insert into pgboss.archive select *, now() from pgboss.job where id = ${ids.archived!}::uuid`.execute(db);
  await sql`delete from pgboss.job where id = ${ids.archived!}::uuid`.execute(db);
  await sql`insert into running_job (job_id, queue, process_id) values (${ids.active!}::uuid, 'print', gen_random_uuid())`.execute(
    db,
  );
  const states = (
    await sql<{ id: string; state: string }>`
    select id, state::text from pgboss.job union all select id, state::text from pgboss.archive`.execute(db)
  ).rows;
  const byId = new Map(states.map((row) => [row.id, row.state]));
  // The old database as the test means it: one job in every state.
  expect(Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, byId.get(id)]))).toEqual({
    waiting: 'created',
    later: 'created',
    active: 'active',
    retrying: 'retry',
    completed: 'completed',
    failed: 'failed',
    cancelled: 'cancelled',
    archived: 'completed',
  });

  await migrateToLatest(db);
});

afterAll(async () => {
  await database?.close();
});

describe('migration 0090: pg-boss 10 to 12', () => {
  test('pg-boss 12 owns the schema and the old one is gone', async () => {
    const version = await sql<{ version: number }>`select version from pgboss.version`.execute(db);
    expect(version.rows[0]!.version).toBeGreaterThan(24);
    const schemas = await sql<{ n: number }>`
      select count(*)::int as n from pg_namespace where nspname = 'pgboss_v10'`.execute(db);
    expect(schemas.rows[0]!.n).toBe(0);
    const queues = await sql<{ name: string; retry_limit: number; retry_backoff: boolean; expire_seconds: number }>`
      select name, retry_limit, retry_backoff, expire_seconds from pgboss.queue order by name`.execute(db);
    expect(queues.rows).toEqual([
      { name: 'delivery-mail', retry_limit: 8, retry_backoff: true, expire_seconds: expect.any(Number) },
      expect.objectContaining({ name: 'print', expire_seconds: 600 }),
    ]);
    expect((await sql<{ n: number }>`select count(*)::int as n from running_job`.execute(db)).rows[0]!.n).toBe(0);
  });

  test('every job is there with its data, and an active one is to run again', async () => {
    const rows = await jobRows();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(rows).toHaveLength(Object.keys(ids).length);
    for (const [key, id] of Object.entries(ids)) expect(byId.get(id)?.data).toEqual({ n: key });
    expect(Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, byId.get(id)!.state]))).toEqual({
      waiting: 'created',
      later: 'created',
      active: 'retry',
      retrying: 'retry',
      completed: 'completed',
      failed: 'failed',
      cancelled: 'cancelled',
      archived: 'completed',
    });
    expect(byId.get(ids.waiting!)).toMatchObject({ name: 'delivery-mail', priority: 3, retry_limit: 8 });
  });

  test('pg-boss 12 runs the waiting, retrying and once active jobs, and not the later one', async () => {
    const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await sql`update pgboss.job set start_after = now() where state = 'retry'`.execute(db);
      const mails = await boss.fetch<{ n: string }>('delivery-mail', { batchSize: 10 });
      const prints = await boss.fetch<{ n: string }>('print', { batchSize: 10 });
      expect(mails.map((job) => job.data.n)).toEqual(['waiting']);
      expect(prints.map((job) => job.data.n).sort()).toEqual(['active', 'retrying']);
      await boss.complete(
        'print',
        prints.map((job) => job.id),
      );
      const done = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job where name = 'print' and state = 'completed'`.execute(db);
      expect(done.rows[0]!.n).toBe(4);
    } finally {
      await boss.stop({ graceful: false });
    }
  });

  test('a database pg-boss 12 made is left as it is', async () => {
    const before = await jobRows();
    await sql`delete from kysely_migration where name = '0090_pgboss_12'`.execute(db);
    await migrateToLatest(db);
    expect(await jobRows()).toEqual(before);
  });
});
