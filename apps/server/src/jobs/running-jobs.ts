import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Deps } from '../deps.ts';
import type { QueueName } from './boss.ts';

type RunningJobDeps = Pick<Deps, 'db' | 'jobs' | 'processId'>;

/**
 * boss.work for long jobs (archives, prints, contact imports) that notes which process runs each
 * job. pg-boss itself only notices a dead process' job when the job's expiry passes (hours for an
 * archive); with this note another process hands it on within seconds (releaseJobsOfGoneProcesses).
 */
export async function workNoted<T extends object>(
  deps: RunningJobDeps,
  queue: QueueName,
  options: PgBoss.WorkOptions,
  handler: (jobs: PgBoss.Job<T>[]) => Promise<void>,
): Promise<string> {
  return deps.jobs.boss.work<T>(queue, options, async (jobs) => {
    if (jobs.length > 0) {
      // A job handed on from a dead process names its new runner.
      await deps.db
        .insertInto('running_job')
        .values(jobs.map((job) => ({ job_id: job.id, queue, process_id: deps.processId })))
        .onConflict((oc) =>
          oc.column('job_id').doUpdateSet({ process_id: deps.processId, started_at: sql<Date>`now()` }),
        )
        .execute();
    }
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
