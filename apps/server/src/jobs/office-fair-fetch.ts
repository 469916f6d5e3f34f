import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { NotedQueue } from './boss.ts';

export interface FairJob<T> {
  id: string;
  data: T;
  /** The office of the job's file; a job whose file is gone is an office of its own (its id). */
  office: string;
}

/** How far down the queue a fetch looks for offices not yet busy. */
const CANDIDATES = 200;

/**
 * pg-boss' fetch takes the first jobs whatever their office: one office's heavy files would fill
 * every fetch. This fetch takes at most one job per office, none of the offices in `busy`, highest
 * priority first, then the oldest — pg-boss' order — and marks them active as pg-boss' fetch does
 * (retry_count counts a job started before; blocked jobs wait for the jobs they depend on). Jobs name their file (`data.fileId`), the office is
 * the file's. The running_job notes are written in the same transaction, so no job is active
 * without one: a process killed after the fetch leaves notes, and its jobs are handed on.
 */
export async function fetchOnePerOffice<T>(
  db: Db,
  queue: NotedQueue,
  processId: string,
  busy: readonly string[],
  limit: number,
): Promise<FairJob<T>[]> {
  if (limit <= 0) return [];
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<FairJob<T>>`
      with candidate as (
        select j.id, j.priority, j.created_on, coalesce(p.office_id::text, j.id::text) as office
        from pgboss.job j
        left join file f on f.id = (j.data->>'fileId')::uuid
        left join project p on p.id = f.project_id
        where j.name = ${queue} and j.state < 'active' and not j.blocked and j.start_after <= pgboss.job_now()
          and coalesce(p.office_id::text, j.id::text) <> all(${[...busy]}::text[])
        order by j.priority desc, j.created_on, j.id
        limit ${CANDIDATES}
        for update of j skip locked
      ), first_of_office as (
        select distinct on (office) id, priority, created_on, office from candidate
        order by office, priority desc, created_on, id
      ), taken as (
        select id, office from first_of_office order by priority desc, created_on, id limit ${limit}
      ), activated as (
        update pgboss.job j set
          state = 'active',
          started_on = pgboss.job_now(),
          heartbeat_on = pgboss.job_now(),
          retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
        from taken
        where j.name = ${queue} and j.id = taken.id
        returning j.id, j.data, taken.office, j.priority, j.created_on
      )
      select id, data, office from activated order by priority desc, created_on, id`.execute(tx);
    if (rows.length > 0)
      await tx
        .insertInto('running_job')
        .values(rows.map((job) => ({ job_id: job.id, queue, process_id: processId })))
        .onConflict((oc) =>
          oc.column('job_id').doUpdateSet({ process_id: processId, queue, started_at: sql<Date>`now()` }),
        )
        .execute();
    return rows;
  });
}
