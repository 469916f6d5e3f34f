import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  ContactDto,
  ContactListResponse,
  ParticipantDto,
  ParticipantFolderDto,
  ProjectBundle,
  ProjectContactsResponse,
} from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { captureRealtime } from '../../../test/realtime-capture.ts';
import { api, uniqueEmail } from '../../../test/api.ts';
import {
  createTestContact,
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  createTestRole,
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

const captureUpdates = (officeId: string) => captureRealtime(server.deps.realtime, officeId);

const timelineOf = (projectId: string) =>
  server.deps.db
    .selectFrom('timeline_event')
    .select(['kind', 'event_type', 'actor_id', 'data'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .execute();

const countContacts = async (officeId: string) =>
  (await server.deps.db.selectFrom('contact').select('id').where('office_id', '=', officeId).execute()).length;

describe('an office adds contacts to a project as participants', () => {
  test('a new participant goes last in its folder with the contact’s display name, writes participant.added and announces the change', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = bundle.participantfolders[1]!;
    const first = await createTestParticipant(server.app, office.token, bundle, { folderId: folder._id });
    const contact = await createTestContact(server.app, office.token, {
      firstName: '',
      lastName: '',
      company: 'Tragwerk GmbH',
      phone: '+49 30 1234567',
    });
    const updates = captureUpdates(office.id);
    const res = await http.post(
      '/api/participant',
      { projectId: project._id, contactId: contact._id, folderId: folder._id },
      office.token,
    );
    updates.restore();
    expect(res.statusCode).toBe(201);
    const participant = res.json<ParticipantDto>();
    expect(participant).toEqual({
      _id: participant._id,
      project: project._id,
      contact: contact._id,
      folder: folder._id,
      roles: [],
      sortOrder: 1,
      name: 'Tragwerk GmbH',
      email: contact.email,
      company: 'Tragwerk GmbH',
      phone: '+49 30 1234567',
      state: { deliver: 'GRAY' },
    });
    expect(updates.seen).toContainEqual(
      expect.objectContaining({
        projectId: project._id,
        entity: 'participant',
        id: participant._id,
        seq: expect.any(Number),
      }),
    );
    expect((await timelineOf(project._id)).at(-1)).toEqual({
      kind: 'participant.added',
      event_type: 'DOC',
      actor_id: office.userId,
      data: {
        participantId: participant._id,
        contactId: contact._id,
        participant: 'Tragwerk GmbH',
        email: contact.email,
      },
    });
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.participants.map((p) => p._id)).toEqual([first._id, participant._id]);
    expect(after.participants[1]).toMatchObject({ phone: '+49 30 1234567' });
    expect(after.participantfolders.find((f) => f._id === folder._id)!.participants).toEqual([
      { _id: first._id, sortOrder: 0 },
      { _id: participant._id, sortOrder: 1 },
    ]);
    expect(after.subs).toEqual([]);
  });

  test('the same contact cannot be added twice to a project', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    const again = await http.post(
      '/api/participant',
      { projectId: project._id, contactId: participant.contact, folderId: bundle.participantfolders[2]!._id },
      office.token,
    );
    expect([again.statusCode, again.json().msgCode]).toEqual([409, 'participant.exists']);
  });

  test('a FREE office has at most five participants; the sixth is refused with the upgrade code', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    for (let i = 0; i < 5; i++) await createTestParticipant(server.app, office.token, bundle);
    const sixth = await createTestContact(server.app, office.token);
    const res = await http.post(
      '/api/participant',
      { projectId: project._id, contactId: sixth._id, folderId: bundle.participantfolders[0]!._id },
      office.token,
    );
    expect([res.statusCode, res.json().msgCode]).toEqual([403, 'tier.limit_reached']);
    const fromForm = await http.post(
      '/api/contact',
      { email: uniqueEmail('sechs'), projectId: project._id, folderId: bundle.participantfolders[0]!._id },
      office.token,
    );
    expect([fromForm.statusCode, fromForm.json().msgCode]).toEqual([403, 'tier.limit_reached']);
    expect((await openTestProject(server.app, office.token, project._id)).participants).toHaveLength(5);
  });

  test('the participant limit counts the participants of all the office’s projects', async () => {
    const office = await createTestOffice(server, 'FREE');
    const { bundle } = await createTestProject(server.app, office.token);
    for (let i = 0; i < 3; i++) await createTestParticipant(server.app, office.token, bundle);
    // A second project through the database: FREE allows one project, the limit still counts both.
    const second = await server.deps.db
      .insertInto('project')
      .values({ office_id: office.id, number: 'X-2' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const folder = await server.deps.db
      .insertInto('participant_folder')
      .values({ project_id: second.id, name: 'Bauherr', sort_order: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i++) {
      const contact = await createTestContact(server.app, office.token);
      expect(
        (
          await http.post(
            '/api/participant',
            { projectId: second.id, contactId: contact._id, folderId: folder.id },
            office.token,
          )
        ).statusCode,
      ).toBe(201);
    }
    const contact = await createTestContact(server.app, office.token);
    const res = await http.post(
      '/api/participant',
      { projectId: second.id, contactId: contact._id, folderId: folder.id },
      office.token,
    );
    expect([res.statusCode, res.json().msgCode]).toEqual([403, 'tier.limit_reached']);
  });

  test('a participant moves to another folder and gets several roles; a role of another office answers 404', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const [bauherr, fachplaner] = bundle.participantfolders;
    const stays = await createTestParticipant(server.app, office.token, bundle, { folderId: bauherr!._id });
    const moves = await createTestParticipant(server.app, office.token, bundle, { folderId: bauherr!._id });
    const already = await createTestParticipant(server.app, office.token, bundle, { folderId: fachplaner!._id });
    const statik = await createTestRole(server.app, office.token, 'Statik');
    const bau = await createTestRole(server.app, office.token, 'Bauleitung');
    const res = await http.put(`/api/participant/${stays._id}`, { roleIds: [statik._id, bau._id] }, office.token);
    expect(res.json<ParticipantDto>().roles).toEqual([bau._id, statik._id]);
    const moved = await http.put(`/api/participant/${moves._id}`, { folderId: fachplaner!._id }, office.token);
    expect(moved.json<ParticipantDto>()).toMatchObject({ folder: fachplaner!._id, sortOrder: 1 });
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.participantfolders[0]!.participants).toEqual([{ _id: stays._id, sortOrder: 0 }]);
    expect(after.participantfolders[1]!.participants).toEqual([
      { _id: already._id, sortOrder: 0 },
      { _id: moves._id, sortOrder: 1 },
    ]);
    expect(after.participants.find((p) => p._id === stays._id)!.roles).toEqual([bau._id, statik._id]);
    expect(after.roles.map((r) => r.name)).toEqual(['Bauleitung', 'Statik']);
    const cleared = await http.put(`/api/participant/${stays._id}`, { roleIds: [] }, office.token);
    expect(cleared.json<ParticipantDto>().roles).toEqual([]);

    const other = await createTestOffice(server);
    const foreignRole = await createTestRole(server.app, other.token, 'Fremd');
    const before = await snapshotProject(server.deps.db, project._id);
    const refused = await http.put(
      `/api/participant/${stays._id}`,
      { roleIds: [statik._id, foreignRole._id] },
      office.token,
    );
    expect([refused.statusCode, refused.json().msgCode]).toEqual([404, 'common.not_found']);
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
  });

  test('removing a participant takes its subscriptions with it and writes participant.removed', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const first = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Bea', lastName: 'Bauherrin' },
    });
    const second = await createTestParticipant(server.app, office.token, bundle);
    expect(
      (await http.put('/api/subscription', { docId: doc._id, participantId: first._id }, office.token)).statusCode,
    ).toBe(200);
    const res = await http.delete(`/api/participant/${first._id}`, office.token);
    expect(res.statusCode).toBe(204);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.participants.map((p) => [p._id, p.sortOrder])).toEqual([[second._id, 0]]);
    expect(after.subs).toEqual([]);
    expect((await timelineOf(project._id)).at(-1)).toMatchObject({
      kind: 'participant.removed',
      data: { participantId: first._id, participant: 'Bea Bauherrin' },
    });
    expect((await http.delete(`/api/participant/${first._id}`, office.token)).statusCode).toBe(404);
    // the contact itself stays in the office's list
    expect((await http.get(`/api/contacts?searchText=Bauherrin`, office.token)).json<ContactListResponse>().count).toBe(
      1,
    );
  });

  test('participants are reordered within a folder and moved into another folder ahead of its others', async () => {
    const office = await createTestOffice(server, 'P1');
    const { bundle } = await createTestProject(server.app, office.token);
    const [bauherr, fachplaner] = bundle.participantfolders;
    const a = await createTestParticipant(server.app, office.token, bundle, { folderId: bauherr!._id });
    const b = await createTestParticipant(server.app, office.token, bundle, { folderId: bauherr!._id });
    const c = await createTestParticipant(server.app, office.token, bundle, { folderId: bauherr!._id });
    const d = await createTestParticipant(server.app, office.token, bundle, { folderId: fachplaner!._id });
    const reordered = await http.put(
      '/api/participants/order',
      { folderId: bauherr!._id, participantIds: [c._id, a._id] },
      office.token,
    );
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<ParticipantFolderDto[]>()[0]!.participants.map((p) => p._id)).toEqual([c._id, a._id, b._id]);
    const moved = await http.put(
      '/api/participants/order',
      { folderId: fachplaner!._id, participantIds: [b._id] },
      office.token,
    );
    const folders = moved.json<ParticipantFolderDto[]>();
    expect(folders.map((f) => [f._id, f.participants])).toEqual([
      [
        fachplaner!._id,
        [
          { _id: b._id, sortOrder: 0 },
          { _id: d._id, sortOrder: 1 },
        ],
      ],
      [
        bauherr!._id,
        [
          { _id: c._id, sortOrder: 0 },
          { _id: a._id, sortOrder: 1 },
        ],
      ],
    ]);
  });
});

