import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { createTestDatabase } from '../test/test-server.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

test('the server process starts, answers, and on SIGTERM closes HTTP, jobs and database and exits 0', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: await createTestDatabase(),
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  let health = 0;
  for (let i = 0; i < 120 && health !== 200; i++) {
    health = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (health !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  expect(health).toBe(200);

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output).toContain('shutting down');
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
}, 60_000);

/** Starts main.ts in production with these settings over ours; its exit code and stderr. */
async function productionStart(settings: Record<string, string | undefined>) {
  const { MAIL_FROM: _from, SMTP_URL: _relay, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: await createTestDatabase(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-start-')),
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  // A start under tsx on a busy machine takes tens of seconds before config is read.
  const code = await Promise.race([exited, sleep(90_000).then(() => 'still running')]);
  if (code === 'still running') child.kill('SIGTERM');
  return { code, stderrLines: stderr.trim().split('\n') };
}

test('a production start with a mail sender under .local stops with one line that says what to do, no stack trace', async () => {
  const { code, stderrLines } = await productionStart({ SMTP_URL: 'smtp://mail.buero-berg.de:587' });
  expect(code).toBe(1);
  expect(stderrLines).toEqual([
    expect.stringMatching(
      /^Plankurier cannot start: MAIL_FROM .*\.local.*: set MAIL_FROM to an address of your domain/,
    ),
  ]);
}, 120_000);

test('a production start without SMTP_URL stops with one line that says what to set, no stack trace', async () => {
  const { code, stderrLines } = await productionStart({ MAIL_FROM: 'Büro Berg <noreply@buero-berg.de>' });
  expect(code).toBe(1);
  expect(stderrLines).toEqual([
    expect.stringMatching(/^Plankurier cannot start: production sends mail through a relay, but SMTP_URL is not set/),
  ]);
}, 120_000);
