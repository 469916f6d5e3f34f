import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
import { ensureDatabase } from './index.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { api, signUpOffice } from '../../test/api.ts';

// A PostgreSQL of this test's own, so that stopping it disturbs no other test file.
let pgDir: string;
let pg: EmbeddedDatabase;
let server: TestServer;
let port: number;

beforeAll(async () => {
  pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-restart-'));
  pg = await startEmbeddedPostgres(pgDir);
  port = Number(new URL(pg.url('postgres')).port);
  await ensureDatabase(pg.url('postgres'), 'plankurier');
  server = await startTestServer({ databaseUrl: pg.url('plankurier') });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await pg?.stop().catch(() => undefined);
  fs.rmSync(pgDir, { recursive: true, force: true });
});

test('while the database is down requests fail fast with 503, and work again once it is back', async () => {
  const { token } = await signUpOffice(server.app, server.smtp);
  const http = api(server.app);
  expect((await http.get('/api/user', token)).statusCode).toBe(200);

  await pg.stop();
  const started = Date.now();
  const down = await http.get('/api/user', token);
  expect(down.statusCode).toBe(503);
  expect(down.json().msgCode).toBe('common.unavailable');
  expect(Date.now() - started).toBeLessThan(5000);
  expect((await http.get('/api/health')).statusCode).toBe(503);

  pg = await startEmbeddedPostgres(pgDir, { port });
  let status = 0;
  for (let i = 0; i < 40 && status !== 200; i++) {
    status = (await http.get('/api/user', token)).statusCode;
    if (status !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  expect(status).toBe(200);
  expect(process.exitCode ?? 0).toBe(0);
}, 60_000);
