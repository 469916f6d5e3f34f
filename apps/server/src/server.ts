import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RegisteredRoute } from './app.ts';
import type { Config } from './config.ts';
import { createDatabase, ensureDatabase, type DatabaseHandle } from './db/index.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DatabaseInUse } from './db/postmaster-owner.ts';
import type { Deps } from './deps.ts';
import { startJobs, type Jobs } from './jobs/boss.ts';
import { forgetOwnRunningJobs, installRunningJobNotes, releaseJobsOfGoneProcesses } from './jobs/running-jobs.ts';
import { startWorkers } from './jobs/workers.ts';
import { createMailSender, type MailSender } from './mail/transport.ts';
import { createStorage } from './storage/index.ts';
import { HEARTBEAT_SECONDS, registerProcess, type ProcessRegistration } from './modules/installation/processes.ts';
import { adoptLegacySecrets } from './modules/installation/secrets.ts';
import { closePdfRenderer, configurePdfRenderer } from './pdf/pdf-document.ts';
import { closePdfProcess, closePreviewProcess, closeStampProcess, configureFileProcesses } from './pdf/pdf-process.ts';
import { warmUploadChecks } from './modules/uploads/warm-checks.ts';
import { startBounceListener, type BounceListener } from './modules/bounces/smtp-listener.ts';
import { StartupError } from './startup-error.ts';

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
  /** The SMTP listener for returned mail, when configured (config.bounceSmtp) and its port was free. */
  bounceListener: BounceListener | undefined;
  /** The embedded PostgreSQL when no DATABASE_URL is set. */
  embedded: EmbeddedDatabase | undefined;
  stop: () => Promise<void>;
}

/**
 * Resolves the database: the configured URL, or an embedded PostgreSQL under DATA_DIR/pg
 * (supervised). A PostgreSQL another running process started there is that one's: refused.
 */
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
  }).catch((err: unknown) => {
    if (!(err instanceof DatabaseInUse)) throw err;
    throw new StartupError(
      `the database of DATA_DIR (${config.dataDir}) is in use by process ${err.ownerPid}; set DATABASE_URL to share it`,
    );
  });
  try {
    await ensureDatabase(embedded.url('postgres'), 'plankurier');
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  return { url: embedded.url('plankurier'), embedded };
}

/** What a start has brought up so far: a stop, and a start that fails half-way, close exactly these. */
interface Started {
  lifecycle: { draining: boolean };
  embedded?: EmbeddedDatabase;
  database?: DatabaseHandle;
  registration?: ProcessRegistration;
  jobs?: Jobs;
  mail?: MailSender;
  app?: FastifyInstance;
  deps?: Deps;
  handOn?: NodeJS.Timeout;
  bounceListener?: BounceListener;
}

/**
 * start: storage check → database → migrations → process list → jobs → app (HTTP + socket.io) →
 * workers (unless WORKERS=off). A start that fails stops what it had started — the embedded
 * PostgreSQL last — before its error goes on.
 */
export async function startServer(
  config: Config,
  options: {
    /** Run the job workers; default: config.workers (WORKERS). */
    workers?: boolean;
    listen?: boolean;
    /** Start the upload check process at once (a web server's default; tests start it on first use). */
    warmChecks?: boolean;
  } = {},
): Promise<RunningServer> {
  const bootLog = pino({ level: config.logLevel }, config.logDestination);
  const started: Started = { lifecycle: { draining: false } };
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= stopStarted(started));
  try {
    return { ...(await startParts(config, options, bootLog, started)), stop };
  } catch (err) {
    await stop().catch((stopErr: unknown) => bootLog.warn({ err: stopErr }, 'stopping after a failed start failed'));
    throw err;
  }
}

