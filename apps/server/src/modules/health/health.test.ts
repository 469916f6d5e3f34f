import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api } from '../../../test/api.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const freeBytes = () => {
  const { bavail, bsize } = fs.statfsSync(server.config.dataDir);
  return bavail * bsize;
};

test('free space under DATA_DIR below MIN_FREE_DISK_MB is reported as degraded, the server stays up (200)', async () => {
  const http = api(server.app);
  server.deps.config.minFreeDiskBytes = Math.floor(freeBytes() / 2);
  const roomy = await http.get('/api/health');
  expect(roomy.statusCode).toBe(200);
  expect(roomy.json()).toMatchObject({ status: 'ok', database: 'up', disk: { ok: true } });

  server.deps.config.minFreeDiskBytes = freeBytes() * 2;
  const low = await http.get('/api/health');
  expect(low.statusCode).toBe(200);
  expect(low.json()).toMatchObject({
    status: 'degraded',
    database: 'up',
    disk: { ok: false, minFreeBytes: server.deps.config.minFreeDiskBytes },
  });
  expect(low.json<{ disk: { freeBytes: number } }>().disk.freeBytes).toBeGreaterThan(0);
});
