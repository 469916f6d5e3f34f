import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RegisteredRoute } from './app.ts';
import type { Config } from './config.ts';
import { createDatabase, ensureDatabase } from './db/index.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { startJobs } from './jobs/boss.ts';
import { startWorkers } from './jobs/workers.ts';
import { createMailSender } from './mail/transport.ts';
import { closePdfRenderer } from './pdf/pdf-document.ts';
import { closePdfThread } from './pdf/pdf-thread.ts';
import { startBounceListener, type BounceListener } from './modules/bounces/smtp-listener.ts';

export interface RunningServer {
  app: FastifyInstance;
  deps: Deps;
  /** Every route of the app (filled once the app is ready). */
  routes: RegisteredRoute[];
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
  const bootLog = pino({ level: config.logLevel }, config.logDestination);
  const { url, embedded } = await openDatabaseUrl(config, bootLog);
  const database = createDatabase(url, bootLog);
  await migrateToLatest(database.db);
  const jobs = await startJobs(url, bootLog, { maintenanceIntervalSeconds: config.jobMaintenanceSeconds });
  const mail = createMailSender(config, bootLog);
  if (config.env === 'production' && !config.smtpUrl) {
    bootLog.warn(`SMTP_URL is not set: every mail is written to ${config.outboxDir} and reaches nobody`);
  }
  // Checked beside the start, not before it: a relay that is down must not keep the app from serving.
  void mail.checkRelay();
  const { app, deps, routes } = await buildApp({ config, db: database.db, databaseUrl: url, jobs, mail });
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
      await closePdfThread();
      mail.close();
      await database.close();
      await embedded?.stop();
    })());
  return { app, deps, routes, bounceListener, stop };
}
