import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocQrDto, DownloadLinkDto, QrPublicDto, RecipientPageDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  prepareTestVersion,
  releaseTestVersion,
} from '../../../test/factories.ts';
import { scanQr } from '../../../test/qr-scan.ts';
import { linkTokenInMail, startDelivery, subscribeTo } from '../../../test/seed.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { addTestMember } from '../../../test/team.ts';
import { fixture, insertStoredFixture, sha256Hex } from '../../../test/upload-fixtures.ts';
import { sha256 } from '../auth/secrets.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const PDF = 'hello_world_rotated.pdf';
const placement = { x: 20, y: 15, width: 25, hasBorder: false };

/** An office with one plan whose version A (PDF and DWG) is released. */
async function planScene(pdf = PDF) {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token, { name: 'Haus Müller' });
  const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
    number: 'A-101',
    name: 'Grundriss EG',
  });
  const version = await prepareTestVersion(server.app, office.token, doc._id, 'A');
  const file = await insertStoredFixture(server.deps, version, 'pdf', pdf);
  await insertStoredFixture(server.deps, version, 'dwg', 'sample_2000.dwg');
  return { office, project, bundle, doc, version, file };
}

const putQr = (token: string, docId: string, body: unknown) => http.put(`/api/doc/${docId}/qr`, body, token);

