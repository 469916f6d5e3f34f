import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FileDto } from '@plankurier/shared';
import { api, signUpOffice } from '../../../test/api.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { tusClient, uploadAll, type TusClient } from '../../../test/tus-client.ts';
import { croppedSheet, withGarbagePrefix } from '../../../test/tricky-pdfs.ts';
import { createVersionRow, fixture, sha256Hex } from '../../../test/upload-fixtures.ts';

let server: TestServer;
let office: { id: string; token: string };
let tus: TusClient;

beforeAll(async () => {
  server = await startTestServer({ maxUploadBytes: 5 * 1024 * 1024 });
  const signedUp = await signUpOffice(server.app, server.smtp);
  office = { id: signedUp.user.officeId!, token: signedUp.token };
  tus = tusClient(server.baseUrl, office.token);
});
afterAll(async () => {
  await server.stop();
});

const newVersion = (options?: Parameters<typeof createVersionRow>[2]) =>
  createVersionRow(server.deps.db, office.id, options);
const meta = (versionId: string, filename: string, data: Buffer, kind: 'main' | 'addon' = 'main') => ({
  versionId,
  filename,
  kind,
  sha256: sha256Hex(data),
});
const filesOf = (versionId: string) =>
  server.deps.db.selectFrom('file').selectAll().where('version_id', '=', versionId).execute();
const uploadsDir = () => path.join(server.config.dataDir, 'uploads');
const uploadDataFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);
const storedBytes = (storageKey: string) => fs.readFileSync(path.join(server.config.dataDir, 'files', storageKey));

async function uploadFixture(
  name: string,
  options: { filename?: string; kind?: 'main' | 'addon'; versionId?: string } = {},
) {
  const data = fixture(name);
  const versionId = options.versionId ?? (await newVersion()).versionId;
  const result = await uploadAll(tus, data, meta(versionId, options.filename ?? name, data, options.kind));
  return { ...result, data, versionId };
}

async function expectStoredFile(versionId: string, fileId: string | null) {
  expect(fileId).toBeTruthy();
  const res = await api(server.app).get(`/api/file/${fileId}`, office.token);
  expect(res.statusCode).toBe(200);
  const [row] = await filesOf(versionId);
  return { dto: res.json<FileDto>(), row: row! };
}

