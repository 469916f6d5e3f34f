import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expandBundle, subKey, type CompactBundle, type ProjectBundle } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
} from '../../../test/factories.ts';
import { downloadAsRecipient, proofScene, sendTo } from '../../../test/proof-scene.ts';
import { releaseStoredVersion, releaseVersionWithRows, subscribeTo } from '../../../test/seed.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

/**
 * Both forms of one load, comparable: each load marks the project as opened (openedAt differs), the
 * plain form lists the subscriptions in no particular order, and the compact one names them by key.
 */
async function bothForms(token: string, projectId: string) {
  const plainRes = await http.get(`/api/project/${projectId}`, token);
  const compactRes = await http.get(`/api/project/${projectId}?form=compact`, token);
  expect([plainRes.statusCode, compactRes.statusCode]).toEqual([200, 200]);
  const comparable = (bundle: ProjectBundle) => ({
    ...bundle,
    project: { ...bundle.project, openedAt: null },
    subs: bundle.subs
      .map((s) => ({ ...s, _id: subKey(s.participant, s.doc) }))
      .sort((a, b) => a._id.localeCompare(b._id)),
  });
  const wire = compactRes.json<CompactBundle>();
  return { plain: comparable(plainRes.json<ProjectBundle>()), expanded: comparable(expandBundle(wire)), wire };
}

describe('the compact project load answers the same bundle as the plain one', () => {
  test('a project with subscriptions sent, outdated, downloaded, bounced, with receipts and deliverAgain expands to the plain bundle', async () => {
    // Max Bauer got A-101 (PDF + DWG/DXF) and A-102 (PDF) in a mail that asked for a receipt.
    const scene = await proofScene(server, { requestReceipt: true });
    const { office, project, bundle, plans } = scene;
    // He downloaded A-102's PDF and confirmed the receipt.
    const sentBundle = (await http.get(`/api/project/${project._id}`, office.token)).json<ProjectBundle>();
    const a102Pdf = sentBundle.files.find((f) => f.doc === plans.a102._id && f.kind === 'pdf')!;
    await downloadAsRecipient(server, scene.token, a102Pdf._id);
    await server.deps.db
      .updateTable('delivery_recipient')
      .set({ receipt_confirmed_at: new Date('2026-11-20T10:00:00Z'), receipt_name: 'Max Bauer' })
      .where('id', '=', scene.recipientId)
      .execute();
    // A-102 has a newer version since: his subscription is outdated (RED) and marked to deliver again.
    await releaseStoredVersion(server, office.token, plans.a102._id, { index: 'B', kinds: ['pdf'] });
    await server.deps.db
      .updateTable('subscription')
      .set({ deliver_again: true })
      .where('id', '=', scene.subs.a102._id)
      .execute();

    // Eva Klein got A-101 as DWG/DXF only; her mail bounced.
    const eva = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Eva', lastName: 'Klein', company: 'Statik AG' },
    });
    const evaSub = await subscribeTo(server, office.token, plans.a101._id, eva._id, { getsPdf: false, getsTec: true });
    const evaMail = await sendTo(server, office.token, project._id, eva._id, [evaSub._id]);
    await server.deps.db
      .updateTable('delivery_recipient')
      .set({
        bounce_state: 'permanent',
        bounced_at: new Date('2026-11-21T08:00:00Z'),
        bounce_status: '5.1.1',
        bounce_diagnostic: '550 5.1.1 User unknown',
      })
      .where('id', '=', evaMail.recipientId)
      .execute();
    // Not yet sent: a plan with a current version (RED), a plan without one (GRAY); a data doc with a file.
    const a103 = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
      number: 'A-103',
      name: 'Ansicht',
    });
    await releaseVersionWithRows(server, office.token, a103._id, { kinds: ['pdf', 'dwg'] });
    const a104 = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
      number: 'A-104',
      name: 'Detail',
    });
    const protocol = await createTestDoc(server.app, office.token, folderOf(bundle, 'documents')._id, {
      doctype: 'data',
      number: 'P-1',
      name: 'Protokoll',
    });
    await releaseVersionWithRows(server, office.token, protocol._id, { kinds: ['other'] });
    for (const doc of [a103, a104, protocol]) await subscribeTo(server, office.token, doc._id, eva._id);
    // A participant without subscriptions.
    await createTestParticipant(server.app, office.token, bundle, { contact: { firstName: 'Ida', lastName: 'Leer' } });

    const { plain, expanded, wire } = await bothForms(office.token, project._id);
    expect(expanded).toEqual(plain);
    // Every state the scene meant to make is in it, so the comparison covers them.
    const states = plain.subs.map((s) => s.state);
    expect(new Set(states.map((s) => s.deliver))).toEqual(new Set(['RED', 'GREEN', 'GRAY']));
    expect(new Set(states.map((s) => s.download))).toEqual(new Set(['red', 'green', null]));
    expect(states.some((s) => s.bounce?.kind === 'permanent')).toBe(true);
    expect(states.some((s) => s.receipt?.confirmedBy === 'Max Bauer')).toBe(true);
    expect(plain.subs.some((s) => s.deliverAgain)).toBe(true);
    // The subscriptions travel per participant, not as objects.
    expect(wire.subs.groups.map((g) => g.participant).sort()).toEqual([scene.participant._id, eva._id].sort());
    expect(wire.subs.groups.reduce((n, g) => n + g.flags.length, 0)).toBe(plain.subs.length);
  });

  test('after a subscribed doc was deleted, and in a project without participants, both forms agree', async () => {
    const office = await createTestOffice(server, 'P2');
    const { project, bundle } = await createTestProject(server.app, office.token, { name: 'Leer' });
    const empty = await bothForms(office.token, project._id);
    expect(empty.expanded).toEqual(empty.plain);
    expect(empty.wire.subs).toEqual({ groups: [], bounces: [], receipts: [] });

    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
      number: 'A-1',
      name: 'Lageplan',
    });
    await releaseVersionWithRows(server, office.token, doc._id);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    await subscribeTo(server, office.token, doc._id, participant._id);
    expect((await http.delete(`/api/doc/${doc._id}`, office.token)).statusCode).toBe(204);
    const afterDelete = await bothForms(office.token, project._id);
    expect(afterDelete.expanded).toEqual(afterDelete.plain);
    expect(afterDelete.plain.subs).toEqual([]);
  });
});

describe('the project load asks for its form by name', () => {
  test('an unknown form answers 400 common.validation', async () => {
    const office = await createTestOffice(server);
    const { project } = await createTestProject(server.app, office.token, { name: 'Haus' });
    const res = await http.get(`/api/project/${project._id}?form=tiny`, office.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msgCode: 'common.validation' });
  });

  test("another office's project answers 404 in the compact form too", async () => {
    const owner = await createTestOffice(server);
    const other = await createTestOffice(server);
    const { project } = await createTestProject(server.app, owner.token, { name: 'Fremd' });
    const res = await http.get(`/api/project/${project._id}?form=compact`, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ msgCode: 'common.not_found' });
  });
});
