import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  ContactDto,
  DeliveryDto,
  DocDto,
  DocFolderDto,
  ParticipantFolderDto,
  PhaseDto,
  ProjectDto,
  RoleDto,
  VersionDto,
} from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestContact,
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  createTestRole,
  folderOf,
  prepareTestVersion,
} from '../../../test/factories.ts';
import { deliveryBody, deliveryFinished, releaseStoredVersion, subscribeTo } from '../../../test/seed.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

/** An office with its owner Anna and a colleague Bea on one project (an admin, where members may not edit). */
async function twoColleagues(beaRole: 'member' | 'admin' = 'member') {
  const office = await createTestOffice(server, 'P1');
  const bea = await addTestMember(server, office.token, beaRole, { firstName: 'Bea', lastName: 'Berg' });
  const { project, bundle } = await createTestProject(server.app, office.token, { name: 'Haus Müller' });
  await addToProject(server, office.token, project._id, bea.userId);
  return { office, bea, project, bundle };
}

type Entity = { _id: string; rev: number };

/** Each editable entity: how to make one, its edit URL and two different edits of a name or number. */
const EDITS: {
  name: string;
  make: (ctx: Awaited<ReturnType<typeof twoColleagues>>) => Promise<Entity>;
  url: (id: string) => string;
  first: object;
  second: object;
  shows: (entity: unknown) => unknown;
  /** The office's role list is the owners' and admins'. */
  beaRole?: 'admin';
}[] = [
  {
    name: 'project number and name',
    make: async ({ project }) => project as ProjectDto,
    url: (id) => `/api/project/${id}`,
    first: { name: 'Haus Meier' },
    second: { name: 'Haus Schulze' },
    shows: (e) => (e as ProjectDto).name,
  },
  {
    name: 'phase',
    make: async ({ bundle }) => bundle.phases[0] as PhaseDto,
    url: (id) => `/api/phase/${id}`,
    first: { name: 'Entwurf' },
    second: { name: 'Vorentwurf' },
    shows: (e) => (e as PhaseDto).name,
  },
  {
    name: 'plan folder',
    make: async ({ bundle }) => folderOf(bundle) as DocFolderDto,
    url: (id) => `/api/folder/${id}`,
    first: { name: 'Grundrisse' },
    second: { name: 'Ansichten' },
    shows: (e) => (e as DocFolderDto).name,
  },
  {
    name: 'participant folder',
    make: async ({ bundle }) => bundle.participantfolders[0] as ParticipantFolderDto,
    url: (id) => `/api/participant-folder/${id}`,
    first: { name: 'Gutachter' },
    second: { name: 'Prüfingenieure' },
    shows: (e) => (e as ParticipantFolderDto).name,
  },
  {
    name: 'plan number',
    make: async ({ office, bundle }) =>
      createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-1' }),
    url: (id) => `/api/doc/${id}`,
    first: { number: 'A-101' },
    second: { number: 'A-102' },
    shows: (e) => (e as DocDto).number,
  },
  {
    name: 'version index',
    make: async ({ office, bundle }) => {
      const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
      return prepareTestVersion(server.app, office.token, doc._id, 'A');
    },
    url: (id) => `/api/version/${id}`,
    first: { index: 'B' },
    second: { index: 'C' },
    shows: (e) => (e as VersionDto).index,
  },
  {
    name: 'contact',
    make: async ({ office }) => createTestContact(server.app, office.token, { lastName: 'Schmidt' }),
    url: (id) => `/api/contact/${id}`,
    first: { lastName: 'Schmid' },
    second: { lastName: 'Schmitt' },
    shows: (e) => (e as ContactDto).lastName,
  },
  {
    name: 'role',
    make: async ({ office }) => createTestRole(server.app, office.token, 'Statik'),
    url: (id) => `/api/role/${id}`,
    first: { name: 'Tragwerksplanung' },
    second: { name: 'Statiker' },
    shows: (e) => (e as RoleDto).name,
    beaRole: 'admin',
  },
];

