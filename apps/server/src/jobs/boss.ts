import { PgBoss, type JobInsert, type SendOptions } from 'pg-boss';
import { CompiledQuery, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/types.ts';

export const QUEUES = {
  accountMail: 'account-mail',
  invitationMail: 'invitation-mail',
  contactMail: 'contact-mail',
  invoiceMail: 'invoice-mail',
  contactImport: 'contact-import',
  deliveryMail: 'delivery-mail',
  print: 'print',
  projectArchive: 'project-archive',
  archiveExpiry: 'archive-expiry',
  planPreview: 'plan-preview',
  planSheet: 'plan-sheet',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * Queues whose running jobs are noted with their process (see running-jobs.ts), so a dead
 * process' jobs are handed on within seconds rather than after their expiry.
 */
export const NOTED_QUEUES = [
  QUEUES.contactImport,
  QUEUES.deliveryMail,
  QUEUES.print,
  QUEUES.projectArchive,
  QUEUES.planPreview,
  QUEUES.planSheet,
] as const;
export type NotedQueue = (typeof NOTED_QUEUES)[number];

export interface Jobs {
  /** Enqueues inside the caller's transaction: the job exists exactly when the change commits. */
  enqueue: (tx: Transaction<Database>, queue: QueueName, data: object, options?: SendOptions) => Promise<void>;
  /** Many jobs in one statement inside the caller's transaction; a job whose id exists is skipped. */
  enqueueMany: (tx: Transaction<Database>, queue: QueueName, jobs: JobInsert[]) => Promise<void>;
  boss: PgBoss;
  /** Takes no new jobs; running ones may finish within `graceMs`, the rest go back to the queue for another process. */
  stop: (graceMs?: number) => Promise<void>;
  /** Work run outside pg-boss' workers (workOnePerOffice): its stop hands its jobs back before pg-boss stops. */
  addOwnWorker: (queue: QueueName, stop: () => Promise<void>) => void;
  /** Stops a queue's workers, pg-boss' and own ones (a test that fetches the jobs itself). */
  offWork: (queue: QueueName) => Promise<void>;
}

/** application_name of a process' queue connections, followed by the process id. */
export const JOB_CONNECTION_PREFIX = 'plankurier-jobs:';

const INSERT_RETRIES = { retryLimit: 8, retryDelay: 5, retryBackoff: true };
const RETRIES: SendOptions = INSERT_RETRIES;

/** pg-boss' calls run inside the caller's Kysely transaction. */
const inTransaction = (tx: Transaction<Database>) => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const result = await tx.executeQuery(CompiledQuery.raw(text, values));
    return { rows: [...result.rows] };
  },
});

/**
 * The queue client. With `processId` its connections name the process (application_name
 * `plankurier-jobs:<id>`), so the fetch that marks jobs active notes them with this process in the
 * same statement (see installRunningJobNotes).
 */
export async function startJobs(
  connectionString: string,
  log: FastifyBaseLogger,
  options: { maintenanceIntervalSeconds?: number; processId?: string } = {},
): Promise<Jobs> {
  // Maintenance also retries jobs whose process died mid-job (expired in state active).
  const boss = new PgBoss({
    connectionString,
    max: 4,
    schema: 'pgboss',
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    ...(options.processId ? { application_name: `${JOB_CONNECTION_PREFIX}${options.processId}` } : {}),
  });
  // Without a listener a database restart would crash the process; pg-boss reconnects by itself.
  boss.on('error', (err) => log.warn({ err: err.message }, 'job queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  const ownWorkers: { queue: QueueName; stop: () => Promise<void> }[] = [];
  return {
    boss,
    enqueue: async (tx, queue, data, options) => {
      await boss.send(queue, data, {
        ...RETRIES,
        ...options,
        db: inTransaction(tx),
      });
    },
    enqueueMany: async (tx, queue, jobs) => {
      if (jobs.length === 0) return;
      await boss.insert(
        queue,
        jobs.map((job) => ({ ...INSERT_RETRIES, ...job })),
        { db: inTransaction(tx) },
      );
    },
    addOwnWorker: (queue, stop) => ownWorkers.push({ queue, stop }),
    offWork: async (queue) => {
      await Promise.all(ownWorkers.filter((worker) => worker.queue === queue).map((worker) => worker.stop()));
      await boss.offWork(queue);
    },
    stop: async (graceMs = 10_000) => {
      await Promise.all(ownWorkers.map((worker) => worker.stop()));
      await boss.stop({ graceful: true, timeout: graceMs });
    },
  };
}
