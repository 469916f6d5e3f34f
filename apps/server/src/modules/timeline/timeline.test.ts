import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocDto, ParticipantDto, ProjectBundle, TimelineEventDto, TimelineResponse } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { createTestDoc, createTestOffice, createTestParticipant, createTestProject } from '../../../test/factories.ts';
import { releaseVersionWithRows, subscribeTo } from '../../../test/seed.ts';
import { until } from '../../../test/until.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

/** Plan A-1 (phase 1, to Anna), plan B-1 (phase 2, to Ben), plan C-1 (phase 1, deleted). */
let office: { id: string; token: string };
let bundle: ProjectBundle;
let phase1: string;
let phase2: string;
let planA: DocDto;
let planB: DocDto;
let planC: DocDto;
let anna: ParticipantDto;
let ben: ParticipantDto;

async function releasedPlan(folderId: string, number: string, name: string, index: string) {
  const doc = await createTestDoc(server.app, office.token, folderId, { number, name });
  await releaseVersionWithRows(server, office.token, doc._id, { index });
  return doc;
}

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
  office = await createTestOffice(server, 'P2');
  ({ bundle } = await createTestProject(server.app, office.token, { phaseTemplate: 'hoai' }));
  phase1 = bundle.phases[0]!._id;
  phase2 = bundle.phases[1]!._id;
  const folderIn = (phaseId: string) =>
    bundle.docfolders.find((f) => f.phase === phaseId && f.category === 'plans')!._id;
  planA = await releasedPlan(folderIn(phase1), 'A-1', 'Grundriss EG', 'A');
  planB = await releasedPlan(folderIn(phase2), 'B-1', 'Schnitt', 'B');
  planC = await createTestDoc(server.app, office.token, folderIn(phase1), { number: 'C-1', name: 'Ansicht Nord' });
  anna = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Anna', lastName: 'Statik' },
  });
  ben = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Ben', lastName: 'Elektro' },
  });
  await subscribeTo(server, office.token, planA._id, anna._id);
  await subscribeTo(server, office.token, planB._id, ben._id);
  expect((await http.delete(`/api/doc/${planC._id}`, office.token)).statusCode).toBe(204);
});
afterAll(() => server.stop());

async function timeline(body: Record<string, unknown>, token = office.token) {
  const res = await http.post('/api/timeline', { project: bundle.project._id, eventType: 'DOC', ...body }, token);
  expect(res.statusCode).toBe(200);
  return res.json<TimelineResponse>();
}
const kindsOf = (events: TimelineEventDto[]) => events.map((e) => `${e.kind} ${e.doc?.number ?? '-'}`).sort();

describe('the timeline of document events', () => {
  test('lists every event of the project, newest first, with who did it', async () => {
    const all = await timeline({});
    const stored = await server.deps.db
      .selectFrom('timeline_event')
      .select(['id', 'created_at'])
      .where('project_id', '=', bundle.project._id)
      .where('event_type', '=', 'DOC')
      .execute();
    expect(all.total).toBe(stored.length);
    expect(all.events).toHaveLength(stored.length);
    expect(all.hasMore).toBe(false);
    const times = all.events.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.events[0]!.kind).toBe('doc.deleted');
    expect(all.events.every((e) => e.type === 'DOC' && e.actor?.name === 'Anna Architektin')).toBe(true);
    expect(kindsOf(all.events)).toEqual(
      [
        'doc.created A-1',
        'version.prepared A-1',
        'version.released A-1',
        'doc.created B-1',
        'version.prepared B-1',
        'version.released B-1',
        'doc.created C-1',
        'doc.deleted C-1',
        'participant.added -',
        'participant.added -',
        'subscription.changed A-1',
        'subscription.changed B-1',
      ].sort(),
    );
  });

  test('an event names its doc, version and file as they are now', async () => {
    const { events } = await timeline({ filterParams: { docIds: [planA._id] } });
    const released = events.find((e) => e.kind === 'version.released')!;
    expect(released.doc).toEqual({ _id: planA._id, number: 'A-1', name: 'Grundriss EG' });
    expect(released.version).toEqual({ _id: expect.any(String), index: 'A' });
    expect(released.file).toBeNull();
    expect(released.data).toMatchObject({ index: 'A', docNumber: 'A-1' });
    const subscribed = events.find((e) => e.kind === 'subscription.changed')!;
    expect(subscribed.data).toMatchObject({ participantId: anna._id, formats: 'PDF_ONLY' });
    expect(subscribed.version).toBeNull();
  });

  test('a deleted doc keeps its events, named from what the event recorded', async () => {
    const { events } = await timeline({ filterParams: { docIds: [planC._id] } });
    expect(events.map((e) => e.kind)).toEqual(['doc.deleted', 'doc.created']);
    for (const event of events) expect(event.doc).toEqual({ _id: planC._id, number: 'C-1', name: 'Ansicht Nord' });
  });

  test('an event without a doc has no doc, version or file', async () => {
    const { events } = await timeline({ filterParams: { participantIds: [ben._id] } });
    const added = events.find((e) => e.kind === 'participant.added')!;
    expect([added.doc, added.version, added.file]).toEqual([null, null, null]);
    expect(added.data).toMatchObject({ participantId: ben._id });
  });
});

