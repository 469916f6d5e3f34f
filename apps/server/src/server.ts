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
import { forgetOwnRunningJobs, installRunningJobNotes, releaseJobsOfGoneProcesses } from './jobs/running-jobs.ts';
import { startWorkers } from './jobs/workers.ts';
import { createMailSender } from './mail/transport.ts';
import { createStorage } from './storage/index.ts';
import { HEARTBEAT_SECONDS, registerProcess } from './modules/installation/processes.ts';
import { adoptLegacySecrets } from './modules/installation/secrets.ts';
import { closePdfRenderer } from './pdf/pdf-document.ts';
import { closePdfProcess, closePreviewProcess } from './pdf/pdf-process.ts';
import { warmUploadChecks } from './modules/uploads/warm-checks.ts';
import { startBounceListener, type BounceListener } from './modules/bounces/smtp-listener.ts';

/**
 * How long a stop waits for running requests and jobs (the current mail batch) before it cuts the
 * remaining connections and hands unfinished jobs back to the queue. Below the usual 30 s a
 * supervisor (systemd, Kubernetes) allows before it kills.
 */
export const SHUTDOWN_GRACE_MS = 20_000;

export interface RunningServer {
  app: FastifyInstance;
  deps: Deps;
  /** Every route of the app (filled once the app is ready). */
  routes: RegisteredRoute[];
  /** The SMTP listener for returned mail, when configured (config.bounceSmtp). */
  bounceListener: BounceListener | undefined;
  /** The embedded PostgreSQL when no DATABASE_URL is set. */
  embedded: EmbeddedDatabase | undefined;
  stop: () => Promise<void>;
}

/** Resolves the database: the configured URL, or an embedded PostgreSQL under DATA_DIR/pg (supervised). */
export async function openDatabaseUrl(
  config: Config,
  log: pino.Logger,
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), {
    onLog: (line) => log.debug(line),
    supervise: {
      onExit: (how) => log.error({ how }, 'the embedded PostgreSQL ended; restarting it'),
      onRestart: (attempts) => log.warn({ attempts }, 'the embedded PostgreSQL runs again'),
    },
  });
  await ensureDatabase(embedded.url('postgres'), 'plankurier');
  return { url: embedded.url('plankurier'), embedded };
}

/** start: storage check → database → migrations → process list → jobs → app (HTTP + socket.io) → workers. */
export async function startServer(
  config: Config,
  options: {
    workers?: boolean;
    listen?: boolean;
    /** Start the upload check process at once (a web server's default; tests start it on first use). */
    warmChecks?: boolean;
  } = {},
): Promise<RunningServer> {
  const bootLog = pino({ level: config.logLevel }, config.logDestination);
  // The store first: a bucket that cannot be reached stops the start before anything else runs.
  const storage = createStorage(config);
  await storage.check();
  const { url, embedded } = await openDatabaseUrl(config, bootLog);
  const database = createDatabase(url, bootLog);
  let registration: Awaited<ReturnType<typeof registerProcess>>;
  try {
    await migrateToLatest(database.db);
    await adoptLegacySecrets(database.db, config.dataDir, bootLog);
    registration = await registerProcess(database.db, config, options.listen === false ? 'worker' : 'web', bootLog);
  } catch (err) {
    await database.close();
    await embedded?.stop();
    throw err;
  }
  const jobs = await startJobs(url, bootLog, {
    maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
    processId: registration.id,
  });
  await installRunningJobNotes(database.db);
  const mail = createMailSender(config, bootLog);
  if (config.env === 'production' && !config.smtpUrl) {
    bootLog.warn(`SMTP_URL is not set: every mail is written to ${config.outboxDir} and reaches nobody`);
  }
  // Checked beside the start, not before it: a relay that is down must not keep the app from serving.
  void mail.checkRelay();
  const lifecycle = { draining: false };
  const { app, deps, routes } = await buildApp({
    config,
    db: database.db,
    databaseUrl: url,
    jobs,
    mail,
    storage,
    processId: registration.id,
    lifecycle,
  });
  let handOn: NodeJS.Timeout | undefined;
  if (options.workers !== false) {
    await startWorkers(deps);
    // Long jobs of processes that died go to whichever process is there (this one included).
    const release = () =>
      registration
        .goneProcesses()
        .then((gone) => releaseJobsOfGoneProcesses(deps, gone))
        .catch((err: unknown) => deps.log.warn({ err: (err as Error).message }, 'handing on jobs failed'));
    await release();
    handOn = setInterval(() => void release(), HEARTBEAT_SECONDS * 1000);
    handOn.unref();
  }
  if (options.listen !== false) await app.listen({ port: config.port, host: config.host });
  if (options.warmChecks ?? options.listen !== false) warmUploadChecks(deps.log);
  const bounceListener =
    options.listen !== false && config.bounceSmtp ? await startBounceListener(deps, config.bounceSmtp) : undefined;

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      lifecycle.draining = true;
      clearInterval(handOn);
      await bounceListener?.close();
      // No new connections; running requests finish within the grace, then what is left is cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      cut.unref();
      await Promise.all([
        app.close().finally(() => clearTimeout(cut)),
        // No new jobs; the running ones (the current mail batch) finish within the grace, the rest go back.
        jobs.stop(SHUTDOWN_GRACE_MS),
      ]);
      await forgetOwnRunningJobs(deps).catch(() => undefined);
      await registration.stop();
      await closePdfRenderer(); // after the jobs: their renders are done
      await closePdfProcess();
      await closePreviewProcess();
      mail.close();
      await database.close();
      await embedded?.stop();
    })());
  return { app, deps, routes, bounceListener, embedded, stop };
}