describe('participant folders', () => {
  test('a project starts with Bauherr, Fachplaner and Ausführende; a new folder goes last and needs a name', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    expect(bundle.participantfolders.map((f) => f.name)).toEqual(['Bauherr', 'Fachplaner', 'Ausführende']);
    const res = await http.post('/api/participant-folder', { projectId: project._id, name: 'Behörden' }, office.token);
    expect(res.statusCode).toBe(201);
    expect(res.json<ParticipantFolderDto>()).toMatchObject({
      project: project._id,
      name: 'Behörden',
      sortOrder: 3,
      isCollapsed: false,
      isCollapsedInPicker: false,
      participants: [],
    });
    const noName = await http.post('/api/participant-folder', { projectId: project._id, name: '  ' }, office.token);
    expect([noName.statusCode, noName.json().msgCode]).toEqual([400, 'folder.name_required']);
  });

  test('a folder is renamed and collapsed in the list and in the picker', async () => {
    const office = await createTestOffice(server);
    const { bundle } = await createTestProject(server.app, office.token);
    const folder = bundle.participantfolders[0]!;
    const res = await http.put(
      `/api/participant-folder/${folder._id}`,
      { name: 'Bauherrschaft', isCollapsed: true },
      office.token,
    );
    expect(res.json<ParticipantFolderDto>()).toMatchObject({
      name: 'Bauherrschaft',
      isCollapsed: true,
      isCollapsedInPicker: false,
    });
    const picker = await http.put(`/api/participant-folder/${folder._id}`, { isCollapsedInPicker: true }, office.token);
    expect(picker.json<ParticipantFolderDto>()).toMatchObject({
      name: 'Bauherrschaft',
      isCollapsed: true,
      isCollapsedInPicker: true,
    });
    const empty = await http.put(`/api/participant-folder/${folder._id}`, { name: '' }, office.token);
    expect([empty.statusCode, empty.json().msgCode]).toEqual([400, 'folder.name_required']);
  });

  test('a folder holding participants cannot be deleted; an empty one can, and the others close ranks', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const [bauherr, fachplaner, ausfuehrende] = bundle.participantfolders;
    await createTestParticipant(server.app, office.token, bundle, { folderId: bauherr!._id });
    const refused = await http.delete(`/api/participant-folder/${bauherr!._id}`, office.token);
    expect([refused.statusCode, refused.json().msgCode]).toEqual([409, 'participant.folder_not_empty']);
    expect((await http.delete(`/api/participant-folder/${fachplaner!._id}`, office.token)).statusCode).toBe(204);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.participantfolders.map((f) => [f._id, f.sortOrder])).toEqual([
      [bauherr!._id, 0],
      [ausfuehrende!._id, 1],
    ]);
  });

  test('the folders of a project are reordered by naming all of them', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const reversed = bundle.participantfolders.map((f) => f._id).reverse();
    const res = await http.put(
      '/api/participant-folders/order',
      { projectId: project._id, folderIds: reversed },
      office.token,
    );
    expect(res.json<ParticipantFolderDto[]>().map((f) => [f._id, f.sortOrder])).toEqual(
      reversed.map((id, i) => [id, i]),
    );
    expect((await openTestProject(server.app, office.token, project._id)).participantfolders.map((f) => f._id)).toEqual(
      reversed,
    );
    const partial = await http.put(
      '/api/participant-folders/order',
      { projectId: project._id, folderIds: reversed.slice(1) },
      office.token,
    );
    expect([partial.statusCode, partial.json().msgCode]).toEqual([400, 'common.validation']);
  });
});

