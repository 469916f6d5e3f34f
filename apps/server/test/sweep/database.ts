import { sql } from 'kysely';
import type { Db } from '../../src/db/index.ts';
import { until } from '../until.ts';

/**
 * What a refused request must leave alone: every table of the application, except the columns a
 * read may touch by design (a session's last use), the rate limiter's counters, and what is
 * written on its own clock: the socket adapter's buffer of large live events, the heartbeat of
 * the running server processes, and the numbers of live changes that background work announces
 * meanwhile (a delivery's last progress, a thumbnail drawn).
 */
const IGNORED_TABLES = new Set(['rate_limit', 'socket_io_attachments', 'project_change']);
const IGNORED_COLUMNS = new Set(['session_token.last_used_at', 'server_process.seen_at', 'project.change_seq']);

/** The snapshot query: built once per database from its catalogue (which is slow to read). */
const snapshotQueries = new WeakMap<Db, ReturnType<typeof buildSnapshotQuery>>();

/** A fingerprint of each table's rows: their count and the sum of their rows' hashes. */
export async function databaseSnapshot(db: Db): Promise<Record<string, string>> {
  const query = snapshotQueries.get(db) ?? buildSnapshotQuery(db);
  snapshotQueries.set(db, query);
  const { rows } = await (await query).execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

async function buildSnapshotQuery(db: Db) {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    if (IGNORED_TABLES.has(table_name) || IGNORED_COLUMNS.has(`${table_name}.${column_name}`)) continue;
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  }
  const parts = [...byTable].map(
    ([table, cols]) =>
      sql`select ${table}::text as name, (select count(*) || ':' || coalesce(sum(hashtextextended(r, 0)::numeric), 0)
        from (select row(${sql.join(cols.map((c) => sql.ref(`${table}.${c}`)))})::text as r from ${sql.table(table)}) x) as hash`,
  );
  return sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`;
}

/** The names of the tables whose rows differ between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);

/** Waits until no job is waiting or running: what a request queued has done its work. */
export const jobsIdle = (db: Db) =>
  until(async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where (state in ('created', 'retry') and start_after <= now()) or state = 'active'`.execute(db);
    return rows[0]!.n === 0;
  }, 60_000);
