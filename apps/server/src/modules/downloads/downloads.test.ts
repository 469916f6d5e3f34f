import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { DownloadLinkDto, ProjectBundle, RecipientPageDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  openTestProject,
  prepareTestVersion,
  releaseTestVersion,
} from '../../../test/factories.ts';
import {
  deliveryFinished,
  linkTokenInMail,
  releaseStoredVersion,
  startDelivery,
  STORED_FIXTURES,
  subscribeTo,
  type DeliveryPeople,
} from '../../../test/seed.ts';
import { fixture, insertStoredFixture, sha256Hex } from '../../../test/upload-fixtures.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const FIXTURES = STORED_FIXTURES;

/** Delivers the subs and returns each participant's personal link token, read from the received mail. */
async function deliver(officeToken: string, projectId: string, people: DeliveryPeople[]) {
  const delivery = await startDelivery(server, officeToken, projectId, people, { subject: 'Projekt: Pläne' });
  await deliveryFinished(server, delivery._id);
  const recipients = await server.deps.db
    .selectFrom('delivery_recipient')
    .selectAll()
    .where('delivery_id', '=', delivery._id)
    .execute();
  return people.map((p) => {
    const row = recipients.find((r) => r.participant_id === p.participant._id)!;
    expect(row.status).toBe('SUCCESS');
    return { token: linkTokenInMail(server, row.message_id), recipientId: row.id };
  });
}

/** An office ('Büro Anna') with two released plans; 'both' gets PDF, DWG and DXF of both, 'pdf' the PDFs only. */
async function downloadScene() {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token, { name: 'Haus Müller' });
  const plans = [
    await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-101', name: 'Grundriss EG' }),
    await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-102', name: 'Schnitt A-A' }),
  ];
  for (const plan of plans) await releaseStoredVersion(server, office.token, plan._id);
  const people = [];
  for (const [key, getsTec] of [
    ['both', true],
    ['pdf', false],
  ] as const) {
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: key, lastName: 'Empfänger', company: `Firma ${key}` },
    });
    const subs = [];
    for (const plan of plans)
      subs.push((await subscribeTo(server, office.token, plan._id, participant._id, { getsPdf: true, getsTec }))._id);
    people.push({ participant, subs });
  }
  const [both, pdf] = await deliver(office.token, project._id, people);
  return { office, project, plans, people: { both: people[0]!, pdf: people[1]! }, links: { both: both!, pdf: pdf! } };
}

const page = async (token: string) => {
  const res = await http.get(`/api/d/${token}`);
  expect(res.statusCode).toBe(200);
  return res.json<RecipientPageDto>();
};
const downloadCount = async (recipientId: string) =>
  (await server.deps.db.selectFrom('download').select('file_id').where('recipient_id', '=', recipientId).execute())
    .length;
const linkFor = async (token: string, fileId: string | null) => {
  const res = await http.post(fileId ? `/api/d/${token}/files/${fileId}/link` : `/api/d/${token}/zip/link`);
  expect(res.statusCode).toBe(200);
  return res.json<DownloadLinkDto>().url;
};
const downloadStates = (bundle: ProjectBundle, subIds: string[]) =>
  subIds.map((id) => bundle.subs.find((s) => s._id === id)!.state.download);

