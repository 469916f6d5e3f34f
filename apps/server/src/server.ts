import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { createDatabase, ensureDatabase } from './db/index.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { startJobs } from './jobs/boss.ts';
import { startWorkers } from './jobs/workers.ts';
import { createMailSender } from './mail/transport.ts';
import { createStorage } from './storage/index.ts';
import { adoptLegacySecrets } from './modules/installation/secrets.ts';
import { closePdfRenderer } from './pdf/pdf-document.ts';
import { startBounceListener, type BounceListener } from './modules/bounces/smtp-listener.ts';

export interface RunningServer {
  app: FastifyInstance;
  deps: Deps;
  /** The SMTP listener for returned mail, when configured (config.bounceSmtp). */
  bounceListener: BounceListener | undefined;
  stop: () => Promise<void>;
}

/** Resolves the database: the configured URL, or an embedded PostgreSQL under DATA_DIR/pg. */
export async function openDatabaseUrl(
  config: Config,
  log: pino.Logger,
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), { onLog: (line) => log.debug(line) });
  await ensureDatabase(embedded.url('postgres'), 'plankurier');
  return { url: embedded.url('plankurier'), embedded };
}

/** start: database → migrations → jobs → app (HTTP + socket.io) → workers. */
export async function startServer(
  config: Config,
  options: { workers?: boolean; listen?: boolean } = {},
): Promise<RunningServer> {
  const bootLog = pino({ level: config.logLevel });
  // The store first: a bucket that cannot be reached stops the start before anything else runs.
  const storage = createStorage(config);
  await storage.check();
  const { url, embedded } = await openDatabaseUrl(config, bootLog);
  const database = createDatabase(url, bootLog);
  await migrateToLatest(database.db);
  await adoptLegacySecrets(database.db, config.dataDir, bootLog);
  const jobs = await startJobs(url, bootLog, { maintenanceIntervalSeconds: config.jobMaintenanceSeconds });
  const mail = createMailSender(config);
  const { app, deps } = await buildApp({ config, db: database.db, databaseUrl: url, jobs, mail, storage });
  if (options.workers !== false) await startWorkers(deps);
  if (options.listen !== false) await app.listen({ port: config.port, host: config.host });
  const bounceListener =
    options.listen !== false && config.bounceSmtp ? await startBounceListener(deps, config.bounceSmtp) : undefined;

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await bounceListener?.close();
      await app.close();
      await jobs.stop();
      await closePdfRenderer(); // after the jobs: their renders are done
      mail.close();
      await database.close();
      await embedded?.stop();
    })());
  return { app, deps, bounceListener, stop };
}
