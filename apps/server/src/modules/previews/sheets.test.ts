import fs from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHEET_PIXELS, type RecipientPageDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { sentPlan, uploadingOffice } from '../../../test/preview-scene.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { createVersionRow, fixture, insertStoredBytes } from '../../../test/upload-fixtures.ts';
import { runPlanPreview } from '../../jobs/plan-preview-worker.ts';
import { runPlanSheet } from '../../jobs/plan-sheet-worker.ts';

let server: TestServer;
let office: { id: string; token: string };
let uploads: Awaited<ReturnType<typeof uploadingOffice>>;

beforeAll(async () => {
  server = await startTestServer();
  uploads = await uploadingOffice(server);
  office = uploads.office;
});
afterAll(() => server.stop());

const upload = (data: Buffer, filename: string) => uploads.upload(data, filename);
const fileDto = (fileId: string) => uploads.fileDto(fileId);
const fileRow = (fileId: string) =>
  server.deps.db.selectFrom('file').selectAll().where('id', '=', fileId).executeTakeFirst();

/** Every object in the local storage: a sheet that was not kept leaves none behind. */
function storedObjects(): string[] {
  const root = path.join(server.deps.config.dataDir, 'files');
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('.partial'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A PDF stored as an upload leaves it, its thumbnail recorded, its sheet still to be made. */
async function storedPdfAwaitingSheet(data: Buffer, filename: string) {
  const { versionId, docId } = await createVersionRow(server.deps.db, office.id);
  const row = await insertStoredBytes(server.deps, { _id: versionId, doc: docId }, 'pdf', filename, data);
  await server.deps.db
    .updateTable('file')
    .set({ preview_status: 'ready', sheet_status: 'pending' })
    .where('id', '=', row.id)
    .execute();
  return row;
}

describe("a PDF's first page is drawn at screen size for the viewer, after its thumbnail", () => {
  test("an uploaded PDF gets its sheet: a WebP, 2048 px on the longer side, the page's shape", async () => {
    const fileId = await upload(fixture('tracemonkey.pdf'), 'A-301 Grundriss.pdf');
    const file = await until(async () => {
      const dto = await fileDto(fileId);
      return dto.sheet && dto;
    }, 60_000);
    expect(file.preview).toBe('ready');
    const res = await api(server.app).get(`/api/file/${fileId}/sheet`, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const picture = await loadImage(res.rawPayload);
    expect(Math.max(picture.width, picture.height)).toBe(SHEET_PIXELS);
    // tracemonkey's first page is US Letter upright (612 × 792 pt).
    expect(picture.width / picture.height).toBeCloseTo(612 / 792, 2);
    const again = await server.app.inject({
      method: 'GET',
      url: `/api/file/${fileId}/sheet`,
      headers: { authorization: `Bearer ${office.token}`, 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  test('a DWG and a DXF get no sheet: the file says so and the route answers 404 file.no_preview', async () => {
    for (const [name, filename] of [
      ['sample_2018.dwg', 'A-302 Schnitt.dwg'],
      ['polylines.dxf', 'A-303 Lageplan.dxf'],
    ] as const) {
      const fileId = await upload(fixture(name), filename);
      const file = await until(async () => {
        const dto = await fileDto(fileId);
        return dto.preview !== 'pending' && dto;
      }, 60_000);
      expect([file.preview, file.sheet]).toEqual(['ready', false]);
      expect((await fileRow(fileId))?.sheet_status).toBeNull();
      await runPlanSheet(server.deps, { fileId });
      expect((await fileRow(fileId))?.sheet_key).toBeNull();
      const res = await api(server.app).get(`/api/file/${fileId}/sheet`, office.token);
      expect([res.statusCode, res.json<{ msgCode: string }>().msgCode]).toEqual([404, 'file.no_preview']);
    }
  });

  test('the sheet is made once: a second run keeps the first sheet and stores nothing new', async () => {
    const row = await storedPdfAwaitingSheet(fixture('hello_world_rotated.pdf'), 'A-304.pdf');
    await runPlanSheet(server.deps, { fileId: row.id });
    const first = await fileRow(row.id);
    expect([first?.sheet_status, typeof first?.sheet_key]).toEqual(['ready', 'string']);
    const objects = storedObjects().length;
    await runPlanSheet(server.deps, { fileId: row.id });
    expect((await fileRow(row.id))?.sheet_key).toBe(first?.sheet_key);
    expect(storedObjects()).toHaveLength(objects);
  });

  test('a file deleted while its sheet is drawn keeps nothing in storage', async () => {
    const row = await storedPdfAwaitingSheet(fixture('tracemonkey.pdf'), 'A-305.pdf');
    const before = storedObjects().filter((object) => !object.endsWith(row.storage_key.split('/')[1]!));
    const running = runPlanSheet(server.deps, { fileId: row.id });
    await server.deps.db.deleteFrom('file').where('id', '=', row.id).execute();
    await server.deps.storage.remove(row.storage_key);
    await running;
    expect(storedObjects().sort()).toEqual(before.sort());
  });

  test('a damaged PDF gets no sheet, and nothing breaks: failed, no key, 404 on the route', async () => {
    const row = await storedPdfAwaitingSheet(Buffer.from('%PDF-1.7\n1 0 obj <<'), 'kaputt.pdf');
    await runPlanSheet(server.deps, { fileId: row.id });
    const after = await fileRow(row.id);
    expect([after?.sheet_status, after?.sheet_key]).toEqual(['failed', null]);
    const res = await api(server.app).get(`/api/file/${row.id}/sheet`, office.token);
    expect([res.statusCode, res.json<{ msgCode: string }>().msgCode]).toEqual([404, 'file.no_preview']);
  });

  test('a PDF whose thumbnail cannot be drawn is not queued for a sheet: its sheet ends failed with it', async () => {
    const { versionId, docId } = await createVersionRow(server.deps.db, office.id);
    const row = await insertStoredBytes(
      server.deps,
      { _id: versionId, doc: docId },
      'pdf',
      'leer.pdf',
      Buffer.from('%PDF-1.7\n'),
    );
    await server.deps.db
      .updateTable('file')
      .set({ preview_status: 'pending', sheet_status: 'pending' })
      .where('id', '=', row.id)
      .execute();
    await runPlanPreview(server.deps, { fileId: row.id });
    expect((await fileRow(row.id))?.sheet_status).toBe('failed');
  });

  test("another office's file has no sheet for me: 404", async () => {
    const row = await storedPdfAwaitingSheet(fixture('hello_world_rotated.pdf'), 'A-306.pdf');
    await runPlanSheet(server.deps, { fileId: row.id });
    expect((await api(server.app).get(`/api/file/${row.id}/sheet`, office.token)).statusCode).toBe(200);
    const other = await createTestOffice(server);
    const res = await api(server.app).get(`/api/file/${row.id}/sheet`, other.token);
    expect([res.statusCode, res.json<{ msgCode: string }>().msgCode]).toEqual([404, 'common.not_found']);
  });
});

test('the recipient sees the sheet of a PDF sent with the link, until the link is revoked; viewing it is no download', async () => {
  const { sender, files, recipient, token } = await sentPlan(
    server,
    { number: 'A-401', name: 'Ansicht', kinds: ['pdf'] },
    { getsPdf: true, getsTec: false },
  );
  const pdf = files[0]!;
  const http = api(server.app);
  const sheetUrl = `/api/d/${token}/files/${pdf.id}/sheet`;

  await server.deps.db
    .updateTable('file')
    .set({ preview_status: 'pending', sheet_status: 'pending' })
    .where('id', '=', pdf.id)
    .execute();
  await runPlanPreview(server.deps, { fileId: pdf.id });
  expect((await http.get(`/api/d/${token}`)).json<RecipientPageDto>().files[0]?.sheet).toBe(false);
  const missing = await http.get(sheetUrl);
  expect([missing.statusCode, missing.json<{ msgCode: string }>().msgCode]).toEqual([404, 'file.no_preview']);

  await runPlanSheet(server.deps, { fileId: pdf.id });
  expect((await http.get(`/api/d/${token}`)).json<RecipientPageDto>().files[0]?.sheet).toBe(true);
  const shown = await http.get(sheetUrl);
  expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/webp']);
  const forged = await http.get(`/api/d/${'F'.repeat(43)}/files/${pdf.id}/sheet`);
  expect(forged.statusCode).toBe(404);
  expect(
    await server.deps.db.selectFrom('download').selectAll().where('recipient_id', '=', recipient.id).execute(),
  ).toEqual([]);

  const revoke = await http.post(`/api/delivery/recipient/${recipient.id}/revoke`, {}, sender.token);
  expect(revoke.statusCode).toBe(204);
  const revoked = await http.get(sheetUrl);
  expect([revoked.statusCode, revoked.json<{ msgCode: string }>().msgCode]).toEqual([404, 'common.not_found']);
});
