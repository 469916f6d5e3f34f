import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type {
  ParticipantDto,
  ProjectBundle,
  ProjectChangeEvent,
  SubscriptionResponse,
  SubscriptionsResponse,
} from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { captureRealtime } from '../../../test/realtime-capture.ts';
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
import { releaseVersionWithRows } from '../../../test/seed.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const timelineOf = (projectId: string) =>
  server.deps.db
    .selectFrom('timeline_event')
    .select(['kind', 'doc_id', 'data'])
    .where('project_id', '=', projectId)
    .where('kind', '=', 'subscription.changed')
    .orderBy('created_at')
    .execute();

const subOf = (bundle: ProjectBundle, docId: string, participantId: string) =>
  bundle.subs.find((s) => s.doc === docId && s.participant === participantId);

describe('one subscription per plan and participant', () => {
  test('omitted formats come from the contact’s required formats; both off removes the subscription', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-101' });
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Tina', lastName: 'Tec', needsPdf: true, needsTec: true },
    });
    const capture = captureRealtime(server.deps.realtime, office.id);
    const created = await http.put(
      '/api/subscription',
      { docId: doc._id, participantId: participant._id },
      office.token,
    );
    capture.restore();
    const { seen } = capture;
    expect(created.statusCode).toBe(200);
    const { sub } = created.json<SubscriptionResponse>();
    expect(sub).toEqual({
      _id: sub!._id,
      doc: doc._id,
      participant: participant._id,
      getsPdf: true,
      getsTec: true,
      deliverAgain: false,
      state: { deliver: 'GRAY' },
    });
    // One event, numbered, carrying the subscription's row.
    expect(seen).toEqual([
      expect.objectContaining({
        projectId: project._id,
        entity: 'subscription',
        id: sub!._id,
        seq: expect.any(Number),
      }),
    ]);
    expect((seen[0] as ProjectChangeEvent).slice?.rows.subs).toContainEqual(
      expect.objectContaining({ _id: sub!._id, getsPdf: true, getsTec: true }),
    );
    const tecOff = (
      await http.put(
        '/api/subscription',
        { docId: doc._id, participantId: participant._id, getsTec: false },
        office.token,
      )
    ).json<SubscriptionResponse>();
    expect(tecOff.sub).toMatchObject({ _id: sub!._id, getsPdf: true, getsTec: false });
    // the same values again change nothing and write no event
    await http.put(
      '/api/subscription',
      { docId: doc._id, participantId: participant._id, getsPdf: true, getsTec: false },
      office.token,
    );
    const removed = (
      await http.put(
        '/api/subscription',
        { docId: doc._id, participantId: participant._id, getsPdf: false },
        office.token,
      )
    ).json<SubscriptionResponse>();
    expect(removed).toEqual({ sub: null });
    expect((await openTestProject(server.app, office.token, project._id)).subs).toEqual([]);
    expect((await timelineOf(project._id)).map((e) => [e.doc_id, e.data])).toEqual([
      [
        doc._id,
        {
          participantId: participant._id,
          participant: 'Tina Tec',
          docNumber: 'A-101',
          docName: 'Grundriss EG',
          formats: 'PDF_AND_TEC',
          formatsBefore: null,
        },
      ],
      [
        doc._id,
        {
          participantId: participant._id,
          participant: 'Tina Tec',
          docNumber: 'A-101',
          docName: 'Grundriss EG',
          formats: 'PDF_ONLY',
          formatsBefore: 'PDF_AND_TEC',
        },
      ],
      [
        doc._id,
        {
          participantId: participant._id,
          participant: 'Tina Tec',
          docNumber: 'A-101',
          docName: 'Grundriss EG',
          formats: null,
          formatsBefore: 'PDF_ONLY',
        },
      ],
    ]);
  });

  test('a contact that needs only PDF gets a PDF subscription; a new one with both off is no subscription', async () => {
    const office = await createTestOffice(server);
    const { bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    const none = await http.put(
      '/api/subscription',
      { docId: doc._id, participantId: participant._id, getsPdf: false, getsTec: false },
      office.token,
    );
    expect(none.json()).toEqual({ sub: null });
    const pdf = await http.put('/api/subscription', { docId: doc._id, participantId: participant._id }, office.token);
    expect(pdf.json<SubscriptionResponse>().sub).toMatchObject({ getsPdf: true, getsTec: false });
  });

  test('deleting a plan takes its subscriptions with it', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    await http.put('/api/subscription', { docId: doc._id, participantId: participant._id }, office.token);
    expect((await http.delete(`/api/doc/${doc._id}`, office.token)).statusCode).toBe(204);
    expect((await openTestProject(server.app, office.token, project._id)).subs).toEqual([]);
  });
});

