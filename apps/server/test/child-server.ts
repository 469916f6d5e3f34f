import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/index.ts';
import { createTestDatabase } from './test-server.ts';
import { until } from './until.ts';

export { freePort } from '../src/db/embedded.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * A server process of its own (`args` as after `node`, from the repository root), started with
 * `env` over this process' environment; resolves once `ready` says so. Node with tsx's loader
 * rather than the tsx command: that one runs the server in a grandchild process, which a SIGKILL
 * to the command would not reach. The caller kills what it started (`children` holds the live ones).
 */
export async function spawnServer(
  args: string[],
  env: Record<string, string>,
  ready: (child: ChildProcess) => Promise<boolean>,
  children: Set<ChildProcess>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    return ready(child);
  }, 90_000);
  return child;
}

/** True once `url` answers 200 (a web process' health or readiness). */
export const answers = (url: string) => () =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

/** The delivery's final status, once it has one. */
export const deliveryEnd = (db: Db, deliveryId: string, timeoutMs = 90_000) =>
  until(async () => {
    const row = await db.selectFrom('delivery').select('status').where('id', '=', deliveryId).executeTakeFirstOrThrow();
    return row.status !== 'DELIVERING' && row.status;
  }, timeoutMs);

/**
 * A fresh database and data directory for server processes of their own, and the environment that
 * points them there, mailing to `smtpUrl` (`name` marks the directory).
 */
export async function childServerEnv(smtpUrl: string, name: string) {
  const databaseUrl = await createTestDatabase();
  const dataDir = path.join(os.tmpdir(), `plankurier-${name}-${randomBytes(4).toString('hex')}`);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'http://plankurier.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  return { databaseUrl, dataDir, env };
}

/**
 * A process of its own (`args` as after `node`, from the repository root) that is expected to end by
 * itself: its exit code and stderr, or 'still running' after `timeoutMs` (then it is killed).
 */
export async function runToExit(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<{ code: number | null | 'still running'; stderr: string }> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    exited,
    new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (code === 'still running') {
    child.kill('SIGKILL');
    await exited;
  }
  return { code, stderr };
}