describe('contacts and participants', () => {
  test('a contact created from the project lands as participant in the chosen folder', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = bundle.participantfolders[2]!;
    const email = uniqueEmail('rohbau');
    const res = await http.post(
      '/api/contact',
      { firstName: 'Rolf', lastName: 'Rohbau', email, needsTec: true, projectId: project._id, folderId: folder._id },
      office.token,
    );
    expect(res.statusCode).toBe(201);
    const contact = res.json<ContactDto>();
    expect(contact).toMatchObject({ email, isParticipant: true });
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.participants).toHaveLength(1);
    expect(after.participants[0]).toMatchObject({
      _id: contact.participantId,
      contact: contact._id,
      folder: folder._id,
      name: 'Rolf Rohbau',
    });
    const listed = (await http.get(`/api/contacts?searchText=Rohbau`, office.token)).json<ContactListResponse>();
    expect(listed.contacts[0]).toMatchObject({ isParticipant: true, participantId: contact.participantId });
  });

  test('a contact created from the project needs a target folder, and a foreign folder changes nothing', async () => {
    const office = await createTestOffice(server);
    const { project } = await createTestProject(server.app, office.token);
    const other = await createTestOffice(server);
    const foreign = await createTestProject(server.app, other.token);
    const before = await countContacts(office.id);
    const noFolder = await http.post('/api/contact', { email: uniqueEmail('x'), projectId: project._id }, office.token);
    expect([noFolder.statusCode, noFolder.json().msgCode]).toEqual([400, 'contact.folder_required']);
    const foreignFolder = await http.post(
      '/api/contact',
      { email: uniqueEmail('y'), projectId: project._id, folderId: foreign.bundle.participantfolders[0]!._id },
      office.token,
    );
    expect([foreignFolder.statusCode, foreignFolder.json().msgCode]).toEqual([404, 'common.not_found']);
    const foreignProject = await http.post(
      '/api/contact',
      { email: uniqueEmail('z'), projectId: foreign.project._id, folderId: foreign.bundle.participantfolders[0]!._id },
      office.token,
    );
    expect(foreignProject.statusCode).toBe(404);
    expect(await countContacts(office.id)).toBe(before);
  });

  test('deleting a contact removes its participations and their subscriptions', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id);
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Gerd', lastName: 'Geht' },
    });
    const stays = await createTestParticipant(server.app, office.token, bundle);
    await http.put(
      '/api/subscriptions',
      { items: [participant, stays].map((p) => ({ docId: doc._id, participantId: p._id, getsPdf: true })) },
      office.token,
    );
    const listed = (await http.get(`/api/contacts?searchText=Geht`, office.token)).json<ContactListResponse>();
    expect(listed.contacts[0]).toMatchObject({ isParticipant: true, participantId: participant._id });
    expect((await http.delete(`/api/contact/${participant.contact}`, office.token)).statusCode).toBe(204);
    const after = await openTestProject(server.app, office.token, project._id);
    expect(after.participants.map((p) => [p._id, p.sortOrder])).toEqual([[stays._id, 0]]);
    expect(after.subs.map((s) => s.participant)).toEqual([stays._id]);
    expect((await timelineOf(project._id)).at(-1)).toMatchObject({
      kind: 'participant.removed',
      data: { participant: 'Gerd Geht' },
    });
  });
});

