import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { nestedBlocksDxf, nestedFormsPdf } from '../../../test/heavy-files.ts';
import { uploadingOffice } from '../../../test/preview-scene.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { fixture } from '../../../test/upload-fixtures.ts';

/**
 * Issue 36: a second office's thumbnails once waited behind the first office's heavy previews
 * (both fetchers held them, one preview process drew them one after another up to their limits).
 * Now one job per office is in hand and each office draws in one of the two preview processes:
 * the other office's thumbnail is made while the heavy files are still being drawn. Limits high
 * enough that the heavy files are still drawing when the light ones are done.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    fileProcesses: {
      checks: { timeLimitMs: 60_000, memoryMb: 1024 },
      previews: { timeLimitMs: 120_000, memoryMb: 1536 },
    },
  });
});
afterAll(() => server.stop());

const jobState = async (fileId: string) => {
  const { rows } = await sql<{ state: string }>`
    select state from pgboss.job where name = 'plan-preview' and id = ${fileId}::uuid`.execute(server.deps.db);
  return rows[0]?.state;
};

test("another office's thumbnails are made while the first office's heavy files are still being drawn", async () => {
  const attacker = await uploadingOffice(server);
  const other = await uploadingOffice(server);
  const heavy = [
    await attacker.upload(nestedFormsPdf(), 'X-1 Verschachtelt.pdf'),
    await attacker.upload(nestedBlocksDxf(), 'X-2 Blöcke.dxf'),
  ];
  // The first heavy file is being drawn before the other office uploads.
  await until(async () => (await jobState(heavy[0]!)) === 'active', 30_000);

  const light = [
    await other.upload(fixture('hello_world_rotated.pdf'), 'A-101 Grundriss.pdf'),
    await other.upload(fixture('polylines.dxf'), 'A-104 Lageplan.dxf'),
  ];
  for (const fileId of light)
    await until(async () => (await other.fileDto(fileId)).preview === 'ready' || undefined, 60_000);

  // The heavy PDF is still being drawn: the light ones did not wait for it to pass its limit.
  expect(await jobState(heavy[0]!)).toBe('active');
  expect((await attacker.fileDto(heavy[0]!)).preview).toBe('pending');
  // Its office's second heavy file waits for the first: one job of an office at a time.
  expect(await jobState(heavy[1]!)).toBe('created');
}, 180_000);
