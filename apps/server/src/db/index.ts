import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

/**
 * A pool that survives a database restart: idle-client errors are logged, not thrown, and
 * connection attempts fail fast so requests answer 503 instead of hanging.
 */
export function createDatabase(connectionString: string, log: Pick<FastifyBaseLogger, 'warn'>): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (err) => log.warn({ err: err.message }, 'idle database client failed'));
  // A checked-out client (a transaction, the socket adapter's LISTEN client) has no pool listener:
  // without its own, a database restart would throw an uncaught 'error' and end the process.
  pool.on('connect', (client) => {
    client.on('error', (err) => log.warn({ err: err.message }, 'database client failed'));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}

/** Creates the database on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/** True for errors that mean "the database is not reachable right now" rather than a bad query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(err.message);
}
