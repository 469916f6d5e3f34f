import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createVersionRow } from '../../../test/upload-fixtures.ts';
import { versionQrToken } from '../qr/qr-token.ts';

// The key a single-machine installation wrote to DATA_DIR/qr-secret before the upgrade.
const legacyKey = randomBytes(32);
const legacyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-legacy-'));
let first: TestServer;
let second: RunningServer;

beforeAll(async () => {
  fs.writeFileSync(path.join(legacyDir, 'qr-secret'), legacyKey);
  first = await startTestServer({ dataDir: legacyDir });
  // Another process of the installation: same database, a machine of its own (an empty DATA_DIR).
  const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-other-'));
  second = await startServer(
    loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: first.databaseUrl, DATA_DIR: otherDir },
      { webDist: undefined, publicUrl: first.config.publicUrl },
    ),
    { listen: false, workers: false },
  );
}, 120_000);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  fs.rmSync(legacyDir, { recursive: true, force: true });
});

test('QR codes printed before the upgrade keep their link, and every process derives the same one', async () => {
  const office = await createTestOffice(first);
  const { versionId } = await createVersionRow(first.deps.db, office.id);
  const printed = createHmac('sha256', legacyKey).update(`qr-version:${versionId}`).digest('base64url');

  expect(await versionQrToken(first.deps, versionId)).toBe(printed);
  expect(await versionQrToken(second.deps, versionId)).toBe(printed);
  const stored = await first.deps.db.selectFrom('installation_secret').select('value').executeTakeFirstOrThrow();
  expect(stored.value.equals(legacyKey)).toBe(true);
});
