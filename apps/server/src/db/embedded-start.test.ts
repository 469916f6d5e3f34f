/**
 * Starts on one DATA_DIR without DATABASE_URL (the embedded PostgreSQL under DATA_DIR/pg), as real
 * processes: a worker beside a running server, a server killed outright, a start that fails, and a
 * PostgreSQL that cannot start. One cluster serves the whole file (initdb and every start cost
 * seconds), so the tests run in this order: the second kills the server the first started.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { StartupError } from '../startup-error.ts';
import { freePort, startEmbeddedPostgres } from './embedded.ts';
import { answers, runToExit, spawnServer } from '../../test/child-server.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';

const MAIN = ['--import', 'tsx', 'apps/server/src/main.ts'];
const WORKER = ['--import', 'tsx', 'apps/server/src/worker.ts'];

const children = new Set<ChildProcess>();
const folders: string[] = [];
let dataDir: string;
let pidFile: string;
let smtp: SmtpSink;

/** The environment of `npm start` on this DATA_DIR: no DATABASE_URL, whatever the caller's shell has. */
const env = (extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'http://plankurier.test',
  WEB_DIST: path.join(dataDir, 'no-web'),
  HOST: '127.0.0.1',
  ...extra,
});

/** The pid in DATA_DIR/pg/postmaster.pid, while there is one. */
const postmasterPid = () => (fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0);
/** Whether `pid` runs; an ended process that init has not yet reaped (a zombie) does not. */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    const stat = process.platform === 'linux' ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
};

/** A port some other program listens on. */
const takenPort = () =>
  new Promise<net.Server>((resolve) => {
    const holder = net.createServer().listen(0, '127.0.0.1', () => resolve(holder));
  });
const portOf = (holder: net.Server) => (holder.address() as net.AddressInfo).port;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-embedded-start-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must reach DATA_DIR/pg
  folders.push(dataDir);
  pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  smtp = await startSmtpSink();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  const left = postmasterPid();
  if (left && isRunning(left)) process.kill(left, 'SIGINT');
  await smtp?.close();
  folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true }));
});

let server: ChildProcess;

test("a worker started beside a running server on its DATA_DIR refuses in one line and leaves the server's database running", async () => {
  const port = await freePort();
  server = await spawnServer(
    MAIN,
    env({ PORT: String(port) }),
    answers(`http://127.0.0.1:${port}/api/health/ready`),
    children,
  );
  const postmaster = postmasterPid();
  expect(isRunning(postmaster)).toBe(true);

  const worker = await runToExit(WORKER, env());
  // The server's PostgreSQL was not stopped (nor replaced), and the server still serves.
  expect(postmasterPid()).toBe(postmaster);
  expect(isRunning(postmaster)).toBe(true);
  expect(worker.code).toBe(1);
  expect(worker.stderr.trim().split('\n')).toEqual([
    `Plankurier cannot start: the database of DATA_DIR (${dataDir}) is in use by process ${server.pid}; set DATABASE_URL to share it`,
  ]);
  expect(await answers(`http://127.0.0.1:${port}/api/health/ready`)()).toBe(true);
}, 180_000);

test('the PostgreSQL of a server killed outright is a leftover: the next start stops it and goes on', async () => {
  const postmaster = postmasterPid();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
  expect(isRunning(postmaster)).toBe(true); // its owner is gone, it is not

  const pg = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
  try {
    expect(isRunning(postmaster)).toBe(false);
    expect(postmasterPid()).not.toBe(postmaster);
  } finally {
    await pg.stop();
  }
}, 120_000);

test('a start that fails (its PORT is taken) stops the embedded PostgreSQL it started and says why in one line', async () => {
  const holder = await takenPort();
  try {
    const start = await runToExit(MAIN, env({ PORT: String(portOf(holder)) }));
    expect(start.code).toBe(1);
    // It had started the database before it tried the port, and stopped it again before it ended.
    const postmaster = postmasterPid();
    expect(postmaster === 0 || !isRunning(postmaster)).toBe(true);
    expect(start.stderr.trim().split('\n')).toEqual([
      `Plankurier cannot start: PORT ${portOf(holder)} is in use by another program on 127.0.0.1: stop it, or set PORT to a free port`,
    ]);
  } finally {
    holder.close();
  }
}, 120_000);

test('a PostgreSQL that cannot start says its own reason and what to do, in two lines at most', async () => {
  // The folder for its socket and the socket's lock file is not writable for the database's own user.
  const socketFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-socket-'));
  folders.push(socketFolder);
  fs.chmodSync(socketFolder, 0o555);
  const conf = path.join(dataDir, 'pg', 'postgresql.conf');
  const original = fs.readFileSync(conf, 'utf8');
  fs.appendFileSync(conf, `\nunix_socket_directories = '${socketFolder}'\n`);
  try {
    const err = await startEmbeddedPostgres(path.join(dataDir, 'pg')).then(
      (pg) => pg.stop().then(() => new Error('started')),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartupError);
    const lines = (err as Error).message.split('\n');
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^the embedded PostgreSQL did not start: could not create lock file "${socketFolder}/\\.s\\.PGSQL\\.\\d+\\.lock": Permission denied`,
      ),
    );
    const user = process.getuid?.() === 0 ? 'the system user "postgres"' : `the user "${os.userInfo().username}"`;
    expect(lines.at(-1)).toContain(`${user}`);
    expect(lines.at(-1)).toContain(`write to ${socketFolder}`);
    expect(lines.at(-1)).toContain('or set DATABASE_URL to a PostgreSQL server');
  } finally {
    fs.writeFileSync(conf, original);
  }

  // Its port taken by another program: PostgreSQL's words again, and its hint.
  const holder = await takenPort();
  try {
    const err = await startEmbeddedPostgres(path.join(dataDir, 'pg'), { port: portOf(holder) }).then(
      (pg) => pg.stop().then(() => new Error('started')),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toMatch(
      /^the embedded PostgreSQL did not start: could not bind IPv4 address "127\.0\.0\.1": Address already in use/,
    );
    expect((err as Error).message.split('\n').length).toBeLessThanOrEqual(2);
  } finally {
    holder.close();
  }
}, 120_000);
