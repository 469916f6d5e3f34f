import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FileDto } from '@plankurier/shared';
import { nestedBlocksDxf, nestedFormsPdf } from '../../../test/heavy-files.ts';
import { uploadingOffice } from '../../../test/preview-scene.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { fixture } from '../../../test/upload-fixtures.ts';

/**
 * Issue 36: a few kilobytes of nested form XObjects or DXF blocks once drew for minutes and took
 * gigabytes, retried, while every other office's thumbnails waited. Small limits here: the preview
 * process is killed at them, the files are marked too complex, and another office's upload check
 * and thumbnails still finish.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    fileProcesses: {
      checks: { timeLimitMs: 60_000, memoryMb: 1024 },
      // The light files are drawn beside a heavy one (two preview processes): time for them on a loaded machine.
      previews: { timeLimitMs: 30_000, memoryMb: 512 },
    },
  });
});
afterAll(() => server.stop());

test('pathological PDF and DXF are killed at the preview limits and marked too complex; another office is served', async () => {
  const attacker = await uploadingOffice(server);
  const other = await uploadingOffice(server);
  const pdf = nestedFormsPdf();
  const dxf = nestedBlocksDxf();
  expect(pdf.length).toBeLessThan(8 * 1024);
  expect(dxf.length).toBeLessThan(8 * 1024);

  // The attacker's files are queued first; the other office's upload checks are answered meanwhile
  // (upload() expects the finished upload's 204, which comes after the check in the PDF process).
  const heavy = [await attacker.upload(pdf, 'X-1 Verschachtelt.pdf'), await attacker.upload(dxf, 'X-2 Blöcke.dxf')];
  const light = [
    await other.upload(fixture('hello_world_rotated.pdf'), 'A-101 Grundriss.pdf'),
    await other.upload(fixture('polylines.dxf'), 'A-104 Lageplan.dxf'),
  ];

  const settled = async (office: typeof attacker, fileId: string): Promise<FileDto> =>
    until(async () => {
      const file = await office.fileDto(fileId);
      return file.preview !== 'pending' && file;
    }, 100_000);
  const heavyFiles = await Promise.all(heavy.map((id) => settled(attacker, id)));
  const lightFiles = await Promise.all(light.map((id) => settled(other, id)));

  expect(heavyFiles.map((f) => f.preview)).toEqual(['too_complex', 'too_complex']);
  expect(lightFiles.map((f) => f.preview)).toEqual(['ready', 'ready']);
  // The too-complex PDF gets no sheet either (it is not tried again for it).
  const sheets = await server.deps.db
    .selectFrom('file')
    .select(['id', 'sheet_status'])
    .where('id', 'in', [heavy[0]!, light[0]!])
    .execute();
  expect(Object.fromEntries(sheets.map((s) => [s.id, s.sheet_status]))).toEqual({
    [heavy[0]!]: 'too_complex',
    [light[0]!]: expect.stringMatching(/^(pending|ready)$/),
  });
  // Generous: the drawing takes up to the preview limit twice, on a machine the test shares.
}, 240_000);
