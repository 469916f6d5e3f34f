import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ContactDto, ContactListResponse, ParticipantDto, TimelineResponse } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
} from '../../../test/factories.ts';
import { importContactFile } from '../../../test/contact-import.ts';
import { deliveryFinished, releaseStoredVersion, startDelivery, subscribeTo } from '../../../test/seed.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';

/**
 * Contacts are the office's, but a contact who takes part in a project is that project's recipient:
 * a member who is not on the project reads it and leaves it as it is.
 */

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

/** Office with project P (the member is not on it) and project Q (the member is), each with a participant. */
async function officeWithTwoProjects() {
  const office = await createTestOffice(server, 'P1');
  const member = await addTestMember(server, office.token, 'member', { firstName: 'Mara', lastName: 'Mitglied' });
  const p = await createTestProject(server.app, office.token, { number: 'P-FREMD', name: 'Fremdes Projekt' });
  const q = await createTestProject(server.app, office.token, { number: 'Q-EIGEN', name: 'Eigenes Projekt' });
  await addToProject(server, office.token, q.project._id, member.userId);
  const ofP = await createTestParticipant(server.app, office.token, p.bundle, {
    contact: { firstName: 'Paul', lastName: 'Planempfänger', email: 'paul.p@example.org' },
  });
  const ofQ = await createTestParticipant(server.app, office.token, q.bundle, {
    contact: { firstName: 'Quirin', lastName: 'Quelle', email: 'quirin.q@example.org' },
  });
  return { office, member, p, q, ofP, ofQ };
}

const contactRow = (id: string) =>
  server.deps.db.selectFrom('contact').selectAll().where('id', '=', id).executeTakeFirst();

const docEvents = async (token: string, projectId: string) =>
  (await http.post('/api/timeline', { project: projectId, eventType: 'DOC' }, token)).json<TimelineResponse>().events;

const listed = async (token: string) =>
  (await http.get('/api/contacts?limit=50', token)).json<ContactListResponse>().contacts;

describe('a participant of a project the member is not on is read-only to them', () => {
  test('changing its address, deleting it or asking it to confirm answers 403; P’s next delivery goes to the address P gave', async () => {
    const { office, member, p, ofP } = await officeWithTwoProjects();
    const plan = await createTestDoc(server.app, office.token, folderOf(p.bundle)._id, { number: 'P-101' });
    await releaseStoredVersion(server, office.token, plan._id, { kinds: ['pdf'] });
    const sub = await subscribeTo(server, office.token, plan._id, ofP._id);
    const before = await contactRow(ofP.contact);

    const attempts = [
      await http.put(`/api/contact/${ofP.contact}`, { email: 'angreifer@example.org' }, member.token),
      await http.put(`/api/contact/${ofP.contact}`, { lastName: 'Umbenannt' }, member.token),
      await http.delete(`/api/contact/${ofP.contact}`, member.token),
      await http.post(`/api/contact/validate/${ofP.contact}`, {}, member.token),
    ];
    for (const res of attempts)
      expect([res.statusCode, res.json().msgCode]).toEqual([403, 'contact.in_foreign_project']);
    expect(await contactRow(ofP.contact)).toEqual(before);
    expect((await docEvents(office.token, p.project._id)).map((e) => e.kind)).not.toContain('participant.removed');

    const delivery = await startDelivery(server, office.token, p.project._id, [{ participant: ofP, subs: [sub._id] }]);
    expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
    const recipients = await server.deps.db
      .selectFrom('delivery_recipient')
      .select('email')
      .where('delivery_id', '=', delivery._id)
      .execute();
    expect(recipients).toEqual([{ email: 'paul.p@example.org' }]);
    expect(server.smtp.messages.some((m) => m.envelopeTo.includes('angreifer@example.org'))).toBe(false);
  });

  test('a contact on the member’s project and on one they are not on is read-only as well', async () => {
    const { office, member, p, q, ofQ } = await officeWithTwoProjects();
    await http.post(
      '/api/participant',
      { projectId: p.project._id, contactId: ofQ.contact, folderId: p.bundle.participantfolders[0]!._id },
      office.token,
    );
    const res = await http.put(`/api/contact/${ofQ.contact}`, { email: 'umgeleitet@example.org' }, member.token);
    expect([res.statusCode, res.json().msgCode]).toEqual([403, 'contact.in_foreign_project']);
    const removal = await http.delete(`/api/contact/${ofQ.contact}`, member.token);
    expect([removal.statusCode, removal.json().msgCode]).toEqual([403, 'contact.in_foreign_project']);
    const bundle = (await http.get(`/api/project/${q.project._id}`, member.token)).json<{
      participants: ParticipantDto[];
    }>();
    expect(bundle.participants.map((x) => x._id)).toEqual([ofQ._id]);
  });

  test('the contact list marks those contacts for the member, never for owners and admins, and names no project', async () => {
    const { office, member, ofP, ofQ } = await officeWithTwoProjects();
    const admin = await addTestMember(server, office.token, 'admin');
    const free = await http.post('/api/contact', { lastName: 'Frei', email: 'frei@example.org' }, member.token);
    const flags = (contacts: ContactDto[]) =>
      Object.fromEntries(
        contacts.map((c) => [c.email, { inForeignProject: c.inForeignProject, isParticipant: c.isParticipant }]),
      );

    expect(flags(await listed(member.token))).toEqual({
      'paul.p@example.org': { inForeignProject: true, isParticipant: false },
      'quirin.q@example.org': { inForeignProject: false, isParticipant: true },
      'frei@example.org': { inForeignProject: false, isParticipant: false },
    });
    for (const token of [office.token, admin.token]) {
      expect(flags(await listed(token))).toEqual({
        'paul.p@example.org': { inForeignProject: false, isParticipant: true },
        'quirin.q@example.org': { inForeignProject: false, isParticipant: true },
        'frei@example.org': { inForeignProject: false, isParticipant: false },
      });
    }
    const refused = await http.put(`/api/contact/${ofP.contact}`, { phone: '0711' }, member.token);
    expect(refused.body).not.toContain(ofP._id);
    expect(refused.body).not.toContain('P-FREMD');
    // The member's own project's contact and a contact of no project stay theirs to change.
    expect((await http.put(`/api/contact/${ofQ.contact}`, { phone: '0711' }, member.token)).statusCode).toBe(200);
    expect((await http.delete(`/api/contact/${free.json<ContactDto>()._id}`, member.token)).statusCode).toBe(204);
  });
});