describe('the participant picker lists the office’s contacts not yet in the project', () => {
  let office: { id: string; token: string };
  let bundle: ProjectBundle;
  const pick = (body: Record<string, unknown>, projectId = bundle.project._id, token = office.token) =>
    http.post(`/api/project/contacts/${projectId}`, body, token);

  beforeAll(async () => {
    office = await createTestOffice(server, 'P1');
    bundle = (await createTestProject(server.app, office.token)).bundle;
    for (const [lastName, company] of [
      ['Albers', 'Vermessung Nord'],
      ['Becker', ''],
      ['Ćosić', 'Haustechnik Süd'],
      ['Dietrich', ''],
      ['Engel', 'Haustechnik Engel'],
      ['Fuchs', ''],
    ] as const) {
      await createTestContact(server.app, office.token, {
        firstName: 'X',
        lastName,
        company,
        email: uniqueEmail(lastName.toLowerCase().replace(/[^a-z]/g, '')),
      });
    }
    // Becker is already in the project: the picker leaves him out.
    const becker = (await http.get('/api/contacts?searchText=Becker', office.token)).json<ContactListResponse>()
      .contacts[0]!;
    await http.post(
      '/api/participant',
      { projectId: bundle.project._id, contactId: becker._id, folderId: bundle.participantfolders[0]!._id },
      office.token,
    );
  });

  test('pages of the default size 15, sorted by last name, with count, total and hasMore', async () => {
    const all = (await pick({})).json<ProjectContactsResponse>();
    expect(all).toMatchObject({ page: 1, pages: 1, count: 5, total: 6, hasMore: false });
    expect(all.contacts.map((c) => c.lastName)).toEqual(['Albers', 'Ćosić', 'Dietrich', 'Engel', 'Fuchs']);
    expect(all.contacts.every((c) => !c.isParticipant)).toBe(true);
    const first = (await pick({ page: 1, limit: 2 })).json<ProjectContactsResponse>();
    expect(first).toMatchObject({ page: 1, pages: 3, count: 5, hasMore: true });
    expect(first.contacts.map((c) => c.lastName)).toEqual(['Albers', 'Ćosić']);
    const last = (await pick({ page: 3, limit: 2 })).json<ProjectContactsResponse>();
    expect(last).toMatchObject({ page: 3, hasMore: false });
    expect(last.contacts.map((c) => c.lastName)).toEqual(['Fuchs']);
  });

  test('sorts descending and by other fields', async () => {
    const desc = (await pick({ sortBy: 'lastName', sortOrder: -1, limit: 2 })).json<ProjectContactsResponse>();
    expect(desc.contacts.map((c) => c.lastName)).toEqual(['Fuchs', 'Engel']);
    const byCompany = (await pick({ sortBy: 'company', sortOrder: -1, limit: 1 })).json<ProjectContactsResponse>();
    expect(byCompany.contacts[0]!.company).toBe('Vermessung Nord');
    expect((await pick({ sortBy: 'shoeSize' })).statusCode).toBe(400);
  });

  test('searches case-insensitively; no match keeps the total so the web can tell the two empty texts apart', async () => {
    const found = (await pick({ searchText: 'haustechnik' })).json<ProjectContactsResponse>();
    expect(found.contacts.map((c) => c.lastName)).toEqual(['Ćosić', 'Engel']);
    const none = (await pick({ searchText: 'Becker' })).json<ProjectContactsResponse>();
    expect(none).toMatchObject({ contacts: [], count: 0, total: 6, hasMore: false });
    const emptyOffice = await createTestOffice(server);
    const emptyProject = await createTestProject(server.app, emptyOffice.token);
    const nothing = (await pick({}, emptyProject.project._id, emptyOffice.token)).json<ProjectContactsResponse>();
    expect(nothing).toMatchObject({ contacts: [], count: 0, total: 0, hasMore: false });
  });

  test('filters by a role the contact holds in another project', async () => {
    const role = await createTestRole(server.app, office.token, 'Vermesser');
    const albers = (await http.get('/api/contacts?searchText=Albers', office.token)).json<ContactListResponse>()
      .contacts[0]!;
    const other = await createTestProject(server.app, office.token);
    const participant = await http.post(
      '/api/participant',
      { projectId: other.project._id, contactId: albers._id, folderId: other.bundle.participantfolders[0]!._id },
      office.token,
    );
    await http.put(`/api/participant/${participant.json<ParticipantDto>()._id}`, { roleIds: [role._id] }, office.token);
    const filtered = (await pick({ filters: { roleId: role._id } })).json<ProjectContactsResponse>();
    expect(filtered).toMatchObject({ count: 1, total: 6 });
    expect(filtered.contacts.map((c) => c.lastName)).toEqual(['Albers']);
    const stranger = await createTestOffice(server);
    const foreignRole = await createTestRole(server.app, stranger.token, 'Vermesser');
    expect((await pick({ filters: { roleId: foreignRole._id } })).statusCode).toBe(404);
  });

  test("another office's project answers 404", async () => {
    const stranger = await createTestOffice(server);
    const res = await pick({}, bundle.project._id, stranger.token);
    expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
  });
});

