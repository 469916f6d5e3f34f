import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Jobs } from './jobs/boss.ts';
import type { MailSender } from './mail/transport.ts';
import type { Realtime } from './modules/realtime/realtime.ts';
import type { Storage } from './storage/storage.ts';

/** Everything a service needs, passed as one object so tests run services on the real database. */
export interface Deps {
  config: Config;
  db: Db;
  jobs: Jobs;
  mail: MailSender;
  realtime: Realtime;
  storage: Storage;
  log: FastifyBaseLogger;
  /** This process in the installation's process list (server_process). */
  processId: string;
}
