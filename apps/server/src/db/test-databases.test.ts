import pg from 'pg';
import { expect, inject, test } from 'vitest';
import { cloneTemplate, databaseUrl, dropRunDatabases, newRunId, templateDatabase } from '../../test/test-databases.ts';
import { ensureDatabase } from './index.ts';

const databasesStartingWith = async (prefix: string) => {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [prefix],
    );
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
};

test("a test run drops the databases it made, template included, even with a connection still open, and no other run's", async () => {
  const adminUrl = inject('pgAdminUrl');
  const [mine, other] = [newRunId(), newRunId()];
  for (const run of [mine, other]) await ensureDatabase(adminUrl, templateDatabase(run));
  const cloned = [
    await cloneTemplate(adminUrl, mine),
    await cloneTemplate(adminUrl, mine),
    await cloneTemplate(adminUrl, other),
  ];
  const open = new pg.Client({ connectionString: cloned[0] });
  await open.connect();
  open.on('error', () => undefined); // ended by the drop

  expect(await databasesStartingWith(`plankurier_test_${mine}_`)).toHaveLength(3);
  await dropRunDatabases(adminUrl, mine);
  expect(await databasesStartingWith(`plankurier_test_${mine}_`)).toEqual([]);
  expect(await databasesStartingWith(`plankurier_test_${other}_`)).toHaveLength(2);

  await dropRunDatabases(adminUrl, other);
  await open.end().catch(() => undefined);
}, 120_000);

test('a database URL keeps user, host and options and names the database', () => {
  expect(databaseUrl('postgres://ci:geheim@db.example:5433/postgres?sslmode=require', 'plankurier_test_1')).toBe(
    'postgres://ci:geheim@db.example:5433/plankurier_test_1?sslmode=require',
  );
});
