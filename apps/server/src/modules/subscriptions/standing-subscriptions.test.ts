import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  DocFolderDto,
  PlanSetResponse,
  ProjectBundle,
  StandingSubscriptionsResponse,
  SubIdsResponse,
} from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  expectStatus,
  folderOf,
  insertTestFile,
  openTestProject,
  releaseTestVersion,
  snapshotProject,
} from '../../../test/factories.ts';
import { deliveryFinished, releaseVersionWithRows, startDelivery } from '../../../test/seed.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const subOf = (bundle: ProjectBundle, docId: string, participantId: string) =>
  bundle.subs.find((s) => s.doc === docId && s.participant === participantId);

/** An office (P1) whose project has plan A-101 in its plans folder, a second plans folder, and two participants. */
async function scene() {
  const office = await createTestOffice(server, 'P1');
  const { project, bundle } = await createTestProject(server.app, office.token, { number: '2026-035' });
  const folder = folderOf(bundle);
  const other = await http.post(
    '/api/folder',
    { phaseId: folder.phase, name: 'Schnitte', category: 'plans' },
    office.token,
  );
  expectStatus(other, 201, 'folder');
  const a101 = await createTestDoc(server.app, office.token, folder._id, { number: 'A-101' });
  const statik = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Eva', lastName: 'Stein', company: 'Statik GmbH' },
  });
  const rohbau = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Max', lastName: 'Bauer', company: 'Rohbau GmbH' },
  });
  return { office, project, folder, otherFolder: other.json<DocFolderDto>(), a101, statik, rohbau };
}

const setRules = (token: string, items: Record<string, unknown>[]) =>
  http.put('/api/standing-subscriptions', { items }, token);

/** A plan added by a plan set (one PDF named for a plan the project lacks), released with a file row. */
async function planBySet(token: string, folderId: string, filename: string) {
  const res = await http.post(
    '/api/plan-sets',
    { folderId, files: [{ key: 'f0', filename, size: 1000 }], requestKey: randomUUID(), comment: 'Planset' },
    token,
  );
  expectStatus(res, 201, 'plan set');
  const { planSet } = res.json<PlanSetResponse>();
  const docId = planSet.files[0]!.doc;
  const versionId = planSet.files[0]!.version;
  await insertTestFile(server.deps.db, { _id: versionId, doc: docId }, 'pdf');
  await releaseTestVersion(server.app, token, versionId);
  return docId;
}