describe('delivery states in the project bundle', () => {
  test('GRAY without a current version, RED after release for a subscribed format, GRAY for TEC only when only a PDF exists; aggregates per doc and participant', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = folderOf(bundle)._id;
    const released = await createTestDoc(server.app, office.token, folder);
    const unreleased = await createTestDoc(server.app, office.token, folder);
    const pdfReader = await createTestParticipant(server.app, office.token, bundle);
    const tecReader = await createTestParticipant(server.app, office.token, bundle, {
      contact: { needsPdf: false, needsTec: true },
    });
    const items = [released, unreleased].flatMap((doc) =>
      [pdfReader, tecReader].map((p) => ({ docId: doc._id, participantId: p._id })),
    );
    expect((await http.put('/api/subscriptions', { items }, office.token)).json<SubscriptionsResponse>()).toEqual({
      changed: 4,
      removed: 0,
      unchanged: 0,
    });

    const before = await openTestProject(server.app, office.token, project._id);
    expect(before.subs.map((s) => s.state.deliver)).toEqual(['GRAY', 'GRAY', 'GRAY', 'GRAY']);
    expect(before.docs.map((d) => d.state.deliver)).toEqual(['GRAY', 'GRAY']);

    await releaseVersionWithRows(server, office.token, released._id);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(subOf(after, released._id, pdfReader._id)!.state.deliver).toBe('RED');
    expect(subOf(after, released._id, tecReader._id)!.state.deliver).toBe('GRAY');
    expect(subOf(after, unreleased._id, pdfReader._id)!.state.deliver).toBe('GRAY');
    expect(after.docs.find((d) => d._id === released._id)!.state.deliver).toBe('RED');
    expect(after.docs.find((d) => d._id === unreleased._id)!.state.deliver).toBe('GRAY');
    expect(after.participants.map((p) => [p._id, p.state.deliver])).toEqual([
      [pdfReader._id, 'RED'],
      [tecReader._id, 'GRAY'],
    ]);

    // a DWG in the next released version makes the TEC reader RED as well
    await releaseVersionWithRows(server, office.token, released._id, { index: 'B', kinds: ['pdf', 'dwg'] });
    const withDwg = await openTestProject(server.app, office.token, project._id);
    expect(subOf(withDwg, released._id, tecReader._id)!.state.deliver).toBe('RED');
    const single = (
      await http.put(
        '/api/subscription',
        { docId: released._id, participantId: tecReader._id, getsPdf: true },
        office.token,
      )
    ).json<SubscriptionResponse>();
    expect(single.sub).toMatchObject({ getsPdf: true, getsTec: true, state: { deliver: 'RED' } });
  });
});

