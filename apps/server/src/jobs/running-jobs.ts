import { sql } from 'kysely';
import type { Job, JobWithMetadata, WorkOptions } from 'pg-boss';
import type { Deps } from '../deps.ts';
import type { Db } from '../db/index.ts';
import { JOB_CONNECTION_PREFIX, NOTED_QUEUES, type NotedQueue } from './boss.ts';

type RunningJobDeps = Pick<Deps, 'db' | 'jobs' | 'processId'>;

/**
 * boss.work for jobs a process' death must not hold up (archives, prints, contact imports, delivery
 * mails): each running job is noted with the process that runs it. pg-boss itself only notices a
 * dead process' job when the job's expiry passes (hours for an archive, minutes for a mail); with
 * the note another process hands it on within seconds (releaseJobsOfGoneProcesses). The note is
 * written by the fetch itself (installRunningJobNotes), so no job is ever active without one: a
 * process killed right after pg-boss took its batch leaves notes, not unnamed jobs.
 */
export function workNoted<T extends object>(
  deps: RunningJobDeps,
  queue: NotedQueue,
  options: WorkOptions & { includeMetadata: true },
  handler: (jobs: JobWithMetadata<T>[]) => Promise<void>,
): Promise<string>;
export function workNoted<T extends object>(
  deps: RunningJobDeps,
  queue: NotedQueue,
  options: WorkOptions,
  handler: (jobs: Job<T>[]) => Promise<void>,
): Promise<string>;
export async function workNoted<T extends object>(
  deps: RunningJobDeps,
  queue: NotedQueue,
  options: WorkOptions,
  handler: (jobs: JobWithMetadata<T>[]) => Promise<void>,
): Promise<string> {
  const withMetadata = { ...options, includeMetadata: true as const };
  return deps.jobs.boss.work<T, unknown, typeof withMetadata>(queue, withMetadata, async (jobs) => {
    try {
      await handler(jobs);
    } finally {
      await deps.db
        .deleteFrom('running_job')
        .where(
          'job_id',
          'in',
          jobs.map((j) => j.id),
        )
        .where('process_id', '=', deps.processId)
        .execute()
        .catch(() => undefined);
    }
  });
}

// Any fixed key: serialises the installation of the note trigger by processes starting at once.
const NOTES_LOCK = 0x706b6a6e;
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Makes pg-boss' fetch note the jobs of the noted queues in the statement that marks them active:
 * a trigger on pgboss.job writes running_job (job, queue, process) when a job turns active on a
 * connection of a process' queue client (application_name `plankurier-jobs:<process id>`, see
 * startJobs). Before, the note was a statement of its own after pg-boss had committed the batch,
 * and a process killed in between left jobs no note named, stuck until their expiry. Run at every
 * start, after pg-boss made its schema; replaces the function, adds the trigger once.
 */
export async function installRunningJobNotes(db: Db): Promise<void> {
  const queues = NOTED_QUEUES.map(quoted).join(', ');
  const prefix = quoted(JOB_CONNECTION_PREFIX);
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${NOTES_LOCK})`.execute(tx);
    // search_path from the creating connection: the note lands in this database's running_job,
    // whatever the fetching connection's path. A failing note must not fail the fetch (pg-boss
    // would swallow the error and run nothing): it warns, and the job's expiry stays the fallback.
    await sql
      .raw(
        `create or replace function note_running_job() returns trigger language plpgsql
        set search_path from current as $fn$
        declare
          runner text := current_setting('application_name', true);
        begin
          if left(runner, length(${prefix})) = ${prefix} and new.name in (${queues}) then
            insert into running_job (job_id, queue, process_id)
            values (new.id, new.name, substr(runner, length(${prefix}) + 1)::uuid)
            on conflict (job_id) do update
              set process_id = excluded.process_id, queue = excluded.queue, started_at = now();
          end if;
          return null;
        exception when others then
          raise warning 'running job % not noted: %', new.id, sqlerrm;
          return null;
        end $fn$`,
      )
      .execute(tx);
    await sql
      .raw(
        `do $do$ begin
          if not exists (select 1 from pg_trigger
              where tgname = 'note_running_job' and tgrelid = 'pgboss.job'::regclass) then
            create trigger note_running_job after update of state on pgboss.job
              for each row when (new.state = 'active' and old.state is distinct from 'active')
              execute function note_running_job();
          end if;
        end $do$`,
      )
      .execute(tx);
  });
}

/**
 * Jobs whose process is gone (its heartbeat stopped, or it died on this machine) go back to the
 * queue: pg-boss' fail() makes them retry after their retry delay, on whichever process is there.
 * A job pg-boss has since given to another process (it started after the note) is left alone.
 */
export async function releaseJobsOfGoneProcesses(
  deps: Pick<Deps, 'db' | 'jobs' | 'log'>,
  goneProcessIds: readonly string[],
): Promise<number> {
  const released = await deps.db
    .deleteFrom('running_job')
    .where((eb) =>
      eb.or([
        ...(goneProcessIds.length > 0 ? [eb('process_id', 'in', goneProcessIds)] : []),
        eb.not(
          eb.exists(
            eb.selectFrom('server_process').select('id').whereRef('server_process.id', '=', 'running_job.process_id'),
          ),
        ),
      ]),
    )
    .returning(['job_id', 'queue', 'started_at'])
    .execute();
  let handedOn = 0;
  for (const job of released) {
    const { rows } = await sql<{ state: string; started_on: Date | null }>`
      select state, started_on from pgboss.job where name = ${job.queue} and id = ${job.job_id}`.execute(deps.db);
    const current = rows[0];
    if (
      current?.state !== 'active' ||
      (current.started_on && current.started_on > new Date(job.started_at.getTime() + 5000))
    )
      continue;
    await deps.jobs.boss.fail(job.queue, job.job_id, { reason: 'its process is gone' });
    handedOn++;
  }
  if (handedOn > 0) deps.log.warn({ jobs: handedOn }, 'jobs of a process that is gone were handed on');
  return handedOn;
}

/** A process stopping on purpose: its notes go (pg-boss has handed its unfinished jobs back). */
export const forgetOwnRunningJobs = (deps: Pick<Deps, 'db' | 'processId'>) =>
  deps.db.deleteFrom('running_job').where('process_id', '=', deps.processId).execute();
