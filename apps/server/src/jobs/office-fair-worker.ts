import type { Deps } from '../deps.ts';
import type { NotedQueue } from './boss.ts';
import { fetchOnePerOffice, type FairJob } from './office-fair-fetch.ts';

type FairWorkerDeps = Pick<Deps, 'db' | 'jobs' | 'log' | 'processId'>;

export interface FairWorkerOptions {
  /** Jobs this process holds at most (one per office); each waits for a free process at most this many turns. */
  maxInHand: number;
  /** How often the queue is looked at while nothing finishes (a finished job looks at once). */
  pollingMs: number;
}

/**
 * Runs a queue's jobs with at most one job per office in hand, fetched by fetchOnePerOffice: an
 * office's next job is fetched only when its last one has finished, so its heavy files never take
 * the places another office's light ones need (pg-boss' own work() holds a whole fetch until its
 * last job ends). Jobs end as with pg-boss: complete, or fail and retry; the effect of a job must
 * be idempotent — a job of a process killed midway is handed on and runs again. On stop the jobs
 * still in hand go back to the queue, as pg-boss does with its workers' jobs.
 */
export function workOnePerOffice<T>(
  deps: FairWorkerDeps,
  queue: NotedQueue,
  options: FairWorkerOptions,
  /** Runs a job's data; `office` is the office it was fetched for (FairJob.office). */
  handler: (data: T, office: string) => Promise<void>,
): void {
  const inHand = new Map<string, FairJob<T>>();
  let stopped = false;
  let looking = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const forgetNote = (jobId: string) =>
    deps.db
      .deleteFrom('running_job')
      .where('job_id', '=', jobId)
      .where('process_id', '=', deps.processId)
      .execute()
      .catch(() => undefined);

  const settle = async (job: FairJob<T>) => {
    try {
      await handler(job.data, job.office);
      await deps.jobs.boss.complete(queue, job.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await deps.jobs.boss.fail(queue, job.id, { message }).catch(() => undefined);
    } finally {
      if (inHand.delete(job.id)) await forgetNote(job.id);
      look();
    }
  };

  async function lookOnce(): Promise<void> {
    const busy = [...new Set([...inHand.values()].map((job) => job.office))];
    const jobs = await fetchOnePerOffice<T>(deps.db, queue, deps.processId, busy, options.maxInHand - inHand.size);
    if (stopped && jobs.length > 0) {
      // Fetched while stopping: back to the queue with the others.
      await deps.jobs.boss.fail(
        queue,
        jobs.map((job) => job.id),
      );
      await Promise.all(jobs.map((job) => forgetNote(job.id)));
      return;
    }
    for (const job of jobs) {
      inHand.set(job.id, job);
      void settle(job);
    }
  }

  /** Looks at the queue now (or right after a look under way), then again after the polling interval. */
  function look(): void {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    clearTimeout(timer);
    lookOnce()
      .catch((err: unknown) => deps.log.warn({ err, queue }, 'fetching jobs failed'))
      .finally(() => {
        looking = false;
        if (stopped) return;
        if (again) {
          again = false;
          look();
        } else timer = setTimeout(look, options.pollingMs);
      });
  }

  deps.jobs.addOwnWorker(queue, async () => {
    stopped = true;
    clearTimeout(timer);
    const unfinished = [...inHand.keys()];
    inHand.clear();
    if (unfinished.length === 0) return;
    await deps.jobs.boss.fail(queue, unfinished).catch(() => undefined);
    await Promise.all(unfinished.map(forgetNote));
  });
  look();
}
