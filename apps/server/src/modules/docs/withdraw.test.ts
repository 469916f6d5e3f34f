import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocDeletionCheck, DownloadLinkDto, PlanSetCheckResponse, RecipientPageDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  openTestProject,
} from '../../../test/factories.ts';
import { timelineOf } from '../../../test/proof-scene.ts';
import {
  deliveryFinished,
  linkTokenInMail,
  releaseStoredVersion,
  startDelivery,
  subscribeTo,
  type DeliveryPeople,
} from '../../../test/seed.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { currentFilesOfProject } from '../archives/queries.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

/**
 * An office whose plan A-101 (PDF and DWG) went to three recipients in one mail, together with
 * A-102 (PDF) for the first of them; A-103 was never sent. Answers each recipient's link token.
 */
async function sentScene(tier: 'FREE' | 'P2' = 'P2') {
  const office = await createTestOffice(server, tier);
  const { project, bundle } = await createTestProject(server.app, office.token, { number: '2026-036' });
  const folder = folderOf(bundle);
  const a101 = await createTestDoc(server.app, office.token, folder._id, { number: 'A-101', name: 'Grundriss EG' });
  const a102 = await createTestDoc(server.app, office.token, folder._id, { number: 'A-102', name: 'Schnitt' });
  const a103 = await createTestDoc(server.app, office.token, folder._id, { number: 'A-103', name: 'Ansicht' });
  await releaseStoredVersion(server, office.token, a101._id, { kinds: ['pdf', 'dwg'] });
  await releaseStoredVersion(server, office.token, a102._id, { kinds: ['pdf'] });
  const people: DeliveryPeople[] = [];
  for (const lastName of ['Bauer', 'Stein', 'Vogt']) {
    const participant = await createTestParticipant(server.app, office.token, bundle, { contact: { lastName } });
    const subs = [
      (await subscribeTo(server, office.token, a101._id, participant._id, { getsPdf: true, getsTec: true }))._id,
    ];
    if (lastName === 'Bauer') subs.push((await subscribeTo(server, office.token, a102._id, participant._id))._id);
    people.push({ participant, subs });
  }
  const delivery = await startDelivery(server, office.token, project._id, people);
  expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
  const recipients = await server.deps.db
    .selectFrom('delivery_recipient')
    .select(['id', 'participant_id', 'message_id'])
    .where('delivery_id', '=', delivery._id)
    .execute();
  const tokens = people.map((p) => {
    const row = recipients.find((r) => r.participant_id === p.participant._id)!;
    return linkTokenInMail(server, row.message_id);
  });
  return { office, project, folder, a101, a102, a103, people, tokens };
}

const page = async (token: string) => {
  const res = await http.get(`/api/d/${token}`);
  expect(res.statusCode).toBe(200);
  return res.json<RecipientPageDto>();
};

