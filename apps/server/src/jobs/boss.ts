import PgBoss from 'pg-boss';
import { CompiledQuery, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/types.ts';

export const QUEUES = {
  accountMail: 'account-mail',
  contactMail: 'contact-mail',
  contactImport: 'contact-import',
  deliveryMail: 'delivery-mail',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface Jobs {
  /** Enqueues inside the caller's transaction: the job exists exactly when the change commits. */
  enqueue: (tx: Transaction<Database>, queue: QueueName, data: object, options?: PgBoss.SendOptions) => Promise<void>;
  boss: PgBoss;
  stop: () => Promise<void>;
}

const RETRIES: PgBoss.SendOptions = { retryLimit: 8, retryDelay: 5, retryBackoff: true };

export async function startJobs(connectionString: string, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString, max: 4, schema: 'pgboss' });
  // Without a listener a database restart would crash the process; pg-boss reconnects by itself.
  boss.on('error', (err) => log.warn({ err: err.message }, 'job queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  return {
    boss,
    enqueue: async (tx, queue, data, options) => {
      await boss.send(queue, data, {
        ...RETRIES,
        ...options,
        db: {
          executeSql: async (text, values) => {
            const result = await tx.executeQuery(CompiledQuery.raw(text, values));
            return { rows: [...result.rows] };
          },
        },
      });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }),
  };
}
