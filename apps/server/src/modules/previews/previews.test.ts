import { loadImage, createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeDrawingScene, type FileDto, type RecipientPageDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import { cadFixture } from '../../../test/cad-drawings.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { sentPlan, uploadingOffice } from '../../../test/preview-scene.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { createVersionRow, fixture, insertStoredBytes } from '../../../test/upload-fixtures.ts';
import { runPlanPreview } from '../../jobs/plan-preview-worker.ts';

let server: TestServer;
let office: { id: string; token: string };
let uploads: Awaited<ReturnType<typeof uploadingOffice>>;

beforeAll(async () => {
  server = await startTestServer();
  uploads = await uploadingOffice(server);
  office = uploads.office;
});
afterAll(() => server.stop());

/** Uploads through tus as the web does and waits for the preview job to decide. */
async function uploadAndWait(data: Buffer, filename: string): Promise<FileDto> {
  const fileId = await uploads.upload(data, filename);
  return until(async () => {
    const file = await uploads.fileDto(fileId);
    return file.preview !== 'pending' && file;
  }, 60_000);
}

/** The picture's share of dark pixels: a drawn plan has lines, a blank picture none. */
async function inkOf(webp: Buffer): Promise<number> {
  const image = await loadImage(webp);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 384) dark++;
  return dark / (image.width * image.height);
}