describe('a changed recipient address is recorded', () => {
  test('a member on the projects changes a participant’s address: each of its projects’ timelines says who changed it from what to what', async () => {
    const { office, member, q, ofQ } = await officeWithTwoProjects();
    const q2 = await createTestProject(server.app, office.token, { number: 'Q-ZWEI' });
    await addToProject(server, office.token, q2.project._id, member.userId);
    const second = await http.post(
      '/api/participant',
      { projectId: q2.project._id, contactId: ofQ.contact, folderId: q2.bundle.participantfolders[0]!._id },
      member.token,
    );
    expect(second.statusCode).toBe(201);

    const res = await http.put(`/api/contact/${ofQ.contact}`, { email: ' Quirin.Neu@Example.org ' }, member.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<ContactDto>().email).toBe('quirin.neu@example.org');

    for (const [projectId, participantId] of [
      [q.project._id, ofQ._id],
      [q2.project._id, second.json<ParticipantDto>()._id],
    ] as const) {
      const events = await docEvents(office.token, projectId);
      expect(events.filter((e) => e.kind === 'participant.email_changed')).toEqual([
        expect.objectContaining({
          actor: { _id: member.userId, name: 'Mara Mitglied' },
          data: {
            participantId,
            contactId: ofQ.contact,
            participant: 'Quirin Quelle',
            from: 'quirin.q@example.org',
            to: 'quirin.neu@example.org',
          },
        }),
      ]);
      // The participant filter finds it, as it finds the participant's other events.
      const filtered = await http.post(
        '/api/timeline',
        { project: projectId, eventType: 'DOC', filterParams: { participantIds: [participantId] } },
        office.token,
      );
      expect(filtered.json<TimelineResponse>().events.map((e) => e.kind)).toContain('participant.email_changed');
    }
  });

  test('other changes and the same address in other letters are no address change; an owner’s change is recorded too', async () => {
    const { office, member, q, ofQ } = await officeWithTwoProjects();
    expect((await http.put(`/api/contact/${ofQ.contact}`, { lastName: 'Quelle-Neu' }, member.token)).statusCode).toBe(
      200,
    );
    expect(
      (await http.put(`/api/contact/${ofQ.contact}`, { email: 'QUIRIN.Q@example.org' }, member.token)).statusCode,
    ).toBe(200);
    expect((await docEvents(office.token, q.project._id)).map((e) => e.kind)).not.toContain(
      'participant.email_changed',
    );
    expect(
      (await http.put(`/api/contact/${ofQ.contact}`, { email: 'buero@example.org' }, office.token)).statusCode,
    ).toBe(200);
    const changed = (await docEvents(member.token, q.project._id)).filter(
      (e) => e.kind === 'participant.email_changed',
    );
    expect(changed).toMatchObject([
      { actor: { _id: office.userId }, data: { from: 'quirin.q@example.org', to: 'buero@example.org' } },
    ]);
  });

  test('a contact of no project changes without a timeline event', async () => {
    const { office, member, q } = await officeWithTwoProjects();
    const created = await http.post('/api/contact', { lastName: 'Frei', email: 'frei2@example.org' }, member.token);
    const res = await http.put(
      `/api/contact/${created.json<ContactDto>()._id}`,
      { email: 'frei3@example.org' },
      member.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await docEvents(office.token, q.project._id)).map((e) => e.kind)).not.toContain(
      'participant.email_changed',
    );
  });
});

describe('the contact import', () => {
  test('a member’s import naming a foreign participant’s address leaves that contact as it is, and taking the import back keeps it', async () => {
    const { office, member, p, ofP } = await officeWithTwoProjects();
    const before = await contactRow(ofP.contact);
    const csv = Buffer.from(
      'Vorname,Nachname,E-Mail\nAngriff,Überschrieben,paul.p@example.org\nNeu,Kontakt,neu@example.org\n',
    );
    const info = await importContactFile(server, member.token, 'kontakte.csv', csv);
    expect(info).toMatchObject({ imported: 1, duplicates: 1 });
    expect(await contactRow(ofP.contact)).toEqual(before);

    // The owner puts the imported contact on P; the member's undo keeps it there.
    const imported = await server.deps.db
      .selectFrom('contact')
      .select('id')
      .where('import_id', '=', info._id)
      .executeTakeFirstOrThrow();
    await http.post(
      '/api/participant',
      { projectId: p.project._id, contactId: imported.id, folderId: p.bundle.participantfolders[0]!._id },
      office.token,
    );
    const undo = await http.delete(`/api/contacts/import/${info._id}`, member.token);
    expect(undo.json()).toEqual({ removed: 0, kept: 1 });
    expect(await contactRow(imported.id)).toBeDefined();
  });
});