describe('filtering the timeline', () => {
  test('by docs: the events of those docs', async () => {
    const { events, total } = await timeline({ filterParams: { docIds: [planA._id, planB._id] } });
    expect(total).toBe(8);
    expect(new Set(events.map((e) => e.doc!._id))).toEqual(new Set([planA._id, planB._id]));
  });

  test('by phases: the events of docs in folders of those phases; a deleted doc matches no phase', async () => {
    const first = await timeline({ filterParams: { phaseIds: [phase1] } });
    expect(kindsOf(first.events)).toEqual([
      'doc.created A-1',
      'subscription.changed A-1',
      'version.prepared A-1',
      'version.released A-1',
    ]);
    const second = await timeline({ filterParams: { phaseIds: [phase2] } });
    expect(second.events.every((e) => e.doc?._id === planB._id)).toBe(true);
    expect((await timeline({ filterParams: { phaseIds: [phase1, phase2] } })).total).toBe(8);
    expect((await timeline({ filterParams: { phaseIds: [bundle.phases[5]!._id] } })).total).toBe(0);
  });

  test('by participants: the events that name those participants', async () => {
    const { events } = await timeline({ filterParams: { participantIds: [anna._id] } });
    expect(kindsOf(events)).toEqual(['participant.added -', 'subscription.changed A-1']);
    expect(events.every((e) => e.data.participantId === anna._id)).toBe(true);
    expect((await timeline({ filterParams: { participantIds: [anna._id, ben._id] } })).total).toBe(4);
  });

  test('filters combine: every given one must match', async () => {
    expect(
      kindsOf((await timeline({ filterParams: { docIds: [planA._id], participantIds: [anna._id] } })).events),
    ).toEqual(['subscription.changed A-1']);
    expect((await timeline({ filterParams: { docIds: [planB._id], participantIds: [anna._id] } })).total).toBe(0);
    expect((await timeline({ filterParams: { docIds: [planA._id], phaseIds: [phase2] } })).total).toBe(0);
  });

  test('empty filter lists filter nothing', async () => {
    const all = await timeline({});
    expect((await timeline({ filterParams: { docIds: [], phaseIds: [], participantIds: [] } })).total).toBe(all.total);
  });

  test('ids of another project match nothing', async () => {
    const other = await createTestProject(server.app, office.token);
    const otherPhase = await http.post(
      '/api/phase',
      { projectId: other.project._id, shortcut: 'X', name: 'Fremd' },
      office.token,
    );
    expect(otherPhase.statusCode).toBe(201);
    expect((await timeline({ filterParams: { phaseIds: [otherPhase.json<{ _id: string }>()._id] } })).total).toBe(0);
    const otherTimeline = await http.post(
      '/api/timeline',
      { project: other.project._id, eventType: 'DOC', filterParams: { docIds: [planA._id] } },
      office.token,
    );
    expect(otherTimeline.json<TimelineResponse>().total).toBe(0);
  });
});

