import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  applySlice,
  compactBundle,
  expandBundle,
  subKey,
  withSubKeys,
  type CompactBundle,
  type ProjectBundle,
  type ProjectChangeEvent,
  type ProjectChangesResponse,
} from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  openTestProject,
} from '../../../test/factories.ts';
import { downloadAsRecipient, sendTo } from '../../../test/proof-scene.ts';
import { captureRealtime } from '../../../test/realtime-capture.ts';
import { releaseStoredVersion, subscribeTo } from '../../../test/seed.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

/** The project as the web holds it: the compact load, expanded (subscriptions named by key). */
async function openAsWeb(token: string, projectId: string): Promise<ProjectBundle> {
  const res = await http.get(`/api/project/${projectId}?form=compact`, token);
  expect(res.statusCode).toBe(200);
  return expandBundle(res.json<CompactBundle>());
}

/** The bundle as a set of rows: order of arrays is not part of it (lists inside folders are). */
function comparable(bundle: ProjectBundle) {
  const sorted = <T extends { _id: string }>(rows: readonly T[]) =>
    [...rows].sort((a, b) => a._id.localeCompare(b._id));
  const { archives: _archives, changeSeq: _seq, ...rest } = bundle;
  return {
    ...rest,
    project: { ...rest.project, openedAt: null },
    phases: sorted(rest.phases),
    docs: sorted(rest.docs),
    versions: sorted(rest.versions),
    files: sorted(rest.files),
    subs: sorted(rest.subs),
    standingSubs: sorted(rest.standingSubs),
    participants: sorted(rest.participants),
    docfolders: sorted(rest.docfolders),
    participantfolders: sorted(rest.participantfolders),
    roles: sorted(rest.roles),
  };
}

/**
 * A session that keeps one project's bundle from live events alone: events in number order, each
 * applied on top; an event without rows reads the project again (counted).
 */
function followingSession(projectId: string, token: string, capture: ReturnType<typeof captureRealtime>) {
  let bundle: ProjectBundle;
  let applied = 0;
  let reloads = 0;
  const events = () =>
    capture.seen
      .map((p) => p as Partial<ProjectChangeEvent>)
      .filter((p): p is ProjectChangeEvent => p.projectId === projectId && typeof p.seq === 'number')
      .sort((a, b) => a.seq - b.seq);
  return {
    start: async () => {
      bundle = await openAsWeb(token, projectId);
    },
    /** Applies what arrived since; answers the bundle. */
    catchUp: async () => {
      for (const event of events().filter((e) => e.seq > bundle.changeSeq)) {
        expect(event.seq, 'no number is skipped').toBe(bundle.changeSeq + 1);
        if (event.slice) bundle = { ...applySlice(bundle, withSubKeys(event.slice)), changeSeq: event.seq };
        else {
          reloads++;
          bundle = { ...(await openAsWeb(token, projectId)), changeSeq: event.seq };
        }
        applied++;
      }
      return bundle;
    },
    get counts() {
      return { applied, reloads };
    },
  };
}