describe('uploading plan files over tus', () => {
  test('a PDF is stored with its first page size in mm, its page count and a timeline event', async () => {
    const { last, data, versionId } = await uploadFixture('tracemonkey.pdf');
    expect(last.status).toBe(204);
    const { dto, row } = await expectStoredFile(versionId, last.headers.get('upload-file-id'));
    expect(dto).toMatchObject({
      kind: 'pdf',
      filename: 'tracemonkey.pdf',
      size: data.length,
      pdfPages: 14,
      pdfWidthMm: 215.9,
      pdfHeightMm: 279.4,
      isEncrypted: false,
    });
    expect(row.mime_type).toBe('application/pdf');
    expect(sha256Hex(storedBytes(row.storage_key))).toBe(sha256Hex(data));
    const events = await server.deps.db
      .selectFrom('timeline_event')
      .selectAll()
      .where('file_id', '=', row.id)
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['file.uploaded']);
    expect(uploadDataFiles()).toEqual([]);
  });

  test('a rotated page reports width and height swapped', async () => {
    const { last, versionId } = await uploadFixture('hello_world_rotated.pdf');
    const { dto } = await expectStoredFile(versionId, last.headers.get('upload-file-id'));
    expect(dto).toMatchObject({ pdfWidthMm: 279.4, pdfHeightMm: 215.9, pdfPages: 5 });
  });

  test.each([
    ['needs a password to open', 'issue6010_1.pdf', true],
    ['opens without a password and may be printed', 'empty_protected.pdf', false],
  ])('an encrypted PDF that %s is stored, flagged only then', async (_label, name, flagged) => {
    const { last, versionId } = await uploadFixture(name);
    expect(last.status).toBe(204);
    const { dto } = await expectStoredFile(versionId, last.headers.get('upload-file-id'));
    expect(dto.isEncrypted).toBe(flagged);
  });

  test('a PDF viewers open despite 5,000 bytes before %PDF- is stored with its CropBox size', async () => {
    const sheet = await croppedSheet({ media: [900, 650], crop: [30, 40, 841, 594], rotate: 90 });
    const data = withGarbagePrefix(sheet, 5000);
    const { versionId } = await newVersion();
    const { last } = await uploadAll(tus, data, meta(versionId, 'Ansicht Nord.pdf', data));
    expect(last.status).toBe(204);
    const { dto } = await expectStoredFile(versionId, last.headers.get('upload-file-id'));
    expect(dto).toMatchObject({ pdfWidthMm: 594, pdfHeightMm: 841, pageFormat: 'A1', pdfPages: 1 });
  });

  test('a damaged PDF is refused with the reason, nothing is stored and the server keeps answering', async () => {
    const { last, versionId } = await uploadFixture('poppler-742-0-fuzzed.pdf');
    expect(last.status).toBe(422);
    expect(last.json().msgCode).toBe('upload.pdf_damaged');
    expect(await filesOf(versionId)).toEqual([]);
    expect(uploadDataFiles()).toEqual([]);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });

  test('a DWG and a DXF are stored with their types', async () => {
    const { versionId } = await newVersion();
    const dwg = await uploadFixture('sample_2000.dwg', { versionId });
    const dxf = await uploadFixture('polylines.dxf', { versionId });
    expect([dwg.last.status, dxf.last.status]).toEqual([204, 204]);
    const rows = await filesOf(versionId);
    expect(rows.map((r) => [r.kind, r.mime_type, r.pdf_pages]).sort()).toEqual([
      ['dwg', 'image/vnd.dwg', null],
      ['dxf', 'image/vnd.dxf', null],
    ]);
  });

  test.each([
    ['random bytes named plan.pdf', randomBytes(8 * 1024), 'plan.pdf', 'upload.not_a_pdf'],
    [
      'an ELF binary named x.dwg',
      fs.readFileSync(process.execPath).subarray(0, 64 * 1024),
      'x.dwg',
      'upload.unknown_filetype',
    ],
  ])('%s is refused by its content and nothing is stored', async (_label, data, filename, msgCode) => {
    const { versionId } = await newVersion();
    const { last } = await uploadAll(tus, data, meta(versionId, filename, data));
    expect(last.status).toBe(415);
    expect(last.json().msgCode).toBe(msgCode);
    expect(await filesOf(versionId)).toEqual([]);
    expect(uploadDataFiles()).toEqual([]);
  });

  test('a wrong SHA-256 in the metadata is refused and nothing is stored', async () => {
    const data = fixture('hello_world_rotated.pdf');
    const { versionId } = await newVersion();
    const { last } = await uploadAll(tus, data, {
      ...meta(versionId, 'plan.pdf', data),
      sha256: sha256Hex('something else'),
    });
    expect(last.status).toBe(409);
    expect(last.json().msgCode).toBe('upload.checksum_mismatch');
    expect(await filesOf(versionId)).toEqual([]);
    expect(uploadDataFiles()).toEqual([]);
  });

  test('an upload interrupted halfway resumes from the offset HEAD reports, byte-identical', async () => {
    const data = fixture('tracemonkey.pdf');
    const { versionId } = await newVersion();
    const created = await tus.create(data.length, meta(versionId, 'Grundriss.pdf', data));
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    expect((await tus.patch(location, 0, data.subarray(0, 300_000))).status).toBe(204);

    // The connection drops in the middle of the next chunk.
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull: async (ctrl) => {
        if (sent >= 200_000) {
          await new Promise((r) => setTimeout(r, 200));
          controller.abort();
          return;
        }
        ctrl.enqueue(data.subarray(300_000 + sent, 300_000 + sent + 50_000));
        sent += 50_000;
      },
    });
    await fetch(new URL(location, server.baseUrl), {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: `Bearer ${office.token}`,
        'Upload-Offset': '300000',
        'Content-Type': 'application/offset+octet-stream',
      },
      body,
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    expect(await filesOf(versionId)).toEqual([]);

    let offset = -1;
    for (let i = 0; i < 50 && offset < 300_000; i++) {
      const head = await tus.head(location);
      expect(head.status).toBe(200);
      offset = Number(head.headers.get('upload-offset'));
      if (offset < 300_000) await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThanOrEqual(300_000);
    expect(offset).toBeLessThan(data.length);
    const last = await tus.patch(location, offset, data.subarray(offset));
    expect(last.status).toBe(204);
    const { row } = await expectStoredFile(versionId, last.headers.get('upload-file-id'));
    expect(sha256Hex(storedBytes(row.storage_key))).toBe(sha256Hex(data));
  });

  test('an upload continued from bytes another server process wrote is checked by a full SHA-256 pass', async () => {
    const data = fixture('tracemonkey.pdf');
    for (const firstPart of [data.subarray(0, 400_000), randomBytes(400_000)]) {
      const { versionId } = await newVersion();
      const created = await tus.create(data.length, meta(versionId, 'plan.pdf', data));
      const location = created.headers.get('location')!;
      // Another process (sharing the uploads directory) received the first part.
      fs.writeFileSync(path.join(uploadsDir(), location.split('/').pop()!), firstPart);
      expect((await tus.head(location)).headers.get('upload-offset')).toBe('400000');
      const last = await tus.patch(location, 400_000, data.subarray(400_000));
      if (firstPart.equals(data.subarray(0, 400_000))) {
        expect(last.status).toBe(204);
        expect(await filesOf(versionId)).toHaveLength(1);
      } else {
        expect(last.status).toBe(409);
        expect(last.json().msgCode).toBe('upload.checksum_mismatch');
        expect(await filesOf(versionId)).toEqual([]);
      }
    }
    expect(uploadDataFiles()).toEqual([]);
  });

  test('a cancelled upload (tus DELETE) leaves nothing and frees its kind', async () => {
    const data = fixture('tracemonkey.pdf');
    const { versionId } = await newVersion();
    const created = await tus.create(data.length, meta(versionId, 'a.pdf', data));
    const location = created.headers.get('location')!;
    await tus.patch(location, 0, data.subarray(0, 100_000));
    expect((await tus.remove(location)).status).toBe(204);
    expect(uploadDataFiles()).toEqual([]);
    const again = await uploadAll(tus, data, meta(versionId, 'b.pdf', data));
    expect(again.last.status).toBe(204);
  });
});

