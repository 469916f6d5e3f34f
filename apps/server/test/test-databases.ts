import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The databases of one test run share a prefix: `plankurier_test_<run>_template`, cloned into
 * `plankurier_test_<run>_<file>` per test file. Another run on the same PostgreSQL (TEST_DATABASE_URL
 * shared by two checkouts) has its own prefix, and the run drops exactly its own afterwards.
 */
export const RUN_PREFIX = 'plankurier_test_';

export const newRunId = () => randomBytes(4).toString('hex');
export const templateDatabase = (runId: string) => `${RUN_PREFIX}${runId}_template`;
export const testDatabaseName = (runId: string) => `${RUN_PREFIX}${runId}_${randomBytes(6).toString('hex')}`;

/** The URL of `database` on the server of `adminUrl` (same user, host and options). */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the run's migrated template. */
export const cloneTemplate = (adminUrl: string, runId: string): Promise<string> =>
  withAdmin(adminUrl, async (client) => {
    const name = testDatabaseName(runId);
    await client.query(`create database ${name} template ${templateDatabase(runId)}`);
    return databaseUrl(adminUrl, name);
  });

/** An empty database of the run, for a test that migrates it step by step. */
export const createEmptyDatabase = (adminUrl: string, runId: string): Promise<string> =>
  withAdmin(adminUrl, async (client) => {
    const name = testDatabaseName(runId);
    await client.query(`create database ${name}`);
    return databaseUrl(adminUrl, name);
  });

/** Drops every database of the run, the template last; a connection left open is ended (PostgreSQL 13+). */
export const dropRunDatabases = (adminUrl: string, runId: string): Promise<string[]> =>
  withAdmin(adminUrl, async (client) => {
    const template = templateDatabase(runId);
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1) order by datname = $2, datname`,
      [`${RUN_PREFIX}${runId}_`, template],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    return rows.map((r) => r.datname);
  });