async function startParts(
  config: Config,
  options: { workers?: boolean; listen?: boolean; warmChecks?: boolean },
  bootLog: pino.Logger,
  started: Started,
): Promise<Omit<RunningServer, 'stop'>> {
  const listen = options.listen !== false;
  const workers = options.workers ?? config.workers;
  if (!listen && !config.workers) {
    throw new StartupError('WORKERS=off leaves a worker process nothing to do: unset WORKERS for npm run worker');
  }
  // The store first: a bucket that cannot be reached stops the start before anything else runs.
  const storage = createStorage(config);
  await storage.check();
  configureFileProcesses(config.fileProcesses);
  configurePdfRenderer(config.pdfRender);
  const { url, embedded } = await openDatabaseUrl(config, bootLog);
  started.embedded = embedded;
  const database = (started.database = createDatabase(url, bootLog));
  await migrateToLatest(database.db);
  await adoptLegacySecrets(database.db, config.dataDir, bootLog);
  const registration = (started.registration = await registerProcess(
    database.db,
    config,
    listen ? 'web' : 'worker',
    bootLog,
  ));
  const jobs = (started.jobs = await startJobs(url, bootLog, {
    maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
    processId: registration.id,
  }));
  await installRunningJobNotes(database.db);
  const mail = (started.mail = createMailSender(config, bootLog));
  if (config.env === 'production' && !config.smtpUrl) {
    bootLog.warn(`SMTP_URL is not set: every mail is written to ${config.outboxDir} and reaches nobody`);
  }
  // Checked beside the start, not before it: a relay that is down must not keep the app from serving.
  void mail.checkRelay();
  const { app, deps, routes } = await buildApp({
    config,
    db: database.db,
    databaseUrl: url,
    jobs,
    mail,
    storage,
    processId: registration.id,
    lifecycle: started.lifecycle,
  });
  started.app = app;
  started.deps = deps;
  if (workers) {
    await startWorkers(deps);
    // Long jobs of processes that died go to whichever process is there (this one included).
    const release = () =>
      registration
        .goneProcesses()
        .then((gone) => releaseJobsOfGoneProcesses(deps, gone))
        .catch((err: unknown) => deps.log.warn({ err: (err as Error).message }, 'handing on jobs failed'));
    await release();
    started.handOn = setInterval(() => void release(), HEARTBEAT_SECONDS * 1000);
    started.handOn.unref();
  } else if (listen) {
    bootLog.info('WORKERS=off: this process serves HTTP only; its jobs wait for a process with workers');
  }
  if (listen) await app.listen({ port: config.port, host: config.host }).catch(portTaken(config));
  if (options.warmChecks ?? listen) warmUploadChecks(deps.log);
  // Without its port (a second instance on this machine) the server runs on without it: startBounceListener says so.
  started.bounceListener = listen && config.bounceSmtp ? await startBounceListener(deps, config.bounceSmtp) : undefined;
  return { app, deps, routes, bounceListener: started.bounceListener, embedded };
}

/** The HTTP port taken by another program (a second instance on this machine): one line, not a stack trace. */
const portTaken = (config: Config) => (err: unknown) => {
  if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
  throw new StartupError(
    `PORT ${config.port} is in use by another program on ${config.host}: stop it, or set PORT to a free port`,
  );
};

/**
 * Stops what was started, in reverse: no new connections, running requests and jobs (the current
 * mail batch) finish within the grace, unfinished jobs go back to the queue; the database and the
 * embedded PostgreSQL close whatever failed before them.
 */
async function stopStarted(started: Started): Promise<void> {
  started.lifecycle.draining = true;
  clearInterval(started.handOn);
  try {
    await started.bounceListener?.close();
    const { app, jobs } = started;
    const cut = app && setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    cut?.unref();
    await Promise.all([app?.close().finally(() => clearTimeout(cut)), jobs?.stop(SHUTDOWN_GRACE_MS)]);
    if (started.deps) await forgetOwnRunningJobs(started.deps).catch(() => undefined);
    await started.registration?.stop();
    await closePdfRenderer(); // after the jobs: their renders are done
    await closePdfProcess();
    await closeStampProcess();
    await closePreviewProcess();
    started.mail?.close();
  } finally {
    try {
      await started.database?.close();
    } finally {
      await started.embedded?.stop();
    }
  }
}