describe('a subscription made for a folder or phase holds for plans added later', () => {
  test('plans added singly and by a plan set get the subscription, and "An Abonnenten senden" includes them', async () => {
    const { office, project, folder, a101, statik, rohbau } = await scene();
    const made = await setRules(office.token, [{ participantId: statik._id, folderId: folder._id, getsPdf: true }]);
    expect(made.statusCode).toBe(200);
    const { rules } = made.json<StandingSubscriptionsResponse>();
    expect(rules).toEqual([
      {
        _id: expect.any(String),
        participant: statik._id,
        folder: folder._id,
        phase: null,
        getsPdf: true,
        getsTec: false,
      },
    ]);
    // Today's plan at once, as "alle Pläne dieses Ordners" always did.
    let bundle = await openTestProject(server.app, office.token, project._id);
    expect(subOf(bundle, a101._id, statik._id)).toMatchObject({ getsPdf: true, getsTec: false });
    expect(bundle.standingSubs).toEqual(rules);

    const single = await createTestDoc(server.app, office.token, folder._id, { number: 'A-102' });
    await releaseVersionWithRows(server, office.token, single._id);
    const bySet = await planBySet(office.token, folder._id, 'A-140_Attika_A.pdf');

    bundle = await openTestProject(server.app, office.token, project._id);
    for (const docId of [single._id, bySet]) {
      expect(subOf(bundle, docId, statik._id)).toMatchObject({ getsPdf: true, getsTec: false, fromRule: true });
      expect(subOf(bundle, docId, rohbau._id)).toBeUndefined();
    }
    // The compact load carries the same.
    const compact = await http.get(`/api/project/${project._id}?form=compact`, office.token);
    const { expandBundle } = await import('@plankurier/shared');
    const expanded = expandBundle(compact.json());
    expect(expanded.standingSubs).toEqual(rules);
    expect(expanded.subs.find((s) => s.doc === bySet && s.participant === statik._id)?.fromRule).toBe(true);

    // "An Abonnenten senden" after the set: the subscribers of exactly those plans.
    const ids = await http.post(
      `/api/project/${project._id}/sub-ids`,
      { participants: [{ _id: statik._id, docs: [single._id, bySet] }] },
      office.token,
    );
    expect(ids.statusCode).toBe(200);
    const { participants } = ids.json<SubIdsResponse>();
    const delivery = await startDelivery(server, office.token, project._id, [
      { participant: { _id: statik._id }, subs: participants[0]!.subs },
    ]);
    expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
    const sentDocs = await server.deps.db
      .selectFrom('delivery_file')
      .innerJoin('delivery_recipient as r', 'r.id', 'delivery_file.recipient_id')
      .innerJoin('file', 'file.id', 'delivery_file.file_id')
      .select('file.doc_id')
      .where('r.delivery_id', '=', delivery._id)
      .execute();
    expect(sentDocs.map((r) => r.doc_id).sort()).toEqual([single._id, bySet].sort());
  });

  test('a phase rule covers new plans in any folder of the phase; a plan moved into a folder gets its rule', async () => {
    const { office, project, folder, otherFolder, rohbau, statik } = await scene();
    expectStatus(
      await setRules(office.token, [
        { participantId: rohbau._id, phaseId: folder.phase, getsTec: true },
        { participantId: statik._id, folderId: otherFolder._id, getsPdf: true, getsTec: true },
      ]),
      200,
      'rules',
    );
    const plan = await createTestDoc(server.app, office.token, folder._id, { number: 'A-103' });
    let bundle = await openTestProject(server.app, office.token, project._id);
    expect(subOf(bundle, plan._id, rohbau._id)).toMatchObject({ getsPdf: false, getsTec: true, fromRule: true });
    expect(subOf(bundle, plan._id, statik._id)).toBeUndefined();

    const moved = await http.put('/api/docs/order', { folderId: otherFolder._id, docIds: [plan._id] }, office.token);
    expect(moved.statusCode).toBe(200);
    bundle = await openTestProject(server.app, office.token, project._id);
    expect(subOf(bundle, plan._id, statik._id)).toMatchObject({ getsPdf: true, getsTec: true, fromRule: true });
    expect(subOf(bundle, plan._id, rohbau._id)).toMatchObject({ getsTec: true });
  });

  test('a per-plan change wins over the rule and stays; removing the rule keeps the plans’ subscriptions', async () => {
    const { office, project, folder, statik } = await scene();
    const { rules } = (
      await setRules(office.token, [{ participantId: statik._id, folderId: folder._id, getsPdf: true }])
    ).json<StandingSubscriptionsResponse>();
    const plan = await createTestDoc(server.app, office.token, folder._id, { number: 'A-104' });
    const removed = await http.put(
      '/api/subscription',
      { docId: plan._id, participantId: statik._id, getsPdf: false, getsTec: false },
      office.token,
    );
    expect(removed.statusCode).toBe(200);
    // Later plans and moves within the folder do not bring it back.
    await createTestDoc(server.app, office.token, folder._id, { number: 'A-105' });
    expectStatus(
      await http.put('/api/docs/order', { folderId: folder._id, docIds: [plan._id] }, office.token),
      200,
      'reorder',
    );
    let bundle = await openTestProject(server.app, office.token, project._id);
    expect(subOf(bundle, plan._id, statik._id)).toBeUndefined();
    expect(bundle.standingSubs).toHaveLength(1);

    // A per-plan format change keeps the subscription but it no longer came from the rule.
    const a105 = bundle.docs.find((d) => d.number === 'A-105')!;
    expect(subOf(bundle, a105._id, statik._id)?.fromRule).toBe(true);
    expectStatus(
      await http.put(
        '/api/subscription',
        { docId: a105._id, participantId: statik._id, getsPdf: true, getsTec: true },
        office.token,
      ),
      200,
      'change',
    );
    bundle = await openTestProject(server.app, office.token, project._id);
    expect(subOf(bundle, a105._id, statik._id)).toMatchObject({ getsPdf: true, getsTec: true });
    expect(subOf(bundle, a105._id, statik._id)?.fromRule).toBeUndefined();

    // The rule removed alone: today's subscriptions stay (no longer marked as the rule's), new plans get none.
    const a108 = await createTestDoc(server.app, office.token, folder._id, { number: 'A-108' });
    const gone = await http.delete(`/api/standing-subscription/${rules[0]!._id}`, office.token);
    expect(gone.statusCode).toBe(204);
    const later = await createTestDoc(server.app, office.token, folder._id, { number: 'A-106' });
    bundle = await openTestProject(server.app, office.token, project._id);
    expect(bundle.standingSubs).toEqual([]);
    expect(subOf(bundle, a105._id, statik._id)).toMatchObject({ getsPdf: true });
    expect(subOf(bundle, later._id, statik._id)).toBeUndefined();
    expect(subOf(bundle, a108._id, statik._id)).toMatchObject({ getsPdf: true, getsTec: false });
    expect(bundle.subs.filter((s) => s.fromRule)).toEqual([]);
  });

  test('both formats off removes the rule with the folder’s subscriptions', async () => {
    const { office, project, folder, a101, statik } = await scene();
    await setRules(office.token, [{ participantId: statik._id, folderId: folder._id, getsPdf: true }]);
    const off = await setRules(office.token, [{ participantId: statik._id, folderId: folder._id, getsPdf: false }]);
    expect(off.statusCode).toBe(200);
    expect(off.json<StandingSubscriptionsResponse>()).toMatchObject({ rules: [], removed: 1 });
    const later = await createTestDoc(server.app, office.token, folder._id, { number: 'A-107' });
    const bundle = await openTestProject(server.app, office.token, project._id);
    expect(bundle.standingSubs).toEqual([]);
    expect(subOf(bundle, a101._id, statik._id)).toBeUndefined();
    expect(subOf(bundle, later._id, statik._id)).toBeUndefined();
  });

  test('another office’s participant, folder, phase or rule answers 404 and nothing changes', async () => {
    const mine = await scene();
    const theirs = await scene();
    const { rules } = (
      await setRules(theirs.office.token, [
        { participantId: theirs.statik._id, folderId: theirs.folder._id, getsPdf: true },
      ])
    ).json<StandingSubscriptionsResponse>();
    const before = await snapshotProject(server.deps.db, theirs.project._id);
    const mineBefore = await snapshotProject(server.deps.db, mine.project._id);
    for (const item of [
      { participantId: theirs.statik._id, folderId: mine.folder._id, getsPdf: true },
      { participantId: mine.statik._id, folderId: theirs.folder._id, getsPdf: true },
      { participantId: mine.statik._id, phaseId: theirs.folder.phase, getsPdf: true },
    ]) {
      const res = await setRules(mine.office.token, [item]);
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    const foreign = await http.delete(`/api/standing-subscription/${rules[0]!._id}`, mine.office.token);
    expect([foreign.statusCode, foreign.json().msgCode]).toEqual([404, 'common.not_found']);
    const neither = await setRules(mine.office.token, [
      { participantId: mine.statik._id, folderId: mine.folder._id, phaseId: mine.folder.phase, getsPdf: true },
    ]);
    expect([neither.statusCode, neither.json().msgCode]).toEqual([400, 'common.validation']);
    expect(await snapshotProject(server.deps.db, theirs.project._id)).toEqual(before);
    expect(await snapshotProject(server.deps.db, mine.project._id)).toEqual(mineBefore);
    const count = await server.deps.db
      .selectFrom('standing_subscription')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', 'in', [mine.project._id, theirs.project._id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});