describe('deleting a plan whose files were sent withdraws it for its recipients', () => {
  test('the office is told first how many recipients have it; a plan never sent has none', async () => {
    const { office, a101, a102, a103 } = await sentScene();
    const check = (docId: string) => http.get(`/api/doc/${docId}/deletion`, office.token);
    expect((await check(a101._id)).json<DocDeletionCheck>()).toEqual({ recipients: 3 });
    expect((await check(a102._id)).json<DocDeletionCheck>()).toEqual({ recipients: 1 });
    expect((await check(a103._id)).json<DocDeletionCheck>()).toEqual({ recipients: 0 });
    const other = await createTestOffice(server);
    const foreign = await http.get(`/api/doc/${a101._id}/deletion`, other.token);
    expect([foreign.statusCode, foreign.json().msgCode]).toEqual([404, 'common.not_found']);
  });

  test('the recipients’ pages keep it as withdrawn, with date and person, and its files are no longer served', async () => {
    const { office, project, a101, a102, tokens } = await sentScene();
    const before = await page(tokens[0]!);
    const a101Pdf = before.files.find((f) => f.doc.number === 'A-101' && f.kind === 'pdf')!;
    // A ticket the page asked for before the withdrawal, used after it.
    const earlier = await http.post(`/api/d/${tokens[0]}/files/${a101Pdf._id}/link`);
    expect(earlier.statusCode).toBe(200);

    const deleted = await http.delete(`/api/doc/${a101._id}`, office.token);
    expect(deleted.statusCode).toBe(204);
    const { withdrawn_at } = await server.deps.db
      .selectFrom('doc')
      .select('withdrawn_at')
      .where('id', '=', a101._id)
      .executeTakeFirstOrThrow();

    for (const token of tokens) {
      const after = await page(token);
      const withdrawn = after.files.filter((f) => f.doc.number === 'A-101');
      expect(withdrawn.map((f) => f.kind).sort()).toEqual(['dwg', 'pdf']);
      for (const file of withdrawn) {
        expect(file.withdrawn).toEqual({ at: withdrawn_at!.toISOString(), by: 'Anna Architektin' });
        expect(file.sheet).toBe(false);
        const link = await http.post(`/api/d/${token}/files/${file._id}/link`);
        expect([link.statusCode, link.json().msgCode]).toEqual([410, 'file.withdrawn']);
        for (const part of ['preview', 'view', 'thumbnail', 'sheet']) {
          const res = await http.get(`/api/d/${token}/files/${file._id}/${part}`);
          expect([res.statusCode, res.json().msgCode], part).toEqual([410, 'file.withdrawn']);
        }
      }
    }
    const late = await server.app.inject({ method: 'GET', url: earlier.json<DownloadLinkDto>().url });
    expect([late.statusCode, late.json().msgCode]).toEqual([410, 'file.withdrawn']);

    // The first recipient's other plan is still there; the ZIP holds only it.
    const first = await page(tokens[0]!);
    expect(first.files.filter((f) => !f.withdrawn).map((f) => f.doc.number)).toEqual(['A-102']);
    const zip = await http.post(`/api/d/${tokens[0]}/zip/link`);
    expect(zip.statusCode).toBe(200);
    const zipped = await server.app.inject({ method: 'GET', url: zip.json<DownloadLinkDto>().url });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.rawPayload.includes(Buffer.from('A-102_Schnitt_A.pdf'))).toBe(true);
    expect(zipped.rawPayload.includes(Buffer.from('A-101'))).toBe(false);
    // A page with nothing left to download says so rather than offering an empty ZIP.
    const onlyWithdrawn = await http.post(`/api/d/${tokens[1]}/zip/link`);
    expect([onlyWithdrawn.statusCode, onlyWithdrawn.json().msgCode]).toEqual([410, 'file.withdrawn']);

    // The office's side: the plan is gone from the project and its lists, the timeline keeps it.
    const bundle = await openTestProject(server.app, office.token, project._id);
    expect(bundle.docs.map((d) => d.number)).toEqual(['A-102', 'A-103']);
    expect(bundle.subs.filter((s) => s.doc === a101._id)).toEqual([]);
    expect(bundle.docfolders.flatMap((f) => f.docs.map((d) => d._id))).not.toContain(a101._id);
    expect(bundle.versions.filter((v) => v.doc === a101._id)).toEqual([]);
    const docEvents = await timelineOf(server, office.token, project._id, 'DOC');
    expect(docEvents.find((e) => e.kind === 'doc.withdrawn')).toMatchObject({
      data: expect.objectContaining({ number: 'A-101', name: 'Grundriss EG', recipients: 3 }),
    });
    const mails = await timelineOf(server, office.token, project._id, 'EMAIL');
    expect(mails).toHaveLength(3);
    for (const mail of mails) expect(JSON.stringify(mail)).toContain('A-101');
    expect(JSON.stringify(mails)).toContain(a102._id);

    // The office can no longer work on it: its ids are as unknown as another office's.
    expect((await http.put(`/api/doc/${a101._id}`, { name: 'x' }, office.token)).statusCode).toBe(404);
    expect((await http.delete(`/api/doc/${a101._id}`, office.token)).statusCode).toBe(404);
    expect((await http.get(`/api/doc/${a101._id}/deletion`, office.token)).statusCode).toBe(404);
    const fileId = first.files.find((f) => f.withdrawn)!._id;
    expect((await http.get(`/api/file/${fileId}`, office.token)).statusCode).toBe(404);
    expect((await http.post(`/api/file/${fileId}/download-link`, {}, office.token)).statusCode).toBe(404);
  });

  test('the transmittal record still lists it', async () => {
    const { office, project, a101, people } = await sentScene();
    expect((await http.delete(`/api/doc/${a101._id}`, office.token)).statusCode).toBe(204);
    const created = await http.post(
      '/api/print',
      { type: 'TRANSMITTAL', projectId: project._id, participantId: people[0]!.participant._id, format: 'csv' },
      office.token,
    );
    expect(created.statusCode).toBe(201);
    const printId = created.json<{ _id: string }>()._id;
    await until(
      async () => (await http.get(`/api/print/${printId}`, office.token)).json<{ isFinished: boolean }>().isFinished,
    );
    const link = await http.post(`/api/print/${printId}/download-link`, {}, office.token);
    const csv = await (await fetch(`${server.baseUrl}${link.json<{ url: string }>().url}`)).text();
    const plans = csv
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';')[1]);
    expect(plans).toEqual(['"A-101"', '"A-102"']);
  });

  test('a withdrawn plan no longer counts against the plan limit, nor goes into archives or plan sets', async () => {
    const { office, project, folder, a101 } = await sentScene('FREE');
    // FREE holds 30 plans: fill up to the limit.
    for (let i = 4; i <= 30; i++) await createTestDoc(server.app, office.token, folder._id, { number: `B-${i}` });
    const full = await http.post(
      '/api/doc',
      { folderId: folder._id, doctype: 'plan', number: 'C-1', name: '' },
      office.token,
    );
    expect([full.statusCode, full.json().msgCode]).toEqual([403, 'tier.limit_reached']);
    expect((await http.delete(`/api/doc/${a101._id}`, office.token)).statusCode).toBe(204);
    const check = await http.post(
      '/api/plan-sets/check',
      { folderId: folder._id, files: [{ key: 'f0', filename: 'A-101_Grundriss EG_B.pdf', size: 1000 }] },
      office.token,
    );
    const { review, docLimit } = check.json<PlanSetCheckResponse>();
    expect(docLimit.used).toBe(29);
    // A file named for the withdrawn plan is a new plan, not a new index of it.
    expect(review.files[0]).toMatchObject({ docId: null, number: 'A-101' });
    const again = await http.post(
      '/api/doc',
      { folderId: folder._id, doctype: 'plan', number: 'C-1', name: '' },
      office.token,
    );
    expect(again.statusCode).toBe(201);
    const entries = await currentFilesOfProject(server.deps.db, project._id, false);
    expect(entries.map((e) => e.number)).not.toContain('A-101');
    expect(entries.map((e) => e.number)).toContain('A-102');
  });

  test('a plan never sent is deleted as before, and the folder that held a withdrawn plan can be deleted', async () => {
    const { office, project, a103, a101, a102 } = await sentScene();
    expect((await http.delete(`/api/doc/${a103._id}`, office.token)).statusCode).toBe(204);
    expect(await server.deps.db.selectFrom('doc').select('id').where('id', '=', a103._id).executeTakeFirst()).toBe(
      undefined,
    );
    expect((await http.delete(`/api/doc/${a101._id}`, office.token)).statusCode).toBe(204);
    expect((await http.delete(`/api/doc/${a102._id}`, office.token)).statusCode).toBe(204);
    const bundle = await openTestProject(server.app, office.token, project._id);
    const folder = bundle.docfolders.find((f) => f.docs.length === 0 && f.category === 'plans')!;
    expect((await http.delete(`/api/folder/${folder._id}`, office.token)).statusCode).toBe(204);
    expect(
      await server.deps.db.selectFrom('doc').select('id').where('id', 'in', [a101._id, a102._id]).execute(),
    ).toHaveLength(2);
  });
});
