import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from '../../jobs/boss.ts';
import { fetchOnePerOffice } from '../../jobs/office-fair-fetch.ts';
import { releaseJobsOfGoneProcesses } from '../../jobs/running-jobs.ts';
import { uploadingOffice } from '../../../test/preview-scene.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { fixture } from '../../../test/upload-fixtures.ts';

/**
 * Issue 36: one office's heavy files must never hold another office's light ones. Preview jobs are
 * fetched by a fair priority: each office's first waiting file before any office's second.
 * The preview worker is stopped: the jobs wait in the queue, and the test fetches them as a worker would.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.deps.jobs.offWork(QUEUES.planPreview);
});
afterAll(() => server.stop());

test("another office's file is fetched before the first office's waiting ones", async () => {
  const busy = await uploadingOffice(server);
  const other = await uploadingOffice(server);
  const drawing = fixture('polylines.dxf');
  const busyFiles = [
    await busy.upload(drawing, 'A-1 Lageplan.dxf'),
    await busy.upload(drawing, 'A-2 Lageplan.dxf'),
    await busy.upload(drawing, 'A-3 Lageplan.dxf'),
  ];
  const otherFile = await other.upload(drawing, 'B-1 Lageplan.dxf');

  const fetched: string[] = [];
  for (;;) {
    const [job] = await server.deps.jobs.boss.fetch<{ fileId: string }>(QUEUES.planPreview);
    if (!job) break;
    fetched.push(job.data.fileId);
  }
  expect(fetched).toEqual([busyFiles[0], otherFile, busyFiles[1], busyFiles[2]]);
});

test('a fetch takes at most one job per office and none of an office whose job is in hand', async () => {
  const busy = await uploadingOffice(server);
  const other = await uploadingOffice(server);
  const third = await uploadingOffice(server);
  const drawing = fixture('polylines.dxf');
  const busyFiles = [await busy.upload(drawing, 'A-1 Lageplan.dxf'), await busy.upload(drawing, 'A-2 Lageplan.dxf')];
  const otherFiles = [await other.upload(drawing, 'B-1 Lageplan.dxf'), await other.upload(drawing, 'B-2 Lageplan.dxf')];
  const thirdFile = await third.upload(drawing, 'C-1 Lageplan.dxf');
  const { db, processId } = server.deps;
  const fetch = (busyOffices: string[]) =>
    fetchOnePerOffice<{ fileId: string }>(db, QUEUES.planPreview, processId, busyOffices, 10);

  const first = await fetch([busy.office.id]);
  expect(first.map((job) => job.data.fileId)).toEqual([otherFiles[0], thirdFile]);
  expect(first.map((job) => job.office)).toEqual([other.office.id, third.office.id]);
  // Taken as pg-boss takes them: active, and noted with this process (handed on if it dies).
  const { rows: states } = await sql<{ state: string }>`
    select state from pgboss.job where id = any(${first.map((job) => job.id)}::uuid[])`.execute(db);
  expect(states.map((row) => row.state)).toEqual(['active', 'active']);
  const notes = await db
    .selectFrom('running_job')
    .select('process_id')
    .where(
      'job_id',
      'in',
      first.map((j) => j.id),
    )
    .execute();
  expect(notes.map((note) => note.process_id)).toEqual([processId, processId]);

  // The busy office's first, the other office's second: one each, never two of one office.
  const second = await fetch([]);
  expect(second.map((job) => job.data.fileId)).toEqual([busyFiles[0], otherFiles[1]]);
  const afterBoth = await fetch([]);
  expect(afterBoth.map((job) => job.data.fileId)).toEqual([busyFiles[1]]);
});

test('a job fetched by a process that dies is handed on, not lost', async () => {
  const office = await uploadingOffice(server);
  const fileId = await office.upload(fixture('polylines.dxf'), 'D-1 Lageplan.dxf');
  const dead = randomUUID(); // a process id no server_process row names: gone
  const [job] = await fetchOnePerOffice<{ fileId: string }>(server.deps.db, QUEUES.planPreview, dead, [], 10);
  expect(job?.data.fileId).toBe(fileId);

  await releaseJobsOfGoneProcesses(server.deps, [dead]);
  const { rows } = await sql<{ state: string }>`
    select state from pgboss.job where id = ${job!.id}::uuid`.execute(server.deps.db);
  expect(rows[0]?.state).toBe('retry');
});
