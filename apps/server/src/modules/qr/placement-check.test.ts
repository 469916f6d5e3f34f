import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { isAppError } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestProject,
  folderOf,
  prepareTestVersion,
} from '../../../test/factories.ts';
import { scanQr } from '../../../test/qr-scan.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { insertStoredBytes } from '../../../test/upload-fixtures.ts';
import { QR_CHECK_PAGES, checkQrPlacementFile } from './stamp.ts';

/**
 * Issue 36: saving a QR placement on a 10,000-page PDF read every page (59 s) inside the process
 * that checks every office's uploads. The check reads the first QR_CHECK_PAGES pages only.
 */
const placement = { x: 20, y: 15, width: 25, hasBorder: false };
const A4: [number, number] = [595.28, 841.89];

async function pdfOfPages(sizes: [number, number][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const size of sizes) doc.addPage(size);
  return Buffer.from(await doc.save());
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-check-'));
const written = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};

let manyPages: Buffer;
let server: TestServer;
beforeAll(async () => {
  manyPages = await pdfOfPages(Array.from({ length: 2_000 }, () => A4));
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the placement check reads only the pages it needs', () => {
  test('a 2,000-page PDF: its first pages are read, not all 2,000', async () => {
    const result = await checkQrPlacementFile(written('many.pdf', manyPages), placement);
    expect(result).toEqual({ pages: 2_000, pagesChecked: QR_CHECK_PAGES });
  });

  test('a later page among those read that the code does not fit is refused: qr.does_not_fit', async () => {
    const file = written('small-third.pdf', await pdfOfPages([A4, A4, [60, 60], A4]));
    const refused = await checkQrPlacementFile(file, placement).catch((err: unknown) => err);
    expect(isAppError(refused) && refused.msgCode).toBe('qr.does_not_fit');
  });

  test('a short PDF is read to its end', async () => {
    const result = await checkQrPlacementFile(written('three.pdf', await pdfOfPages([A4, A4, A4])), placement);
    expect(result).toEqual({ pages: 3, pagesChecked: 3 });
  });
});

test('saving the placement of a 2,000-page plan is answered from its first pages; the copy is stamped at the download', async () => {
  const office = await createTestOffice(server, 'P2');
  const { bundle } = await createTestProject(server.app, office.token, { name: 'Großprojekt' });
  const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-900', name: 'Satz' });
  const version = await prepareTestVersion(server.app, office.token, doc._id, 'A');
  const file = await insertStoredBytes(server.deps, version, 'pdf', 'A-900 Satz.pdf', manyPages);
  await server.deps.db.updateTable('file').set({ pdf_pages: 2_000 }).where('id', '=', file.id).execute();

  const http = api(server.app);
  const saved = await http.put(`/api/doc/${doc._id}/qr`, { ...placement, embed: true }, office.token);
  expect(saved.statusCode).toBe(200);
  // Nothing stamped yet: stamping rewrites every page, which the save does not wait for.
  const stamped = await server.deps.db
    .selectFrom('qr_stamped_file')
    .selectAll()
    .where('file_id', '=', file.id)
    .execute();
  expect(stamped).toEqual([]);

  const link = await http.post(`/api/file/${file.id}/download-link`, {}, office.token);
  const res = await fetch(`${server.baseUrl}${link.json<{ url: string }>().url}`);
  expect(res.status).toBe(200);
  const copy = Buffer.from(await res.arrayBuffer());
  expect(copy.equals(manyPages)).toBe(false);
  expect(scanQr(copy, 1)?.url).toMatch(/^http:\/\/plankurier\.test\/q\//);
}, 60_000);
