/**
 * The embedded default on one machine: when its PostgreSQL process dies, the server notices,
 * starts it again and serves again — requests in the gap answer 503 common.unavailable at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from '../server.ts';
import { signUpOffice } from '../../test/api.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { sleep, until } from '../../test/until.ts';

let dataDir: string;
let smtp: SmtpSink;
let server: RunningServer;
let baseUrl: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-embedded-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must reach DATA_DIR/pg
  smtp = await startSmtpSink();
  // No DATABASE_URL: the embedded PostgreSQL under DATA_DIR/pg, as `npm start` runs it.
  server = await startServer(
    loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: smtp.url },
      { webDist: undefined, publicUrl: 'http://plankurier.test' },
    ),
  );
  const address = server.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number | 'no answer';
  msgCode?: string;
  /** Asked after the kill. */
  afterKill: boolean;
  /** Asked before the kill and answered after it: either answer is right. */
  straddles: boolean;
}

test('PostgreSQL killed under a steady load: 503s in the gap, then 200s again, without restarting the server', async () => {
  const { token } = await signUpOffice(server.app, smtp);
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);

  const answers: Answer[] = [];
  let killed = false;
  const ask = async (): Promise<Answer> => {
    const afterKill = killed;
    try {
      // Ten seconds is far beyond any answer here: running into it means the request hung.
      const res = await fetch(`${baseUrl}/api/user`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { msgCode?: string };
      return { status: res.status, msgCode: body.msgCode, afterKill, straddles: !afterKill && killed };
    } catch {
      return { status: 'no answer', afterKill, straddles: !afterKill && killed };
    }
  };
  // A steady load: a request every 50 ms, until 40 answers in a row after the kill were 200 (at most 60 s).
  const load = (async () => {
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      answers.push(await ask());
      const tail = answers.slice(-40);
      if (tail.length === 40 && tail.every((a) => a.afterKill && a.status === 200)) return;
      await sleep(50);
    }
  })();

  // The kill comes once the load is under way (counted, not timed: a busy machine answers slower).
  await until(async () => answers.filter((a) => a.status === 200).length >= 10, 30_000);
  killed = true;
  process.kill(postmaster, 'SIGKILL');
  await load;

  const before = answers.filter((a) => !a.afterKill && !a.straddles);
  const after = answers.filter((a) => a.afterKill);
  expect(before.length).toBeGreaterThanOrEqual(10);
  expect(before.every((a) => a.status === 200)).toBe(true);
  const gap = after.filter((a) => a.status !== 200);
  const unavailable = (a: Answer) => a.status === 503 && a.msgCode === 'common.unavailable';
  // Every answer in the gap is a 503 with its msgCode; none hung, none was a 500.
  expect(gap.length).toBeGreaterThan(0);
  expect(gap.every(unavailable)).toBe(true);
  // The request the kill interrupted got one of the two as well.
  expect(answers.filter((a) => a.straddles).every((a) => a.status === 200 || unavailable(a))).toBe(true);
  // Once back, it stays back: the last 40 answers were all 200.
  expect(after.slice(-40).every((a) => a.status === 200)).toBe(true);
  // A new postmaster serves, started by the server itself.
  const restarted = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  expect(restarted).not.toBe(postmaster);
  console.info(`embedded PostgreSQL killed: ${gap.length} answers 503, then ${after.length - gap.length} answers 200`);
}, 120_000);
