/**
 * WORKERS=off: a web process without job workers, beside worker processes that do its jobs
 * (README, "Running on several machines").
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from './config.ts';
import type { Db } from './db/index.ts';
import { QUEUES } from './jobs/boss.ts';
import { startServer, type RunningServer } from './server.ts';
import { StartupError } from './startup-error.ts';
import { api, uniqueEmail } from '../test/api.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { createTestDatabase } from '../test/test-server.ts';

let smtp: SmtpSink;
let env: Record<string, string>;
const running: RunningServer[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: await createTestDatabase(),
    SMTP_URL: smtp.url,
    DATA_DIR: path.join(os.tmpdir(), `plankurier-workers-${randomBytes(4).toString('hex')}`),
  };
});

afterAll(async () => {
  for (const server of running.reverse()) await server.stop();
  await smtp?.close();
  if (env) fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
});

const start = async (extra: Record<string, string>, options: { listen?: boolean } = {}) => {
  const server = await startServer(loadConfig({ ...env, ...extra }, { webDist: undefined }), options);
  running.push(server);
  return server;
};

/** Queues whose job workers have started: each registers its schedule in the database as it starts. */
const schedules = async (db: Db) =>
  (await sql<{ name: string }>`select name from pgboss.schedule order by name`.execute(db)).rows.map((r) => r.name);

const jobStates = async (db: Db, queue: string) =>
  (await sql<{ state: string }>`select state from pgboss.job where name = ${queue}`.execute(db)).rows.map(
    (r) => r.state,
  );

test('a web process with WORKERS=off serves and queues jobs but runs none; a worker process beside it runs them', async () => {
  const web = await start({ WORKERS: 'off' });
  const email = uniqueEmail();
  const signUp = await api(web.app).post('/api/user', {
    email,
    password: 'geheim123',
    firstName: 'Anna',
    lastName: 'Architektin',
    company: 'Büro Anna',
  });
  expect(signUp.statusCode).toBe(201);
  // No job worker started in this process, so nothing here could have taken the sign-up's mail.
  expect(await schedules(web.deps.db)).toEqual([]);
  expect(await jobStates(web.deps.db, QUEUES.accountMail)).toEqual(['created']);

  const worker = await start({}, { listen: false });
  expect(await schedules(worker.deps.db)).toContain(QUEUES.archiveExpiry);
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email));
  expect(mail.parsed.subject).toBeTruthy();
});

test('WORKERS=off for a worker process (npm run worker) stops its start with one line', async () => {
  const failed = await start({ WORKERS: 'off' }, { listen: false }).then(
    () => new Error('started'),
    (err: unknown) => err,
  );
  expect(failed).toBeInstanceOf(StartupError);
  expect((failed as Error).message).toBe(
    'WORKERS=off leaves a worker process nothing to do: unset WORKERS for npm run worker',
  );
  expect(() => loadConfig({ WORKERS: 'nein' })).toThrow(/^WORKERS: WORKERS must be on or off$/);
});