describe('upload rules are checked before any byte is stored', () => {
  test('a second PDF for the same version: 409 upload.pdf_exists, also while the first is still uploading', async () => {
    const pdf = fixture('hello_world_rotated.pdf');
    const { versionId } = await newVersion();
    const first = await tus.create(pdf.length, meta(versionId, 'eins.pdf', pdf));
    expect(first.status).toBe(201);
    const whileUploading = await tus.create(pdf.length, meta(versionId, 'zwei.pdf', pdf));
    expect(whileUploading.status).toBe(409);
    expect(whileUploading.json().msgCode).toBe('upload.pdf_exists');
    expect((await tus.patch(first.headers.get('location')!, 0, pdf)).status).toBe(204);
    const afterwards = await tus.create(pdf.length, meta(versionId, 'drei.pdf', pdf));
    expect(afterwards.status).toBe(409);
    expect(afterwards.json().msgCode).toBe('upload.pdf_exists');
    expect(await filesOf(versionId)).toHaveLength(1);
  });

  test('an unknown extension: upload.unknown_filetype', async () => {
    const { versionId } = await newVersion();
    const res = await tus.create(10, meta(versionId, 'setup.exe', Buffer.alloc(10)));
    expect(res.status).toBe(415);
    expect(res.json().msgCode).toBe('upload.unknown_filetype');
  });

  test('a data doc takes any format: a .docx protocol and an .xlsx list are stored as they are, one file per type', async () => {
    const { versionId } = await newVersion({ doctype: 'data' });
    const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(20_000)]); // a zip, as .docx files are
    const first = await tus.create(docx.length, meta(versionId, 'Protokoll Baubesprechung 12.docx', docx));
    expect(first.status).toBe(201);
    const whileUploading = await tus.create(docx.length, meta(versionId, 'Protokoll v2.DOCX', docx));
    expect([whileUploading.status, whileUploading.json().msgCode]).toEqual([409, 'upload.type_exists']);
    const done = await tus.patch(first.headers.get('location')!, 0, docx);
    expect(done.status).toBe(204);
    const { dto, row } = await expectStoredFile(versionId, done.headers.get('upload-file-id'));
    expect(dto).toMatchObject({ kind: 'other', filename: 'Protokoll Baubesprechung 12.docx', pdfPages: null });
    expect(row.mime_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sha256Hex(storedBytes(row.storage_key))).toBe(sha256Hex(docx));

    const xlsx = randomBytes(5_000);
    expect((await uploadAll(tus, xlsx, meta(versionId, 'Teilnehmer.xlsx', xlsx))).last.status).toBe(204);
    const again = await tus.create(docx.length, meta(versionId, 'Protokoll.docx', docx));
    expect([again.status, again.json().msgCode]).toEqual([409, 'upload.type_exists']);
    expect((await filesOf(versionId)).map((f) => [f.kind, f.filename]).sort()).toEqual([
      ['other', 'Protokoll Baubesprechung 12.docx'],
      ['other', 'Teilnehmer.xlsx'],
    ]);
  });

  test('a plan keeps PDF, DWG and DXF: a .docx is an unknown file type', async () => {
    const { versionId } = await newVersion({ doctype: 'plan' });
    const res = await tus.create(100, meta(versionId, 'Protokoll.docx', Buffer.alloc(100)));
    expect([res.status, res.json().msgCode]).toEqual([415, 'upload.unknown_filetype']);
  });

  test('a PDF named .pdf in a data doc is still checked as a PDF', async () => {
    const { versionId } = await newVersion({ doctype: 'data' });
    const notPdf = randomBytes(4_000);
    const { last } = await uploadAll(tus, notPdf, meta(versionId, 'Protokoll.pdf', notPdf));
    expect([last.status, last.json().msgCode]).toEqual([415, 'upload.not_a_pdf']);
  });

  test('add-ons are PDFs only and need a new name', async () => {
    const { versionId } = await newVersion({ doctype: 'data' });
    const dwg = fixture('sample_2000.dwg');
    const notPdf = await tus.create(dwg.length, meta(versionId, 'detail.dwg', dwg, 'addon'));
    expect(notPdf.status).toBe(415);
    expect(notPdf.json().msgCode).toBe('upload.addon_pdf_only');

    const pdf = fixture('hello_world_rotated.pdf');
    const first = await uploadAll(tus, pdf, meta(versionId, 'Detail Tür.pdf', pdf, 'addon'));
    expect(first.last.status).toBe(204);
    const taken = await tus.create(pdf.length, meta(versionId, 'detail TÜR.pdf', pdf, 'addon'));
    expect(taken.status).toBe(409);
    expect(taken.json().msgCode).toBe('upload.addon_name_taken');
    expect((await filesOf(versionId)).map((f) => [f.kind, f.filename])).toEqual([['addon', 'Detail Tür.pdf']]);
  });

  test("another office's version answers 404 and its uploads cannot be touched", async () => {
    const other = await signUpOffice(server.app, server.smtp);
    const foreign = await createVersionRow(server.deps.db, other.user.officeId!);
    const pdf = fixture('hello_world_rotated.pdf');
    const res = await tus.create(pdf.length, meta(foreign.versionId, 'plan.pdf', pdf));
    expect(res.status).toBe(404);
    expect(res.json().msgCode).toBe('common.not_found');

    const otherTus = tusClient(server.baseUrl, other.token);
    const theirs = await otherTus.create(pdf.length, meta(foreign.versionId, 'plan.pdf', pdf));
    const location = theirs.headers.get('location')!;
    expect((await tus.head(location)).status).toBe(404);
    expect((await tus.patch(location, 0, pdf)).status).toBe(404);
    expect((await tus.remove(location)).status).toBe(404);
    expect((await otherTus.head(location)).headers.get('upload-offset')).toBe('0');
    expect((await otherTus.remove(location)).status).toBe(204);
  });

  test('without the Bearer token: 401', async () => {
    const res = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    });
    expect(res.status).toBe(401);
  });

  test('a released version takes no uploads: version.not_in_preparation', async () => {
    const { versionId } = await newVersion({ status: 'current' });
    const res = await tus.create(100, meta(versionId, 'plan.pdf', Buffer.alloc(100)));
    expect(res.status).toBe(409);
    expect(res.json().msgCode).toBe('version.not_in_preparation');
  });

  test('a file above the configured maximum: 413 upload.too_large', async () => {
    const { versionId } = await newVersion();
    const res = await tus.create(5 * 1024 * 1024 + 1, meta(versionId, 'riesig.pdf', Buffer.alloc(1)));
    expect(res.status).toBe(413);
    expect(res.json().msgCode).toBe('upload.too_large');
    expect(uploadDataFiles()).toEqual([]);
  });

  test('metadata without versionId or sha256 is refused: common.validation', async () => {
    const res = await tus.create(10, { filename: 'plan.pdf', kind: 'main' });
    expect(res.status).toBe(400);
    expect(res.json().msgCode).toBe('common.validation');
  });

  test('a display name is sanitised: no path, no control or bidi characters', async () => {
    const pdf = fixture('hello_world_rotated.pdf');
    const { versionId } = await newVersion();
    const { last } = await uploadAll(tus, pdf, meta(versionId, '..\\../Plan\u202E\u0000 EG.pdf', pdf));
    expect(last.status).toBe(204);
    expect((await filesOf(versionId))[0]!.filename).toBe('Plan EG.pdf');
  });
});

describe('a full disk', () => {
  test('answers 507 storage.full and removes the partial upload', async () => {
    const pdf = fixture('tracemonkey.pdf');
    const { versionId } = await newVersion();
    const created = await tus.create(pdf.length, meta(versionId, 'voll.pdf', pdf));
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    // Writes to /dev/full fail with ENOSPC, exactly as on a full disk.
    fs.rmSync(path.join(uploadsDir(), id));
    fs.symlinkSync('/dev/full', path.join(uploadsDir(), id));
    const res = await tus.patch(location, 0, pdf);
    expect(res.status).toBe(507);
    expect(res.json().msgCode).toBe('storage.full');
    expect(uploadDataFiles()).toEqual([]);
    expect(await server.deps.db.selectFrom('upload').where('id', '=', id).selectAll().execute()).toEqual([]);
    expect(await filesOf(versionId)).toEqual([]);
  });
});