test('a session that applies the rows of every live change holds what a fresh load answers, through a working day', async () => {
  const office = await createTestOffice(server, 'P2');
  const capture = captureRealtime(server.deps.realtime, office.id);
  try {
    const { project, bundle } = await createTestProject(server.app, office.token, { phaseTemplate: 'hoai' });
    const session = followingSession(project._id, office.token, capture);
    await session.start();
    const same = async (step: string) => {
      const fresh = await openAsWeb(office.token, project._id);
      const held = await session.catchUp();
      expect(held.changeSeq, step).toBe(fresh.changeSeq);
      expect(comparable(held), step).toEqual(comparable(fresh));
    };

    const plans = folderOf(bundle);
    const a101 = await createTestDoc(server.app, office.token, plans._id, { number: 'A-101', name: 'Grundriss EG' });
    const a102 = await createTestDoc(server.app, office.token, plans._id, { number: 'A-102', name: 'Schnitt' });
    await same('two plans created');
    await releaseStoredVersion(server, office.token, a101._id);
    await releaseStoredVersion(server, office.token, a102._id, { kinds: ['pdf'] });
    await same('released with files');

    const bauer = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Max', lastName: 'Bauer', company: 'Rohbau GmbH' },
    });
    const stahl = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Eva', lastName: 'Stahl', company: 'Statik AG' },
    });
    await same('participants added');
    const subA101 = await subscribeTo(server, office.token, a101._id, bauer._id, { getsPdf: true, getsTec: true });
    const subA102 = await subscribeTo(server, office.token, a102._id, bauer._id);
    await subscribeTo(server, office.token, a101._id, stahl._id);
    await same('subscribed');

    const sent = await sendTo(server, office.token, project._id, bauer._id, [subA101._id, subA102._id], {
      requestReceipt: true,
    });
    await until(async () => (await session.catchUp()).subs.some((s) => s.state.deliver === 'GREEN'));
    await same('sent to Bauer');
    await downloadAsRecipient(server, sent.token, null);
    await same('Bauer downloaded the ZIP');
    expect((await http.post(`/api/d/${sent.token}/receipt`, {})).statusCode).toBe(200);
    await same('Bauer confirmed receipt');

    // A new index: what was sent is outdated, the subscriptions turn red.
    await releaseStoredVersion(server, office.token, a101._id, { index: 'B', kinds: ['pdf'] });
    await same('index B released');
    expect((await session.catchUp()).subs.find((s) => s._id === subKey(bauer._id, a101._id))?.state.deliver).toBe(
      'RED',
    );

    const moved = await http.put(
      '/api/docs/order',
      { folderId: plans._id, docIds: [a102._id, a101._id] },
      office.token,
    );
    expect(moved.statusCode).toBe(200);
    await same('plans reordered');
    expect(
      (
        await http.put(
          '/api/subscriptions',
          { items: [{ docId: a102._id, participantId: stahl._id, getsPdf: true }] },
          office.token,
        )
      ).statusCode,
    ).toBe(200);
    await same('subscriptions set at once');
    expect((await http.put(`/api/doc/${a102._id}`, { name: 'Schnitt B-B' }, office.token)).statusCode).toBe(200);
    const folder = await http.post(
      '/api/folder',
      { phaseId: bundle.phases[0]!._id, name: 'Details', category: 'plans' },
      office.token,
    );
    expect(folder.statusCode).toBe(201);
    await same('plan renamed, folder added');

    // Standing subscriptions: a folder's for Stahl, the phase's for Bauer; a new plan comes under both.
    const details = folder.json<{ _id: string }>()._id;
    const rules = await http.put(
      '/api/standing-subscriptions',
      {
        items: [
          { participantId: stahl._id, folderId: details, getsPdf: true },
          { participantId: bauer._id, phaseId: bundle.phases[0]!._id, getsTec: true },
        ],
      },
      office.token,
    );
    expect(rules.statusCode).toBe(200);
    await same('standing subscriptions set');
    await createTestDoc(server.app, office.token, details, { number: 'D-01', name: 'Detail Attika' });
    await same('a plan came under them');
    expect((await session.catchUp()).subs.filter((s) => s.fromRule)).toHaveLength(2);

    // Bauer goes first: Stahl moves up (renumbered) and keeps her subscriptions.
    expect((await http.delete(`/api/participant/${bauer._id}`, office.token)).statusCode).toBe(204);
    expect((await http.delete(`/api/doc/${a102._id}`, office.token)).statusCode).toBe(204);
    await same('participant and plan removed');
    expect((await session.catchUp()).standingSubs.map((r) => r.participant)).toEqual([stahl._id]);

    const { applied, reloads } = session.counts;
    expect(applied).toBeGreaterThan(15);
    expect(reloads, 'every change of this day carried its rows').toBe(0);
  } finally {
    capture.restore();
  }
});

test('GET /project/:id/changes answers what changed since a number as rows, and null once the number is too old', async () => {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token);
  const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
  await releaseStoredVersion(server, office.token, doc._id, { kinds: ['pdf'] });
  const participant = await createTestParticipant(server.app, office.token, bundle);
  await subscribeTo(server, office.token, doc._id, participant._id);

  const changes = (since: number) => http.get(`/api/project/${project._id}/changes?since=${since}`, office.token);
  const fresh = await openTestProject(server.app, office.token, project._id);
  const res = await changes(bundle.changeSeq);
  expect(res.statusCode).toBe(200);
  const { seq, slice } = res.json<ProjectChangesResponse>();
  expect(seq).toBe(fresh.changeSeq);
  expect(comparable(applySlice(bundle, slice!))).toEqual(comparable(fresh));
  // The same as the web holds it: the compact load's subscriptions and the slice's, named by key.
  const asWeb = expandBundle(compactBundle(bundle));
  expect(comparable(applySlice(asWeb, withSubKeys(slice!)))).toEqual(
    comparable(await openAsWeb(office.token, project._id)),
  );

  // Nothing new: an empty slice with the same number.
  expect((await changes(seq)).json<ProjectChangesResponse>()).toEqual({ seq, slice: { scope: {}, rows: {} } });
  // A number the server never gave, or one older than what it keeps: read the project again.
  expect((await changes(seq + 5)).json<ProjectChangesResponse>().slice).toBeNull();
  await server.deps.db
    .deleteFrom('project_change')
    .where('project_id', '=', project._id)
    .where('seq', '=', String(bundle.changeSeq + 1))
    .execute();
  expect((await changes(bundle.changeSeq)).json<ProjectChangesResponse>()).toEqual({ seq, slice: null });

  const bad = await changes(-1);
  expect(bad.statusCode).toBe(400);
  expect(bad.json<{ msgCode: string }>().msgCode).toBe('common.validation');
  const other = await createTestOffice(server, 'P2');
  expect((await http.get(`/api/project/${project._id}/changes?since=0`, other.token)).statusCode).toBe(404);
});