async function officeDownload(token: string, fileId: string, query = '') {
  const link = await http.post(`/api/file/${fileId}/download-link`, {}, token);
  expect(link.statusCode).toBe(200);
  const res = await fetch(`${server.baseUrl}${link.json<{ url: string }>().url}${query}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const tokenOf = (url: string) => /^http:\/\/plankurier\.test\/q\/([A-Za-z0-9_-]{43})$/.exec(url)![1]!;

describe("a doc's QR settings", () => {
  test("follow the user's defaults until saved; another office gets 404; bad input changes nothing", async () => {
    const { office, doc } = await planScene();
    const profile = await http.put(
      '/api/user',
      { updateType: 'UPDATE_PROFILE', qrDefaults: { x: 12, y: 8, width: 30, autoEmbed: true, hasBorder: false } },
      office.token,
    );
    expect(profile.statusCode).toBe(200);
    const read = await http.get(`/api/doc/${doc._id}/qr`, office.token);
    expect(read.json<DocQrDto>()).toEqual({ x: 12, y: 8, width: 30, hasBorder: false, embed: true, isDefault: true });

    const saved = await putQr(office.token, doc._id, { x: 5, y: 6, width: 20, hasBorder: true, embed: false });
    expect(saved.json<DocQrDto>()).toEqual({ x: 5, y: 6, width: 20, hasBorder: true, embed: false, isDefault: false });
    expect((await http.get(`/api/doc/${doc._id}/qr`, office.token)).json<DocQrDto>().x).toBe(5);

    const tooSmall = await putQr(office.token, doc._id, { x: 5, y: 6, width: 2, hasBorder: true, embed: false });
    expect([tooSmall.statusCode, tooSmall.json().msgCode]).toEqual([400, 'common.validation']);
    expect((await http.get(`/api/doc/${doc._id}/qr`, office.token)).json<DocQrDto>().width).toBe(20);

    const other = await createTestOffice(server, 'P2');
    expect((await http.get(`/api/doc/${doc._id}/qr`, other.token)).statusCode).toBe(404);
    const foreign = await putQr(other.token, doc._id, { ...placement, embed: true });
    expect([foreign.statusCode, foreign.json().msgCode]).toEqual([404, 'common.not_found']);
    expect((await http.get(`/api/doc/${doc._id}/qr`, office.token)).json<DocQrDto>().embed).toBe(false);
  });
});

describe('stamping on download', () => {
  test('with embed on the office downloads a stamped copy (link, position), the original stays; off gives the original', async () => {
    const { office, doc, version, file } = await planScene();
    await releaseTestVersion(server.app, office.token, version._id);
    const original = fixture(PDF);

    const countObjects = () =>
      fs
        .readdirSync(path.join(server.config.dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile()).length;
    const storedBefore = countObjects();
    expect((await putQr(office.token, doc._id, { ...placement, embed: true })).statusCode).toBe(200);
    const stamped = await officeDownload(office.token, file.id);
    expect(stamped.equals(original)).toBe(false);
    const scan = scanQr(stamped)!;
    const token = tokenOf(scan.url);
    expect(Math.abs(scan.x - placement.x)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(scan.y - placement.y)).toBeLessThanOrEqual(1.5);
    // one token per version, kept only as its SHA-256
    const rows = await server.deps.db
      .selectFrom('qr_token')
      .selectAll()
      .where('version_id', '=', version._id)
      .execute();
    expect(rows.map((r) => r.token_hash.equals(sha256(token)))).toEqual([true]);
    // the stored original is untouched, and the preview can still ask for it
    expect(sha256Hex(await officeDownload(office.token, file.id, '&original=1'))).toBe(sha256Hex(original));
    // a second download streams the cached copy, byte for byte the same
    expect((await officeDownload(office.token, file.id)).equals(stamped)).toBe(true);
    // moving the code makes a new copy with the same link
    await putQr(office.token, doc._id, { ...placement, x: 40, embed: true });
    const moved = scanQr(await officeDownload(office.token, file.id))!;
    expect([tokenOf(moved.url), Math.round(moved.x)]).toEqual([token, 40]);
    // the copy of the old placement is gone, row and stored object
    const copies = await server.deps.db
      .selectFrom('qr_stamped_file')
      .select('file_id')
      .where('file_id', '=', file.id)
      .execute();
    expect(copies).toHaveLength(1);
    expect(countObjects()).toBe(storedBefore + 1);

    await putQr(office.token, doc._id, { ...placement, embed: false });
    expect((await officeDownload(office.token, file.id)).equals(original)).toBe(true);
  });

  test.each([
    ['encrypted with an owner password only', 'empty_protected.pdf', false],
    ['encrypted, flagged at upload', 'issue6010_1.pdf', true],
  ])('an %s PDF is refused cleanly: 409 qr.encrypted, settings unchanged', async (_label, name, flagged) => {
    const { office, doc, file } = await planScene(name);
    if (flagged)
      await server.deps.db.updateTable('file').set({ is_encrypted: true }).where('id', '=', file.id).execute();
    const res = await putQr(office.token, doc._id, { ...placement, embed: true });
    expect([res.statusCode, res.json().msgCode]).toEqual([409, 'qr.encrypted']);
    const row = await server.deps.db.selectFrom('doc').select('qr').where('id', '=', doc._id).executeTakeFirstOrThrow();
    expect(row.qr).toBeNull();
    expect(
      await server.deps.db.selectFrom('qr_stamped_file').selectAll().where('file_id', '=', file.id).execute(),
    ).toEqual([]);
    expect((await officeDownload(office.token, file.id)).equals(fixture(name))).toBe(true);
  });
});

describe('a code that does not fit the page', () => {
  test('is refused when the placement is saved: 422 qr.does_not_fit, nothing saved, downloads stay unstamped', async () => {
    const { office, doc, file } = await planScene(); // 279.4 × 215.9 mm as viewed
    const res = await putQr(office.token, doc._id, { x: 270, y: 15, width: 25, hasBorder: false, embed: true });
    expect([res.statusCode, res.json().msgCode]).toEqual([422, 'qr.does_not_fit']);
    const row = await server.deps.db.selectFrom('doc').select('qr').where('id', '=', doc._id).executeTakeFirstOrThrow();
    expect(row.qr).toBeNull();
    expect((await officeDownload(office.token, file.id)).equals(fixture(PDF))).toBe(true);
  });

  test('is refused by the size of every PDF in use, also one not stamped yet', async () => {
    const { office, doc, version } = await planScene();
    await releaseTestVersion(server.app, office.token, version._id);
    const next = await prepareTestVersion(server.app, office.token, doc._id, 'B');
    const small = await insertStoredFixture(server.deps, next, 'pdf', PDF);
    await server.deps.db
      .updateTable('file')
      .set({ pdf_width_mm: 148, pdf_height_mm: 105 })
      .where('id', '=', small.id)
      .execute();
    const res = await putQr(office.token, doc._id, { x: 150, y: 15, width: 25, hasBorder: false, embed: true });
    expect([res.statusCode, res.json().msgCode]).toEqual([422, 'qr.does_not_fit']);
  });
});

describe('the public page of a scanned code', () => {
  test('says the scanned index is current, and after a new release that it is outdated and which index is current since when', async () => {
    const { office, doc, version, file } = await planScene();
    await releaseTestVersion(server.app, office.token, version._id);
    await putQr(office.token, doc._id, { ...placement, embed: true });
    const tokenA = tokenOf(scanQr(await officeDownload(office.token, file.id))!.url);

    const first = await http.get(`/api/q/${tokenA}`); // no login
    expect(first.statusCode).toBe(200);
    expect(first.json<QrPublicDto>()).toMatchObject({
      office: { company: 'Büro Anna' },
      doc: { number: 'A-101', name: 'Grundriss EG' },
      scanned: { index: 'A', state: 'current' },
      current: { index: 'A' },
    });

    const next = await prepareTestVersion(server.app, office.token, doc._id, 'B');
    const nextFile = await insertStoredFixture(server.deps, next, 'pdf', PDF);
    await releaseTestVersion(server.app, office.token, next._id);
    const outdated = (await http.get(`/api/q/${tokenA}`)).json<QrPublicDto>();
    const released = await server.deps.db
      .selectFrom('version')
      .select('release_date')
      .where('id', '=', next._id)
      .executeTakeFirstOrThrow();
    expect(outdated.scanned).toMatchObject({ index: 'A', state: 'outdated' });
    expect(outdated.current).toEqual({ index: 'B', releaseDate: released.release_date!.toISOString() });
    expect(Object.keys(outdated).sort()).toEqual(['current', 'doc', 'office', 'scanned']);

    const tokenB = tokenOf(scanQr(await officeDownload(office.token, nextFile.id))!.url);
    expect(tokenB).not.toBe(tokenA);
    expect((await http.get(`/api/q/${tokenB}`)).json<QrPublicDto>().scanned.state).toBe('current');

    for (const guess of ['A'.repeat(43), 'kurz', '../../etc']) {
      const res = await http.get(`/api/q/${encodeURIComponent(guess)}`);
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
  });
});

describe("a recipient's download", () => {
  async function deliverTo(
    office: { token: string },
    projectId: string,
    docId: string,
    bundle: Parameters<typeof createTestParticipant>[2],
  ) {
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Paula', lastName: 'Prüferin', company: 'Statik GmbH' },
    });
    const sub = await subscribeTo(server, office.token, docId, participant._id, { getsPdf: true, getsTec: true });
    const people = [{ participant, subs: [sub._id] }];
    const delivery = await startDelivery(server, office.token, projectId, people, { subject: 'Projekt: Pläne' });
    const recipient = await until(() =>
      server.deps.db
        .selectFrom('delivery_recipient')
        .selectAll()
        .where('delivery_id', '=', delivery._id)
        .where('status', '=', 'SUCCESS')
        .executeTakeFirst(),
    );
    return linkTokenInMail(server, recipient.message_id);
  }

  const fetchTicket = async (url: string) => {
    const res = await fetch(`${server.baseUrl}${url}`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const ticket = async (path: string) => (await http.post(path)).json<DownloadLinkDto>().url;

  test('gets the stamped PDF singly and in the ZIP when the flag is on, the original when it is off; DWGs are never touched', async () => {
    const { office, project, bundle, doc, version, file } = await planScene();
    await releaseTestVersion(server.app, office.token, version._id);
    const link = await deliverTo(office, project._id, doc._id, bundle);
    const pdfId = (await http.get(`/api/d/${link}`)).json<RecipientPageDto>().files.find((f) => f.kind === 'pdf')!._id;
    expect(pdfId).toBe(file.id);

    expect((await fetchTicket(await ticket(`/api/d/${link}/files/${pdfId}/link`))).equals(fixture(PDF))).toBe(true);

    await putQr(office.token, doc._id, { ...placement, embed: true });
    const single = await fetchTicket(await ticket(`/api/d/${link}/files/${pdfId}/link`));
    expect(scanQr(single)?.url).toMatch(/^http:\/\/plankurier\.test\/q\//);

    const zip = await fetchTicket(await ticket(`/api/d/${link}/zip/link`));
    // stored entries: the stamped PDF and the unchanged DWG appear verbatim in the ZIP
    expect(zip.includes(single)).toBe(true);
    expect(zip.includes(fixture('sample_2000.dwg'))).toBe(true);
    expect(zip.includes(fixture(PDF))).toBe(false);
  });
});

describe('QR settings in a team', () => {
  test('a plan without settings of its own shows every member the office defaults it goes out with', async () => {
    const { office, doc } = await planScene();
    await http.put(
      '/api/user',
      { updateType: 'UPDATE_PROFILE', qrDefaults: { x: 30, y: 20, width: 25, autoEmbed: true, hasBorder: true } },
      office.token,
    );
    const member = await addTestMember(server, office.token, 'admin');
    await http.put(
      '/api/user',
      { updateType: 'UPDATE_PROFILE', qrDefaults: { x: 1, y: 1, width: 10, autoEmbed: false, hasBorder: false } },
      member.token,
    );
    const seen = (await http.get(`/api/doc/${doc._id}/qr`, member.token)).json<DocQrDto>();
    expect(seen).toEqual({ x: 30, y: 20, width: 25, hasBorder: true, embed: true, isDefault: true });
  });
});
