import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api } from '../../../test/api.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { loadConfig } from '../../config.ts';
import { diskReport } from './free-disk.ts';
import { writtenPlaces } from './written-places.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const freeBytes = () => {
  const { bavail, bsize } = fs.statfsSync(server.config.dataDir);
  return bavail * bsize;
};

test('free space below MIN_FREE_DISK_MB is reported as degraded, the server stays up (200)', async () => {
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

test('each disk written to is reported once with its places, and one without room by name, though DATA_DIR has room', async () => {
  const { dataDir } = server.config;
  const report = await diskReport(
    [
      { name: 'data', path: dataDir },
      { name: 'files', path: path.join(dataDir, 'files') },
      // Not made yet: it counts on the disk it will be made on.
      { name: 'archives', path: path.join(dataDir, 'not', 'made', 'yet') },
      // procfs: a file system of its own with no room at all, on any Linux, without mounting one.
      { name: 'uploads', path: '/proc' },
    ],
    1024 * 1024,
  );
  expect(report).toMatchObject({
    ok: false,
    freeBytes: 0,
    minFreeBytes: 1024 * 1024,
    low: ['uploads'],
    places: [
      { names: ['data', 'files', 'archives'], ok: true },
      { names: ['uploads'], freeBytes: 0, ok: false },
    ],
  });
  expect(report.places[0]!.freeBytes).toBeGreaterThan(1024 * 1024);
});

test('the places checked follow the configuration: local storage, the outbox and the embedded database only when used', () => {
  const names = (env: Record<string, string>) =>
    writtenPlaces(loadConfig({ DATA_DIR: '/srv/plankurier', ...env })).map((p) => `${p.name} ${p.path}`);
  expect(names({})).toEqual([
    'data /srv/plankurier',
    'database /srv/plankurier/pg',
    'uploads /srv/plankurier/uploads',
    'files /srv/plankurier/files',
    'outbox /srv/plankurier/outbox',
    'temp /srv/plankurier/tmp',
    'archives /srv/plankurier/archives-tmp',
    'title-blocks /srv/plankurier/title-blocks',
    `system-temp ${os.tmpdir()}`,
  ]);
  expect(
    names({
      DATABASE_URL: 'postgres://db/plankurier',
      SMTP_URL: 'smtp://mail.example.org',
      STORAGE: 's3',
      S3_BUCKET: 'plaene',
    }),
  ).toEqual([
    'data /srv/plankurier',
    'temp /srv/plankurier/tmp',
    'archives /srv/plankurier/archives-tmp',
    'title-blocks /srv/plankurier/title-blocks',
    `system-temp ${os.tmpdir()}`,
  ]);
});