describe('two colleagues edit the same thing', () => {
  test.each(EDITS)(
    '$name: the edit made on an older revision answers 409 with the current data and who changed it',
    async (edit) => {
      const ctx = await twoColleagues(edit.beaRole);
      const seen = await edit.make(ctx);
      const first = await http.put(edit.url(seen._id), { ...edit.first, rev: seen.rev }, ctx.office.token);
      expect(first.statusCode).toBe(200);
      expect(first.json<Entity>().rev).toBe(seen.rev + 1);

      const stale = await http.put(edit.url(seen._id), { ...edit.second, rev: seen.rev }, ctx.bea.token);
      expect(stale.statusCode).toBe(409);
      const body = stale.json<{ msgCode: string; changedBy: string; current: Entity }>();
      expect(body.msgCode).toBe('common.conflict');
      expect(body.changedBy).toBe('Anna Architektin');
      expect(edit.shows(body.current)).toBe(edit.shows(first.json()));
      expect(body.current.rev).toBe(seen.rev + 1);

      // With the revision just read, Bea's edit goes through.
      const fresh = await http.put(edit.url(seen._id), { ...edit.second, rev: body.current.rev }, ctx.bea.token);
      expect(fresh.statusCode).toBe(200);
      expect(edit.shows(fresh.json())).toBe(edit.shows({ ...body.current, ...edit.second }));
    },
  );

  test('of two edits sent at the same moment on one revision, exactly one passes', async () => {
    const ctx = await twoColleagues();
    const doc = await createTestDoc(server.app, ctx.office.token, folderOf(ctx.bundle)._id, { number: 'X-1' });
    const answers = await Promise.all([
      http.put(`/api/doc/${doc._id}`, { name: 'Anna', rev: doc.rev }, ctx.office.token),
      http.put(`/api/doc/${doc._id}`, { name: 'Bea', rev: doc.rev }, ctx.bea.token),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  test('opening and closing a folder is no edit: it neither needs nor raises the revision', async () => {
    const ctx = await twoColleagues();
    const folder = folderOf(ctx.bundle);
    const closed = await http.put(`/api/folder/${folder._id}`, { isCollapsed: true, rev: folder.rev }, ctx.bea.token);
    expect(closed.json<DocFolderDto>().rev).toBe(folder.rev);
    const renamed = await http.put(
      `/api/folder/${folder._id}`,
      { name: 'Pläne LP5', rev: folder.rev },
      ctx.office.token,
    );
    expect(renamed.statusCode).toBe(200);
  });

  test('an edit without a revision is not checked (older clients)', async () => {
    const ctx = await twoColleagues();
    const phase = ctx.bundle.phases[0]!;
    await http.put(`/api/phase/${phase._id}`, { name: 'Eins', rev: phase.rev }, ctx.office.token);
    const unchecked = await http.put(`/api/phase/${phase._id}`, { name: 'Zwei' }, ctx.bea.token);
    expect([unchecked.statusCode, unchecked.json<PhaseDto>().name]).toEqual([200, 'Zwei']);
  });
});

describe('releasing and sending at the same time', () => {
  test('a version released by a colleague a moment ago: the second release says who did it', async () => {
    const ctx = await twoColleagues();
    const doc = await createTestDoc(server.app, ctx.office.token, folderOf(ctx.bundle)._id);
    const released = await releaseStoredVersion(server, ctx.office.token, doc._id, { index: 'C' });
    const again = await http.post(`/api/version/${released._id}/release`, {}, ctx.bea.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      msgCode: 'version.already_released',
      index: 'C',
      changedBy: 'Anna Architektin',
    });
  });

  /** A released plan and three participants subscribed to it. */
  async function sendScene() {
    const ctx = await twoColleagues();
    const plan = await createTestDoc(server.app, ctx.office.token, folderOf(ctx.bundle)._id, { number: 'A-101' });
    await releaseStoredVersion(server, ctx.office.token, plan._id);
    const people = [];
    for (const name of ['Müller', 'Schulze', 'Weiß']) {
      const participant = await createTestParticipant(server.app, ctx.office.token, ctx.bundle, {
        contact: { lastName: name },
      });
      people.push({
        participant,
        subs: [(await subscribeTo(server, ctx.office.token, plan._id, participant._id))._id],
      });
    }
    return { ...ctx, people };
  }

  test('a send retried with the same key makes one delivery and no second mail', async () => {
    const { office, project, people } = await sendScene();
    const body = deliveryBody(project._id, people, { requestKey: 'send-0f3c2a1b-retry' });
    const first = await http.post('/api/delivery/participants', body, office.token);
    const retried = await http.post('/api/delivery/participants', body, office.token);
    expect([first.statusCode, retried.statusCode]).toEqual([202, 202]);
    expect(retried.json<DeliveryDto>()._id).toBe(first.json<DeliveryDto>()._id);
    expect(await deliveryFinished(server, first.json<DeliveryDto>()._id)).toBe('DONE');
    const deliveries = await server.deps.db
      .selectFrom('delivery')
      .select('id')
      .where('project_id', '=', project._id)
      .execute();
    expect(deliveries).toHaveLength(1);
    const mails = server.smtp.messages.filter((m) =>
      m.parsed.messageId?.startsWith(`<delivery-${first.json<DeliveryDto>()._id}.`),
    );
    expect(mails).toHaveLength(3);
  });

  test('the same plans to the same people while a colleague’s send still runs: refused with who sends them', async () => {
    const { office, bea, project, people } = await sendScene();
    server.smtp.delayMs = 400;
    try {
      const first = await http.post('/api/delivery/participants', deliveryBody(project._id, people), office.token);
      expect(first.statusCode).toBe(202);
      const second = await http.post('/api/delivery/participants', deliveryBody(project._id, people), bea.token);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ msgCode: 'delivery.in_progress', changedBy: 'Anna Architektin' });
      expect(second.json<{ participants: string[] }>().participants.length).toBeGreaterThan(0);
      expect(await deliveryFinished(server, first.json<DeliveryDto>()._id)).toBe('DONE');
    } finally {
      server.smtp.delayMs = 0;
    }
    const deliveries = await server.deps.db
      .selectFrom('delivery')
      .select('id')
      .where('project_id', '=', project._id)
      .execute();
    expect(deliveries).toHaveLength(1);
    // Once the first send is done, the same send a moment later is a duplicate naming the first,
    // unless it says it is meant again ('erneut senden'): then it goes through.
    const repeated = await http.post('/api/delivery/participants', deliveryBody(project._id, people), bea.token);
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toMatchObject({ msgCode: 'delivery.duplicate', sentBy: 'Anna Architektin' });
    const later = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, people, { sendAgain: true }),
      bea.token,
    );
    expect(later.statusCode).toBe(202);
  });
});
