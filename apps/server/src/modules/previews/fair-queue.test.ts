import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from '../../jobs/boss.ts';
import { uploadingOffice } from '../../../test/preview-scene.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { fixture } from '../../../test/upload-fixtures.ts';

/**
 * Issue 36: one office's heavy files must never hold another office's light ones. Preview jobs are
 * fetched by a fair priority: each office's first waiting file before any office's second.
 * The preview workers are stopped: the jobs wait in the queue, and the test fetches them as a worker would.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.deps.jobs.boss.offWork(QUEUES.planPreview);
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
