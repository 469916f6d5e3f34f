import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from '../../jobs/boss.ts';
import { queueSheet, sheetJobId } from '../../jobs/plan-sheet-worker.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { nestedFormsPdf } from '../../../test/heavy-files.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { createVersionRow, fixture, insertStoredBytes } from '../../../test/upload-fixtures.ts';

/**
 * Issue 36: plan sheets were fetched in pg-boss batches drawn one after the other, and every sheet
 * waited while any office had thumbnails queued — one office's heavy sheets or flood of uploads held
 * every office's. Now one sheet per office is in hand, and a sheet waits for its own office's
 * thumbnails only. The preview worker is stopped: a thumbnail job queued stays queued.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    fileProcesses: {
      checks: { timeLimitMs: 60_000, memoryMb: 1024 },
      previews: { timeLimitMs: 120_000, memoryMb: 1536 },
    },
  });
  await server.deps.jobs.offWork(QUEUES.planPreview);
});
afterAll(() => server.stop());

/** A PDF stored with its thumbnail made (or, `previewPending`, still to be made); its sheet queued unless `queued: false`. */
async function storedPdf(officeId: string, data: Buffer, options: { previewPending?: boolean; queued?: boolean } = {}) {
  const { db } = server.deps;
  const { versionId, docId } = await createVersionRow(db, officeId);
  const row = await insertStoredBytes(server.deps, { _id: versionId, doc: docId }, 'pdf', 'Plan.pdf', data);
  await db
    .updateTable('file')
    .set({ preview_status: options.previewPending ? 'pending' : 'ready', sheet_status: 'pending' })
    .where('id', '=', row.id)
    .execute();
  if (options.queued !== false) await db.transaction().execute((tx) => queueSheet(server.deps, tx, [row.id]));
  return row.id;
}

const sheetJobState = async (fileId: string) => {
  const { rows } = await sql<{ state: string }>`
    select state from pgboss.job where name = ${QUEUES.planSheet} and id = ${sheetJobId(fileId)}::uuid`.execute(
    server.deps.db,
  );
  return rows[0]?.state;
};
const sheetStatus = async (fileId: string) =>
  (await server.deps.db.selectFrom('file').select('sheet_status').where('id', '=', fileId).executeTakeFirstOrThrow())
    .sheet_status;

test("another office's sheet is drawn while the first office's heavy sheet is still drawing and its thumbnails wait", async () => {
  const attacker = await createTestOffice(server);
  const other = await createTestOffice(server);
  const heavy = await storedPdf(attacker.id, nestedFormsPdf());
  await until(async () => (await sheetJobState(heavy)) === 'active' || undefined, 30_000);
  // The attacker's thumbnail queued now stays queued (the preview worker is off): before, every
  // office's sheets waited for it.
  const attackerThumbnail = await storedPdf(attacker.id, fixture('hello_world_rotated.pdf'), {
    previewPending: true,
    queued: false,
  });
  await server.deps.db
    .transaction()
    .execute((tx) =>
      server.deps.jobs.enqueueMany(tx, QUEUES.planPreview, [
        { id: attackerThumbnail, data: { fileId: attackerThumbnail } },
      ]),
    );

  const light = await storedPdf(other.id, fixture('hello_world_rotated.pdf'));
  await until(async () => (await sheetStatus(light)) === 'ready' || undefined, 60_000);

  // The heavy sheet's job is still in hand: the light one did not wait for it to end (its status may
  // already say too_complex when it passed its cap in the same instant; the job ends after that).
  expect(await sheetJobState(heavy)).toBe('active');
}, 180_000);

test('a sheet waits while its own office has thumbnails to make, and is drawn once they are made', async () => {
  const office = await createTestOffice(server);
  const unfinishedThumbnail = await storedPdf(office.id, fixture('tracemonkey.pdf'), {
    previewPending: true,
    queued: false,
  });
  const sheet = await storedPdf(office.id, fixture('hello_world_rotated.pdf'));
  await until(async () => (await sheetJobState(sheet)) === 'active' || undefined, 30_000);
  // Long enough for a light sheet to be drawn were it not waiting.
  await sleep(3_000);
  expect(await sheetStatus(sheet)).toBe('pending');

  await server.deps.db
    .updateTable('file')
    .set({ preview_status: 'ready' })
    .where('id', '=', unfinishedThumbnail)
    .execute();
  await until(async () => (await sheetStatus(sheet)) === 'ready' || undefined, 60_000);
}, 120_000);