describe("another office's ids", () => {
  test('every participant and participant-folder call answers 404 and nothing changes', async () => {
    const office = await createTestOffice(server);
    const { project, bundle } = await createTestProject(server.app, office.token);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    const folder = bundle.participantfolders[0]!;
    const intruder = await createTestOffice(server);
    const own = await createTestProject(server.app, intruder.token);
    const ownContact = await createTestContact(server.app, intruder.token);
    const ownParticipant = await createTestParticipant(server.app, intruder.token, own.bundle);
    const before = await snapshotProject(server.deps.db, project._id);
    const ownBefore = await snapshotProject(server.deps.db, own.project._id);
    for (const res of [
      await http.post(
        '/api/participant',
        { projectId: project._id, contactId: ownContact._id, folderId: folder._id },
        intruder.token,
      ),
      await http.post(
        '/api/participant',
        { projectId: own.project._id, contactId: participant.contact, folderId: own.bundle.participantfolders[0]!._id },
        intruder.token,
      ),
      await http.post(
        '/api/participant',
        { projectId: own.project._id, contactId: ownContact._id, folderId: folder._id },
        intruder.token,
      ),
      await http.put(
        `/api/participant/${participant._id}`,
        { folderId: bundle.participantfolders[1]!._id },
        intruder.token,
      ),
      await http.put(`/api/participant/${ownParticipant._id}`, { folderId: folder._id }, intruder.token),
      await http.delete(`/api/participant/${participant._id}`, intruder.token),
      await http.put(
        '/api/participants/order',
        { folderId: folder._id, participantIds: [participant._id] },
        intruder.token,
      ),
      await http.put(
        '/api/participants/order',
        { folderId: own.bundle.participantfolders[0]!._id, participantIds: [participant._id] },
        intruder.token,
      ),
      await http.post('/api/participant-folder', { projectId: project._id, name: 'Gekapert' }, intruder.token),
      await http.put(`/api/participant-folder/${folder._id}`, { name: 'Gekapert', isCollapsed: true }, intruder.token),
      await http.delete(`/api/participant-folder/${bundle.participantfolders[2]!._id}`, intruder.token),
      await http.put(
        '/api/participant-folders/order',
        { projectId: project._id, folderIds: bundle.participantfolders.map((f) => f._id) },
        intruder.token,
      ),
      await http.put(
        '/api/participant-folders/order',
        {
          projectId: own.project._id,
          folderIds: [folder._id, ...own.bundle.participantfolders.slice(1).map((f) => f._id)],
        },
        intruder.token,
      ),
    ]) {
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect(await snapshotProject(server.deps.db, project._id)).toEqual(before);
    expect(await snapshotProject(server.deps.db, own.project._id)).toEqual(ownBefore);
  });
});
