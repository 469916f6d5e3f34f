import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SubIdsResponse } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  openTestProject,
  snapshotProject,
} from '../../../test/factories.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

/** A project with two plans and two participants, each subscribed to both. */
async function subscribedProject() {
  const office = await createTestOffice(server);
  const { project, bundle } = await createTestProject(server.app, office.token);
  const a101 = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-101' });
  const a102 = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-102' });
  const max = await createTestParticipant(server.app, office.token, bundle);
  const eva = await createTestParticipant(server.app, office.token, bundle);
  for (const doc of [a101, a102])
    for (const p of [max, eva])
      await http.put('/api/subscription', { docId: doc._id, participantId: p._id }, office.token);
  const loaded = await openTestProject(server.app, office.token, project._id);
  const idOf = (docId: string, participantId: string) =>
    loaded.subs.find((s) => s.doc === docId && s.participant === participantId)!._id;
  return { office, project, a101, a102, max, eva, idOf };
}

describe('subscription ids named by participant and doc (POST /api/project/:id/sub-ids)', () => {
  test('answers the ids in the order asked', async () => {
    const { office, project, a101, a102, max, eva, idOf } = await subscribedProject();
    const res = await http.post(
      `/api/project/${project._id}/sub-ids`,
      {
        participants: [
          { _id: eva._id, docs: [a102._id, a101._id] },
          { _id: max._id, docs: [a101._id] },
        ],
      },
      office.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<SubIdsResponse>()).toEqual({
      participants: [
        { _id: eva._id, subs: [idOf(a102._id, eva._id), idOf(a101._id, eva._id)] },
        { _id: max._id, subs: [idOf(a101._id, max._id)] },
      ],
    });
  });

  test('a pair without a subscription, or of another project, answers 404', async () => {
    const { office, project, a101, max, eva } = await subscribedProject();
    const other = await subscribedProject();
    await http.put('/api/subscription', { docId: a101._id, participantId: eva._id, getsPdf: false }, office.token);
    const ask = (participantId: string, docId: string, projectId = project._id, token = office.token) =>
      http.post(`/api/project/${projectId}/sub-ids`, { participants: [{ _id: participantId, docs: [docId] }] }, token);
    for (const res of [
      // Removed meanwhile (both formats off).
      await ask(eva._id, a101._id),
      // Another project's subscription asked for under this project.
      await ask(other.max._id, other.a101._id),
      // A mix of both projects.
      await ask(max._id, other.a101._id),
    ]) {
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect((await ask(max._id, a101._id)).statusCode).toBe(200);
  });

  test("another office's project answers 404 and changes nothing", async () => {
    const { project, a101, max } = await subscribedProject();
    const intruder = await createTestOffice(server);
    const before = await snapshotProject(server.deps.db, project._id);
    const res = await http.post(
      `/api/project/${project._id}/sub-ids`,
      { participants: [{ _id: max._id, docs: [a101._id] }] },
      intruder.token,
    );
    expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
  });

  test('an empty list, a list without docs, ids that are no uuids, and more than 50,000 pairs are refused', async () => {
    const { office, project, a101, max } = await subscribedProject();
    const docs = Array.from({ length: 25_001 }, () => a101._id);
    for (const body of [
      { participants: [] },
      { participants: [{ _id: max._id, docs: [] }] },
      { participants: [{ _id: 'max', docs: [a101._id] }] },
      { participants: [{ _id: max._id, docs: ['A-101'] }] },
      {
        participants: [
          { _id: max._id, docs },
          { _id: max._id, docs },
        ],
      },
    ]) {
      const res = await http.post(`/api/project/${project._id}/sub-ids`, body, office.token);
      expect([res.statusCode, res.json().msgCode]).toEqual([400, 'common.validation']);
    }
  });
});