describe('paging the timeline', () => {
  test('pages of limit events follow each other without gaps or repeats', async () => {
    const all = await timeline({});
    const seen: string[] = [];
    for (let skip = 0; skip < all.total; skip += 5) {
      const page = await timeline({ limit: 5, skip });
      expect(page.total).toBe(all.total);
      expect(page.hasMore).toBe(skip + 5 < all.total);
      seen.push(...page.events.map((e) => e._id));
    }
    expect(seen).toEqual(all.events.map((e) => e._id));
    const beyond = await timeline({ skip: all.total });
    expect([beyond.events, beyond.hasMore]).toEqual([[], false]);
  });

  test('the default page holds 30 events; a page holds at most 100', async () => {
    const before = (await timeline({})).total;
    for (let i = 0; i < 12; i++) {
      const res = await http.put(
        '/api/subscription',
        { docId: planB._id, participantId: anna._id, getsPdf: true, getsTec: i % 2 === 0 },
        office.token,
      );
      expect(res.statusCode).toBe(200);
    }
    await Promise.all(Array.from({ length: 8 }, () => createTestParticipant(server.app, office.token, bundle)));
    const first = await timeline({});
    expect(first.total).toBe(before + 20);
    expect(first.total).toBeGreaterThan(30);
    expect(first.events).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    const rest = await timeline({ skip: 30 });
    expect(rest.events).toHaveLength(first.total - 30);
    expect(rest.hasMore).toBe(false);
    expect((await timeline({ limit: 100 })).events).toHaveLength(first.total);
  });

  test('bad paging or filters are refused as bad input', async () => {
    for (const body of [
      { limit: 0 },
      { limit: 101 },
      { limit: 2.5 },
      { skip: -1 },
      { eventType: 'SMS' },
      { eventType: undefined },
      { filterParams: { docIds: ['nope'] } },
      { project: 'nope' },
    ]) {
      const res = await http.post(
        '/api/timeline',
        { project: bundle.project._id, eventType: 'DOC', ...body },
        office.token,
      );
      expect([res.statusCode, res.json().msgCode]).toEqual([400, 'common.validation']);
    }
  });
});

describe('the e-mail timeline and access', () => {
  test('there are no e-mail events before anything was delivered', async () => {
    expect(await timeline({ eventType: 'EMAIL' })).toEqual({ events: [], total: 0, hasMore: false });
  });

  test("another office's project answers 404, as does an unknown one; without a session 401", async () => {
    const intruder = await createTestOffice(server);
    for (const project of [bundle.project._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await http.post('/api/timeline', { project, eventType: 'DOC' }, intruder.token);
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect((await http.post('/api/timeline', { project: bundle.project._id, eventType: 'DOC' })).statusCode).toBe(401);
  });
});

describe('filters over e-mail events', () => {
  test('an e-mail event matches the doc and phase filters of the plans it carried, and no others', async () => {
    const sub = await server.deps.db
      .selectFrom('subscription')
      .select('id')
      .where('doc_id', '=', planA._id)
      .where('participant_id', '=', anna._id)
      .executeTakeFirstOrThrow();
    const res = await http.post(
      '/api/delivery/participants',
      {
        projectId: bundle.project._id,
        participants: [{ _id: anna._id, subs: [sub.id] }],
        includeSubscriberlistForDocs: [],
        sendToBcc: false,
        forceSending: true,
        userMessage: '',
        subject: 'Projekt: P | Haus Müller',
      },
      office.token,
    );
    expect(res.statusCode).toBe(202);
    await until(async () => (await timeline({ eventType: 'EMAIL' })).total === 1);

    const emails = (filterParams: Record<string, string[]>) => timeline({ eventType: 'EMAIL', filterParams });
    const byPlanA = await emails({ docIds: [planA._id] });
    expect(byPlanA.total).toBe(1);
    expect(byPlanA.events[0]!.data).toMatchObject({ participantId: anna._id, docs: [{ docId: planA._id }] });
    expect((await emails({ docIds: [planA._id, planB._id] })).total).toBe(1);
    expect((await emails({ docIds: [planB._id] })).total).toBe(0);
    expect((await emails({ phaseIds: [phase1] })).total).toBe(1);
    expect((await emails({ phaseIds: [phase2] })).total).toBe(0);
    expect((await emails({ docIds: [planA._id], phaseIds: [phase1], participantIds: [anna._id] })).total).toBe(1);
    expect((await emails({ docIds: [planA._id], participantIds: [ben._id] })).total).toBe(0);
    // The doc filter of the document tab still matches DOC events by their own doc.
    expect((await timeline({ filterParams: { docIds: [planB._id] } })).total).toBeGreaterThan(0);
  });
});
