import { afterAll, beforeAll, expect, test } from 'vitest';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
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
import { configureFileProcesses } from '../../pdf/pdf-process.ts';

/**
 * Issue 36: the QR stamp at download rewrote every page of a 100,000-page set, past the stamp
 * process's limit, and tried again on every download. The download answers with the original when
 * the stamp cannot finish within its limits; the failure is remembered for that file and
 * placement, so the next download serves the original at once; a new placement is tried anew. The
 * copy places one form XObject of the code on every page instead of a compressed copy per page.
 */
const A4: [number, number] = [595.28, 841.89];
const PAGES = 3_000;
const generous = { timeLimitMs: 300_000, memoryMb: 2048 };
let manyPages: Buffer;
let server: TestServer;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  for (let i = 0; i < PAGES; i++) doc.addPage(A4);
  manyPages = Buffer.from(await doc.save());
  // Checks (and the QR stamp process, which has their limits) end after 1 ms: every stamp passes it.
  server = await startTestServer({
    fileProcesses: { checks: { timeLimitMs: 1, memoryMb: 1024 }, previews: generous },
  });
});
afterAll(() => server.stop());

test('a stamp past its limits: the download answers the original, later downloads serve it without stamping again', async () => {
  const office = await createTestOffice(server, 'P2');
  const { bundle } = await createTestProject(server.app, office.token);
  const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-1', name: 'Satz' });
  const version = await prepareTestVersion(server.app, office.token, doc._id, 'A');
  const file = await insertStoredBytes(server.deps, version, 'pdf', 'A-1 Satz.pdf', manyPages);
  // Saved directly: the placement check on save runs in the same (limited) process.
  const placement = { x: 20, y: 15, width: 25, hasBorder: false, embed: true };
  await server.deps.db
    .updateTable('doc')
    .set({ qr: JSON.stringify(placement) })
    .where('id', '=', doc._id)
    .execute();

  const http = api(server.app);
  const download = async () => {
    const link = await http.post(`/api/file/${file.id}/download-link`, {}, office.token);
    const res = await fetch(`${server.baseUrl}${link.json<{ url: string }>().url}`);
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  };
  const first = await download();
  expect(first.status).toBe(200);
  expect(first.body.equals(manyPages)).toBe(true);
  const failures = () =>
    server.deps.db.selectFrom('qr_stamp_failure').select(['reason']).where('file_id', '=', file.id).execute();
  expect(await failures()).toEqual([{ reason: 'qr.too_complex' }]);

  // With room to finish now, the same placement is still not stamped again: the original, at once.
  configureFileProcesses({ checks: generous, previews: generous });
  const again = await download();
  expect([again.status, again.body.equals(manyPages)]).toEqual([200, true]);
  const stampedRows = () =>
    server.deps.db.selectFrom('qr_stamped_file').select('size').where('file_id', '=', file.id).execute();
  expect(await stampedRows()).toEqual([]);

  // A new placement is a new copy: stamped, on every page, the code one XObject placed by each page.
  await server.deps.db
    .updateTable('doc')
    .set({ qr: JSON.stringify({ ...placement, x: 30 }) })
    .where('id', '=', doc._id)
    .execute();
  const stamped = await download();
  expect(stamped.status).toBe(200);
  expect(stamped.body.equals(manyPages)).toBe(false);
  expect(await stampedRows()).toHaveLength(1);
  expect(scanQr(stamped.body, PAGES)?.url).toMatch(/^http:\/\/plankurier\.test\/q\//);
  const copy = await PDFDocument.load(stamped.body);
  const forms = copy.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Form'),
    );
  // Two forms in all: the code, and the one appearance its annotation on top shares on every page
  // of one size (not one per page).
  expect(forms).toHaveLength(2);
  expect(copy.getPageCount()).toBe(PAGES);
}, 300_000);