describe('every uploaded plan file gets a thumbnail, made by the worker after the upload', () => {
  test.each([
    ['tracemonkey.pdf', 'A-101 Grundriss.pdf', () => fixture('tracemonkey.pdf')],
    ['sample_2018.dwg', 'A-102 Schnitt.dwg', () => fixture('sample_2018.dwg')],
    ['sample_2000.dwg', 'A-103 Ansicht.dwg', () => fixture('sample_2000.dwg')],
    ['polylines.dxf', 'A-104 Lageplan.dxf', () => fixture('polylines.dxf')],
    ['r2018-binary-mm.dxf (binary)', 'A-105 Detail.dxf', () => cadFixture('r2018-binary-mm.dxf')],
  ])('%s', async (_name, filename, bytes) => {
    const file = await uploadAndWait(bytes(), filename);
    expect(file.preview).toBe('ready');
    const res = await api(server.app).get(`/api/file/${file._id}/thumbnail`, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const image = res.rawPayload;
    expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const picture = await loadImage(image);
    expect(Math.max(picture.width, picture.height)).toBe(480);
    expect(await inkOf(image)).toBeGreaterThan(0.002);

    const scene = await api(server.app).get(`/api/file/${file._id}/scene`, office.token);
    if (file.kind === 'pdf') {
      // A PDF is viewed as itself: it has no scene.
      expect([scene.statusCode, scene.json<{ msgCode: string }>().msgCode]).toEqual([404, 'file.no_preview']);
    } else {
      expect(scene.statusCode).toBe(200);
      const drawing = decodeDrawingScene(new Uint8Array(scene.rawPayload).buffer);
      expect(drawing.bounds).not.toBeNull();
      // A DXF of entities alone has no layer table; its batches still name their layers.
      if (file.kind === 'dwg') expect(drawing.layers.length).toBeGreaterThan(0);
      expect(drawing.batches.length).toBeGreaterThan(0);
      expect(drawing.vertices.byteLength).toBeGreaterThan(0);
    }
  });
});

describe('a file that cannot be drawn gets a placeholder, never an error', () => {
  test('a drawing with nothing in it (a block library) is kept, its preview failed, the thumbnail route says so', async () => {
    const file = await uploadAndWait(fixture('blocks.dxf'), 'Blockbibliothek.dxf');
    expect(file.preview).toBe('failed');
    const res = await api(server.app).get(`/api/file/${file._id}/thumbnail`, office.token);
    expect([res.statusCode, res.json<{ msgCode: string }>().msgCode]).toEqual([404, 'file.no_preview']);
  });

  test('a stored PDF whose content is damaged, and one whose content is gone, end failed', async () => {
    const { versionId, docId } = await createVersionRow(server.deps.db, office.id);
    const version = { _id: versionId, doc: docId };
    const damaged = await insertStoredBytes(
      server.deps,
      version,
      'pdf',
      'kaputt.pdf',
      Buffer.from('%PDF-1.7\n1 0 obj <<'),
    );
    const gone = await insertStoredBytes(server.deps, version, 'dwg', 'weg.dwg', fixture('sample_2018.dwg'));
    await server.deps.storage.remove(gone.storage_key);
    for (const file of [damaged, gone]) {
      await server.deps.db.updateTable('file').set({ preview_status: 'pending' }).where('id', '=', file.id).execute();
      await runPlanPreview(server.deps, { fileId: file.id });
      const row = await server.deps.db
        .selectFrom('file')
        .selectAll()
        .where('id', '=', file.id)
        .executeTakeFirstOrThrow();
      expect([row.preview_status, row.thumbnail_key, row.scene_key]).toEqual(['failed', null, null]);
    }
  });

  test('a second run of the job for a file with its preview keeps nothing new', async () => {
    const file = await uploadAndWait(fixture('hello_world_rotated.pdf'), 'A-106.pdf');
    const before = await server.deps.db
      .selectFrom('file')
      .selectAll()
      .where('id', '=', file._id)
      .executeTakeFirstOrThrow();
    await server.deps.db.updateTable('file').set({ preview_status: 'pending' }).where('id', '=', file._id).execute();
    await server.deps.db.updateTable('file').set({ preview_status: 'ready' }).where('id', '=', file._id).execute();
    await runPlanPreview(server.deps, { fileId: file._id });
    const after = await server.deps.db
      .selectFrom('file')
      .selectAll()
      .where('id', '=', file._id)
      .executeTakeFirstOrThrow();
    expect(after.thumbnail_key).toBe(before.thumbnail_key);
  });
});

test('deleting a file of a version in preparation removes its thumbnail and scene from storage', async () => {
  const file = await uploadAndWait(fixture('sample_2018.dwg'), 'A-107.dwg');
  const row = await server.deps.db.selectFrom('file').selectAll().where('id', '=', file._id).executeTakeFirstOrThrow();
  expect(row.thumbnail_key && row.scene_key).toBeTruthy();
  const res = await api(server.app).delete(`/api/file/${file._id}`, office.token);
  expect(res.statusCode).toBe(204);
  for (const key of [row.thumbnail_key!, row.scene_key!])
    await expect(server.deps.storage.size(key)).rejects.toThrow(/missing/);
});

test("another office's file has no preview for me: 404", async () => {
  const file = await uploadAndWait(fixture('hello_world_rotated.pdf'), 'A-108.pdf');
  const other = await createTestOffice(server);
  for (const part of ['thumbnail', 'scene']) {
    const res = await api(server.app).get(`/api/file/${file._id}/${part}`, other.token);
    expect([res.statusCode, res.json<{ msgCode: string }>().msgCode]).toEqual([404, 'common.not_found']);
  }
});

describe('the recipient sees a plan before downloading it', () => {
  test('viewing the PDF, its thumbnail and a drawing scene records no download; the download afterwards does', async () => {
    const { files, recipient, token } = await sentPlan(
      server,
      { number: 'A-201', name: 'Grundriss', kinds: ['pdf', 'dwg'] },
      { getsPdf: true, getsTec: true },
    );
    for (const file of files) {
      await server.deps.db.updateTable('file').set({ preview_status: 'pending' }).where('id', '=', file.id).execute();
      await runPlanPreview(server.deps, { fileId: file.id });
    }
    const pdf = files.find((f) => f.kind === 'pdf')!;
    const dwg = files.find((f) => f.kind === 'dwg')!;
    const http = api(server.app);

    const whole = await http.get(`/api/d/${token}/files/${pdf.id}/view`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toBe('inline');
    expect(whole.rawPayload.equals(fixture('hello_world_rotated.pdf'))).toBe(true);
    const part = await server.app.inject({
      method: 'GET',
      url: `/api/d/${token}/files/${pdf.id}/view`,
      headers: { range: 'bytes=0-99' },
    });
    expect([part.statusCode, part.rawPayload.length]).toEqual([206, 100]);
    expect((await http.get(`/api/d/${token}/files/${pdf.id}/thumbnail`)).statusCode).toBe(200);
    expect((await http.get(`/api/d/${token}/files/${dwg.id}/scene`)).statusCode).toBe(200);
    expect((await http.get(`/api/d/${token}/files/${dwg.id}/preview`)).json()).toEqual({ preview: 'ready' });
    // A drawing is viewed through its scene, not as a PDF.
    expect((await http.get(`/api/d/${token}/files/${dwg.id}/view`)).statusCode).toBe(404);

    const downloads = () =>
      server.deps.db.selectFrom('download').selectAll().where('recipient_id', '=', recipient.id).execute();
    expect(await downloads()).toEqual([]);
    const page = (await http.get(`/api/d/${token}`)).json<RecipientPageDto>();
    expect(page.files.map((f) => f.downloaded)).toEqual([false, false]);

    const link = (await http.post(`/api/d/${token}/files/${pdf.id}/link`)).json<{ url: string }>();
    expect((await http.get(link.url)).statusCode).toBe(200);
    expect((await downloads()).map((d) => d.file_id)).toEqual([pdf.id]);
  });

  test('a file not sent with this link, and a forged link, answer 404', async () => {
    const stranger = await uploadAndWait(fixture('hello_world_rotated.pdf'), 'A-109.pdf');
    const forged = 'F'.repeat(43);
    for (const part of ['view', 'thumbnail', 'scene', 'preview']) {
      const res = await api(server.app).get(`/api/d/${forged}/files/${stranger._id}/${part}`);
      expect(res.statusCode).toBe(404);
    }
  });
});
