import { sql, type Kysely } from 'kysely';
import { getConstructionPlans } from 'pg-boss';

/**
 * pg-boss 10 → 12 (issue 38). Neither pg-boss 11 nor 12 migrates a version-10 schema (schema
 * version 24; their steps start at 25), so this moves the queue itself: with every process stopped
 * (the README's update steps), the old schema is renamed to pgboss_v10, pg-boss 12's schema is
 * created, every queue is made again with its options and every job is copied with its id, data,
 * priority, retries and times — waiting and retrying ones as they are, active ones as retry (their
 * process is gone: they run again, and our jobs have their effect once), completed, failed and
 * cancelled ones and the archive as history. Then the old schema goes. Schedules are not copied:
 * every start sets them again. A database without pg-boss, or already on 12, is left alone.
 */
const OLD = 'pgboss_v10';
const LAST_V10_VERSION = 24;

/** Columns the two job tables have in common, and what a renamed one reads from. */
const RENAMED: Record<string, string> = {
  expire_seconds: 'extract(epoch from expire_in)::int',
  delete_after: 'keep_until',
};

async function oldVersion(db: Kysely<unknown>): Promise<number | null> {
  const { rows } = await sql<{ installed: boolean }>`
    select to_regclass('pgboss.version') is not null as installed`.execute(db);
  if (!rows[0]?.installed) return null;
  const version = await sql<{ version: number }>`select version from pgboss.version`.execute(db);
  return version.rows[0]?.version ?? null;
}

async function columnsOf(db: Kysely<unknown>, schema: string, table: string): Promise<Map<string, boolean>> {
  const { rows } = await sql<{ column_name: string; required: boolean }>`
    select column_name, (is_nullable = 'NO' and column_default is null) as required
    from information_schema.columns where table_schema = ${schema} and table_name = ${table}`.execute(db);
  return new Map(rows.map((row) => [row.column_name, row.required]));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const version = await oldVersion(db);
  if (version === null || version > LAST_V10_VERSION) return;
  await sql.raw(`alter schema pgboss rename to ${OLD}`).execute(db);
  // The plans are pg-boss' own install; the migration's transaction stands in for theirs.
  const install = getConstructionPlans('pgboss')
    .replace(/^\s*BEGIN;\s*$/im, '')
    .replace(/^\s*COMMIT;\s*$/im, '');
  await sql.raw(install).execute(db);

  // Dead-letter queues first: a queue names its dead letter's, which must exist.
  await sql
    .raw(
      `select pgboss.create_queue(q.name, jsonb_strip_nulls(jsonb_build_object(
        'policy', coalesce(q.policy, 'standard'),
        'retryLimit', q.retry_limit,
        'retryDelay', q.retry_delay,
        'retryBackoff', q.retry_backoff,
        'expireInSeconds', q.expire_seconds,
        'retentionSeconds', q.retention_minutes * 60,
        'deadLetter', q.dead_letter)))
      from ${OLD}.queue q
      order by (q.dead_letter is not null), q.name`,
    )
    .execute(db);

  const target = await columnsOf(db, 'pgboss', 'job');
  const source = await columnsOf(db, OLD, 'job');
  const copied = [...target.keys()].filter((column) => source.has(column) || column in RENAMED);
  const missing = [...target].filter(([column, required]) => required && !copied.includes(column));
  if (missing.length > 0) throw new Error(`pg-boss 12's job table needs ${missing.map(([c]) => c).join(', ')}`);
  const read = copied.map((column) =>
    column === 'state'
      ? `case when state = 'active' then 'retry' else state::text end::pgboss.job_state`
      : source.has(column)
        ? column
        : RENAMED[column]!,
  );
  const archived = (await columnsOf(db, OLD, 'archive')).size > 0;
  const from = archived
    ? `(select ${[...source.keys()].join(', ')} from ${OLD}.job
        union all select ${[...source.keys()].join(', ')} from ${OLD}.archive) old`
    : `${OLD}.job old`;
  await sql
    .raw(
      `insert into pgboss.job (${copied.join(', ')})
       select ${read.join(', ')} from ${from}`,
    )
    .execute(db);
  // Notes of jobs that were active belong to processes that are gone (and to the old table).
  await sql`delete from running_job`.execute(db);
  await sql.raw(`drop schema ${OLD} cascade`).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('pg-boss 12 cannot be moved back to 10: restore the backup made before the update');
}