describe("the recipient's download page", () => {
  test('shows the office, the project, the recipient and the files sent, and reading it records nothing', async () => {
    const { office, links } = await downloadScene();
    const data = await page(links.pdf.token);
    const { company } = await server.deps.db
      .selectFrom('office')
      .select('company')
      .where('id', '=', office.id)
      .executeTakeFirstOrThrow();
    expect(company).not.toBe('');
    expect(data.office).toEqual({ company });
    expect(data.project.name).toBe('Haus Müller');
    expect(data.recipient.name).toBe('pdf Empfänger');
    expect(data.sentAt).not.toBeNull();
    expect(
      data.files.map((f) => [f.doc.number, f.doc.name, f.index, f.kind, f.filename, f.size, f.isCurrent, f.downloaded]),
    ).toEqual([
      ['A-101', 'Grundriss EG', 'A', 'pdf', FIXTURES.pdf, fixture(FIXTURES.pdf).length, true, false],
      ['A-102', 'Schnitt A-A', 'A', 'pdf', FIXTURES.pdf, fixture(FIXTURES.pdf).length, true, false],
    ]);
    expect((await page(links.both.token)).files).toHaveLength(6);
    await page(links.pdf.token);
    expect(await downloadCount(links.pdf.recipientId)).toBe(0);
  });

  test('a guessed token, a revoked link and a file another recipient got all answer 404', async () => {
    const { office, links } = await downloadScene();
    const other = await createTestOffice(server, 'P2');
    const guessed = 'A'.repeat(43);
    expect((await http.get(`/api/d/${guessed}`)).statusCode).toBe(404);
    expect((await http.post(`/api/d/${guessed}/zip/link`)).statusCode).toBe(404);

    const dwg = (await page(links.both.token)).files.find((f) => f.kind === 'dwg')!;
    expect((await http.post(`/api/d/${links.pdf.token}/files/${dwg._id}/link`)).statusCode).toBe(404);
    const ticketUrl = await linkFor(links.both.token, dwg._id);
    const ticket = ticketUrl.split('/').pop()!;
    expect((await http.get(`/api/d/${links.pdf.token}/download/${ticket}`)).statusCode).toBe(404);

    expect(
      (await http.post(`/api/delivery/recipient/${links.pdf.recipientId}/revoke`, {}, other.token)).statusCode,
    ).toBe(404);
    expect((await http.get(`/api/d/${links.pdf.token}`)).statusCode).toBe(200);
    expect(
      (await http.post(`/api/delivery/recipient/${links.pdf.recipientId}/revoke`, {}, office.token)).statusCode,
    ).toBe(204);
    const revoked = await http.get(`/api/d/${links.pdf.token}`);
    expect([revoked.statusCode, revoked.json().msgCode]).toEqual([404, 'common.not_found']);
    expect((await http.post(`/api/d/${links.pdf.token}/zip/link`)).statusCode).toBe(404);
    expect(await downloadCount(links.pdf.recipientId)).toBe(0);
  });

  test('a HEAD or GET of a download URL without a valid ticket answers 404 and records nothing', async () => {
    const { links } = await downloadScene();
    const base = `/api/d/${links.both.token}/download`;
    const made = 'B'.repeat(43);
    for (const method of ['HEAD', 'GET'] as const) {
      expect((await server.app.inject({ method, url: `${base}/${made}` })).statusCode).toBe(404);
      expect((await server.app.inject({ method, url: `${base}/` })).statusCode).toBe(404);
    }
    const url = await linkFor(links.both.token, null);
    expect((await server.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    expect(await downloadCount(links.both.recipientId)).toBe(0);
  });

  test('a download started on the page streams the exact bytes once and is recorded', async () => {
    const { office, project, links } = await downloadScene();
    const toProject = vi.spyOn(server.deps.realtime, 'toProject');
    const dwg = (await page(links.both.token)).files.find((f) => f.kind === 'dwg')!;
    const url = await linkFor(links.both.token, dwg._id);
    expect(url).toMatch(new RegExp(`^/api/d/${links.both.token}/download/[A-Za-z0-9_-]{22,}$`));

    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(sha256Hex(res.rawPayload)).toBe(sha256Hex(fixture(FIXTURES.dwg)));
    expect(res.headers['content-disposition']).toContain('filename="A-101_Grundriss EG_A.dwg"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain('sandbox');

    const rows = await server.deps.db
      .selectFrom('download')
      .selectAll()
      .where('recipient_id', '=', links.both.recipientId)
      .execute();
    expect(rows.map((r) => [r.file_id, r.via])).toEqual([[dwg._id, 'single']]);
    expect(toProject).toHaveBeenCalledWith(
      office.id,
      project._id,
      'updateData',
      expect.objectContaining({ projectId: project._id, entity: 'download', id: rows[0]!.id }),
    );
    toProject.mockRestore();
    expect((await page(links.both.token)).files.find((f) => f._id === dwg._id)!.downloaded).toBe(true);

    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await downloadCount(links.both.recipientId)).toBe(1);
  });

  test('all as ZIP holds every file byte-identical, stored, and records each', async () => {
    const { links } = await downloadScene();
    const res = await server.app.inject({ method: 'GET', url: await linkFor(links.both.token, null) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zipPath = path.join(os.tmpdir(), `recipient-${Date.now()}.zip`);
    fs.writeFileSync(zipPath, res.rawPayload);
    const names = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const methods = [
      ...execFileSync('unzip', ['-Zv', zipPath], { encoding: 'utf8' }).matchAll(/compression method:\s+(.+)/g),
    ];
    const listing = names.map((name, i) => [
      name,
      methods[i]![1],
      sha256Hex(execFileSync('unzip', ['-p', zipPath, name])),
    ]);
    fs.rmSync(zipPath);
    const hash = (kind: keyof typeof FIXTURES) => sha256Hex(fixture(FIXTURES[kind]));
    expect(listing).toEqual([
      ['A-101_Grundriss EG_A.pdf', 'none (stored)', hash('pdf')],
      ['A-101_Grundriss EG_A.dwg', 'none (stored)', hash('dwg')],
      ['A-101_Grundriss EG_A.dxf', 'none (stored)', hash('dxf')],
      ['A-102_Schnitt A-A_A.pdf', 'none (stored)', hash('pdf')],
      ['A-102_Schnitt A-A_A.dwg', 'none (stored)', hash('dwg')],
      ['A-102_Schnitt A-A_A.dxf', 'none (stored)', hash('dxf')],
    ]);
    const rows = await server.deps.db
      .selectFrom('download')
      .select(['via'])
      .where('recipient_id', '=', links.both.recipientId)
      .execute();
    expect(rows.map((r) => r.via)).toEqual(Array(6).fill('zip'));
    expect((await page(links.both.token)).files.every((f) => f.downloaded)).toBe(true);
  });

  test("a sub's download state turns green once every file sent for it was downloaded", async () => {
    const { office, project, people, links } = await downloadScene();
    const before = await openTestProject(server.app, office.token, project._id);
    expect(downloadStates(before, people.pdf.subs)).toEqual(['red', 'red']);
    const first = (await page(links.pdf.token)).files[0]!;
    await server.app.inject({ method: 'GET', url: await linkFor(links.pdf.token, first._id) });
    const after = await openTestProject(server.app, office.token, project._id);
    expect(downloadStates(after, people.pdf.subs)).toEqual(['green', 'red']);
    expect(downloadStates(after, people.both.subs)).toEqual(['red', 'red']);
  });

  test('after a newer release the link still delivers what was sent and says a newer index exists', async () => {
    const { office, plans, links } = await downloadScene();
    const next = await prepareTestVersion(server.app, office.token, plans[0]!._id, 'B');
    await insertStoredFixture(server.deps, next, 'pdf', 'tracemonkey.pdf');
    await releaseTestVersion(server.app, office.token, next._id);
    const files = (await page(links.pdf.token)).files;
    expect(files.map((f) => [f.doc.number, f.index, f.isCurrent])).toEqual([
      ['A-101', 'A', false],
      ['A-102', 'A', true],
    ]);
    const res = await server.app.inject({ method: 'GET', url: await linkFor(links.pdf.token, files[0]!._id) });
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(sha256Hex(fixture(FIXTURES.pdf)));
  });

  test('an old link names the current index and opens it once the office sent it to the same recipient', async () => {
    const { office, project, plans, people, links } = await downloadScene();
    const next = await prepareTestVersion(server.app, office.token, plans[0]!._id, 'B');
    await insertStoredFixture(server.deps, next, 'pdf', 'tracemonkey.pdf');
    await releaseTestVersion(server.app, office.token, next._id);
    // Released, not sent: the old link names the index and offers nothing to fetch.
    const [oldA101, a102] = (await page(links.pdf.token)).files;
    expect([oldA101!.newer, a102!.newer]).toEqual([{ index: 'B', sent: null }, null]);

    const [later] = await deliver(office.token, project._id, [people.pdf]);
    const newFile = (await page(later!.token)).files.find((f) => f.doc.number === 'A-101')!;
    expect(newFile.index).toBe('B');
    // Before the newer index reached them, neither the other recipient nor this one could fetch it …
    expect((await http.post(`/api/d/${links.both.token}/files/${newFile._id}/link`)).statusCode).toBe(404);
    const newer = (await page(links.pdf.token)).files[0]!.newer;
    expect(newer).toEqual({ index: 'B', sent: { fileId: newFile._id, sentAt: expect.any(String) } });

    // … now the old link shows and downloads it, recorded on the mail that carried it.
    const preview = await http.get(`/api/d/${links.pdf.token}/files/${newFile._id}/preview`);
    expect(preview.statusCode).toBe(200);
    const res = await server.app.inject({ method: 'GET', url: await linkFor(links.pdf.token, newFile._id) });
    expect(res.statusCode).toBe(200);
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(sha256Hex(fixture('tracemonkey.pdf')));
    expect([await downloadCount(later!.recipientId), await downloadCount(links.pdf.recipientId)]).toEqual([1, 0]);
    // The ZIP of the old link stays what that mail carried.
    expect((await page(links.pdf.token)).files.map((f) => f.index)).toEqual(['A', 'A']);

    // The later link revoked: the old one no longer leads there either.
    expect((await http.post(`/api/delivery/recipient/${later!.recipientId}/revoke`, {}, office.token)).statusCode).toBe(
      204,
    );
    expect((await page(links.pdf.token)).files[0]!.newer).toEqual({ index: 'B', sent: null });
    expect((await http.post(`/api/d/${links.pdf.token}/files/${newFile._id}/link`)).statusCode).toBe(404);
  });
});