describe('many subscriptions at once', () => {
  test('2,000 subscriptions are set in one call and removed again in another', async () => {
    const office = await createTestOffice(server, 'P1');
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = folderOf(bundle);
    await sql`insert into doc (project_id, folder_id, doctype, number, name, sort_order)
      select ${project._id}, ${folder._id}, 'plan', 'A-' || n, 'Plan ' || n, n - 1 from generate_series(1, 200) n`.execute(
      server.deps.db,
    );
    const docs = await server.deps.db.selectFrom('doc').select('id').where('project_id', '=', project._id).execute();
    const participants: ParticipantDto[] = [];
    for (let i = 0; i < 10; i++) participants.push(await createTestParticipant(server.app, office.token, bundle));
    const items = docs.flatMap((d) =>
      participants.map((p) => ({ docId: d.id, participantId: p._id, getsPdf: true, getsTec: false })),
    );
    expect(items).toHaveLength(2000);
    const res = await http.put('/api/subscriptions', { items }, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<SubscriptionsResponse>()).toEqual({ changed: 2000, removed: 0, unchanged: 0 });
    const loaded = await openTestProject(server.app, office.token, project._id);
    expect(loaded.subs).toHaveLength(2000);
    expect(await timelineOf(project._id)).toHaveLength(2000);
    const again = await http.put(
      '/api/subscriptions',
      { items: items.map((i, n) => ({ ...i, getsTec: n < 500 })) },
      office.token,
    );
    expect(again.json<SubscriptionsResponse>()).toEqual({ changed: 500, removed: 0, unchanged: 1500 });
    const off = await http.put(
      '/api/subscriptions',
      { items: items.map((i) => ({ ...i, getsPdf: false, getsTec: false })) },
      office.token,
    );
    expect(off.json<SubscriptionsResponse>()).toEqual({ changed: 0, removed: 2000, unchanged: 0 });
    expect((await openTestProject(server.app, office.token, project._id)).subs).toEqual([]);
  });

  test('a list that is empty or too long is refused', async () => {
    const office = await createTestOffice(server);
    expect((await http.put('/api/subscriptions', { items: [] }, office.token)).json().msgCode).toBe(
      'common.validation',
    );
    const item = { docId: crypto.randomUUID(), participantId: crypto.randomUUID(), getsPdf: true };
    const tooMany = await http.put(
      '/api/subscriptions',
      { items: Array.from({ length: 50_001 }, () => item) },
      office.token,
    );
    expect([tooMany.statusCode, tooMany.json().msgCode]).toEqual([400, 'common.validation']);
  });
});

describe("another office's ids", () => {
  test('a foreign doc or participant, or a doc and participant of different projects, answer 404 and nothing changes', async () => {
    const office = await createTestOffice(server, 'P1');
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    await http.put('/api/subscription', { docId: doc._id, participantId: participant._id }, office.token);
    const second = await createTestProject(server.app, office.token);
    const secondParticipant = await createTestParticipant(server.app, office.token, second.bundle);
    const intruder = await createTestOffice(server);
    const own = await createTestProject(server.app, intruder.token);
    const ownDoc = await createTestDoc(server.app, intruder.token, folderOf(own.bundle)._id);
    const ownParticipant = await createTestParticipant(server.app, intruder.token, own.bundle);
    const before = await snapshotProject(server.deps.db, project._id);
    const ownBefore = await snapshotProject(server.deps.db, own.project._id);
    for (const [res, token] of [
      [
        await http.put(
          '/api/subscription',
          { docId: doc._id, participantId: participant._id, getsPdf: false },
          intruder.token,
        ),
      ],
      [await http.put('/api/subscription', { docId: ownDoc._id, participantId: participant._id }, intruder.token)],
      [await http.put('/api/subscription', { docId: doc._id, participantId: ownParticipant._id }, intruder.token)],
      [
        await http.put(
          '/api/subscriptions',
          {
            items: [
              { docId: ownDoc._id, participantId: ownParticipant._id },
              { docId: doc._id, participantId: ownParticipant._id },
            ],
          },
          intruder.token,
        ),
      ],
      [
        await http.put('/api/subscription', { docId: doc._id, participantId: secondParticipant._id }, office.token),
        office.token,
      ],
    ] as const) {
      expect([res.statusCode, res.json().msgCode], String(token)).toEqual([404, 'common.not_found']);
    }
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
    expect(await snapshotProject(server.deps.db, own.project._id)).toEqual(ownBefore);
  });
});
