import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TIERS, type TimelineResponse } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestContact,
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
} from '../../../test/factories.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const setTier = (officeId: string, tier: 'FREE' | 'P1') =>
  server.deps.db.updateTable('office').set({ tier }).where('id', '=', officeId).execute();

describe('limits', () => {
  test('plans and participants count over all of the office’s projects, also those a member does not see', async () => {
    const { maxNumberOfDocs, maxNumberOfParticipants } = TIERS.FREE.features;
    // An office that was on PRO (so it has a member and two projects) and is FREE again: nothing is
    // deleted, but the office is at FREE's limits with the project the member does not work in.
    const office = await createTestOffice(server, 'P1');
    const { bundle: full } = await createTestProject(server.app, office.token, { number: 'VOLL' });
    for (let i = 0; i < maxNumberOfDocs; i++) await createTestDoc(server.app, office.token, folderOf(full)._id);
    for (let i = 0; i < maxNumberOfParticipants; i++) await createTestParticipant(server.app, office.token, full);
    const { project, bundle } = await createTestProject(server.app, office.token, { number: 'MITGLIED' });
    const member = await addTestMember(server, office.token);
    await addToProject(server, office.token, project._id, member.userId);
    await setTier(office.id, 'FREE');

    const doc = await http.post(
      '/api/doc',
      { folderId: folderOf(bundle)._id, doctype: 'plan', number: 'M-1', name: 'Grundriss' },
      member.token,
    );
    expect([doc.statusCode, doc.json().msgCode]).toEqual([403, 'tier.limit_reached']);
    const contact = await createTestContact(server.app, member.token);
    const participant = await http.post(
      '/api/participant',
      { projectId: project._id, contactId: contact._id, folderId: bundle.participantfolders[0]!._id },
      member.token,
    );
    expect([participant.statusCode, participant.json().msgCode]).toEqual([403, 'tier.limit_reached']);
  });
});

describe('contacts are the office’s', () => {
  test('a member who deletes a contact removes it from projects they do not see, and those projects’ timelines say so', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token, 'member', { firstName: 'Mara', lastName: 'Mitglied' });
    const { project, bundle } = await createTestProject(server.app, office.token, { number: 'FREMD' });
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Gerd', lastName: 'Gelöscht' },
    });
    expect((await http.get(`/api/project/${project._id}`, member.token)).statusCode).toBe(404);

    const res = await http.delete(`/api/contact/${participant.contact}`, member.token);
    expect(res.statusCode).toBe(204);
    const after = await http.get(`/api/project/${project._id}`, office.token);
    expect(after.json<{ participants: unknown[] }>().participants).toEqual([]);
    const timeline = await http.post('/api/timeline', { project: project._id, eventType: 'DOC' }, office.token);
    const removed = timeline.json<TimelineResponse>().events.find((e) => e.kind === 'participant.removed');
    expect(removed).toMatchObject({
      actor: { _id: member.userId, name: 'Mara Mitglied' },
      data: { participantId: participant._id, participant: 'Gerd Gelöscht' },
    });
  });
});
