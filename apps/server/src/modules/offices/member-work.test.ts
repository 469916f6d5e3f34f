import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  TIERS,
  type DeliveryDto,
  type ImportUndoPreview,
  type SubscriptionResponse,
  type TimelineResponse,
  type VersionDto,
} from '@plankurier/shared';
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
import { addTestMember, addToProject, type TestMember } from '../../../test/team.ts';
import { deliveryBody, deliveryFinished, linkTokenInMail } from '../../../test/seed.ts';
import { tusClient, uploadAll } from '../../../test/tus-client.ts';
import { fixture, sha256Hex } from '../../../test/upload-fixtures.ts';
import { importContactFile } from '../../../test/contact-import.ts';

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
  test('a member deletes a contact of their project (its timeline says so), not one of a project they do not see', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token, 'member', { firstName: 'Mara', lastName: 'Mitglied' });
    const { project: hidden, bundle: hiddenBundle } = await createTestProject(server.app, office.token, {
      number: 'FREMD',
    });
    const { project, bundle } = await createTestProject(server.app, office.token, { number: 'EIGEN' });
    await addToProject(server, office.token, project._id, member.userId);
    const foreign = await createTestParticipant(server.app, office.token, hiddenBundle, {
      contact: { firstName: 'Fritz', lastName: 'Fremd' },
    });
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Gerd', lastName: 'Gelöscht' },
    });
    expect((await http.get(`/api/project/${hidden._id}`, member.token)).statusCode).toBe(404);

    const refused = await http.delete(`/api/contact/${foreign.contact}`, member.token);
    expect([refused.statusCode, refused.json().msgCode]).toEqual([403, 'contact.in_foreign_project']);
    const kept = await http.get(`/api/project/${hidden._id}`, office.token);
    expect(kept.json<{ participants: { _id: string }[] }>().participants.map((p) => p._id)).toEqual([foreign._id]);

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

  test('taking an import back: the preview names only the projects the member works in, and why the contact stays', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token);
    const { project: hidden, bundle } = await createTestProject(server.app, office.token, { number: 'VERBORGEN-7' });
    const csv = Buffer.from('Vorname,Nachname,E-Mail\nIna,Import,ina-import@example.org\n');
    const { _id: importId } = await importContactFile(server, office.token, 'kontakte.csv', csv);
    const [contact] = await server.deps.db
      .selectFrom('contact')
      .select('id')
      .where('import_id', '=', importId)
      .execute();
    await http.post(
      '/api/participant',
      { projectId: hidden._id, contactId: contact!.id, folderId: bundle.participantfolders[0]!._id },
      office.token,
    );

    const preview = async (token: string) =>
      (await http.get(`/api/contacts/import/${importId}/undo-preview`, token)).json<ImportUndoPreview>().keep.contacts;
    expect(await preview(office.token)).toMatchObject([
      { reason: 'participant', projects: ['VERBORGEN-7 Haus Müller'] },
    ]);
    expect(await preview(member.token)).toMatchObject([{ reason: 'participant', projects: [] }]);
  });
});

/**
 * An office with a member on one project and a member not on it; the project has a plan and a
 * participant. What the member does, they do through the same routes as the web.
 */
async function projectWithTwoMembers() {
  const office = await createTestOffice(server, 'P1');
  const onProject = await addTestMember(server, office.token, 'member', { firstName: 'Olga', lastName: 'Oben' });
  const notOnProject = await addTestMember(server, office.token, 'member', { firstName: 'Nils', lastName: 'Nebenan' });
  const { project, bundle } = await createTestProject(server.app, office.token, { number: 'TEAM-1' });
  await addToProject(server, office.token, project._id, onProject.userId);
  const plan = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'T-101' });
  const participant = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Bea', lastName: 'Bauherrin' },
  });
  return { office, onProject, notOnProject, project, plan, participant };
}

const PDF = 'hello_world_rotated.pdf';
const uploadPdf = (member: TestMember, versionId: string) => {
  const data = fixture(PDF);
  return uploadAll(tusClient(server.baseUrl, member.token), data, {
    versionId,
    filename: 'grundriss.pdf',
    kind: 'main',
    sha256: sha256Hex(data),
  });
};
const filesOfVersion = (versionId: string) =>
  server.deps.db.selectFrom('file').select('id').where('version_id', '=', versionId).execute();

describe('a member works in the projects they were added to', () => {
  test('uploads a plan over tus, releases it, subscribes a participant and delivers it, under their own name', async () => {
    const { onProject, project, plan, participant } = await projectWithTwoMembers();
    const version = await http.post('/api/version', { docId: plan._id, index: 'A' }, onProject.token);
    expect(version.statusCode).toBe(201);
    const versionId = version.json<VersionDto>()._id;

    const { last } = await uploadPdf(onProject, versionId);
    expect(last.status).toBe(204);
    const fileId = last.headers.get('upload-file-id');
    expect(await filesOfVersion(versionId)).toEqual([{ id: fileId }]);

    expect((await http.post(`/api/version/${versionId}/release`, {}, onProject.token)).statusCode).toBe(200);
    const subscribed = await http.put(
      '/api/subscription',
      { docId: plan._id, participantId: participant._id, getsPdf: true, getsTec: false },
      onProject.token,
    );
    expect(subscribed.statusCode).toBe(200);
    const sub = subscribed.json<SubscriptionResponse>().sub!;

    const delivered = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, [{ participant, subs: [sub._id] }]),
      onProject.token,
    );
    expect(delivered.statusCode).toBe(202);
    const deliveryId = delivered.json<DeliveryDto>()._id;
    expect(await deliveryFinished(server, deliveryId)).toBe('DONE');
    const recipient = await server.deps.db
      .selectFrom('delivery_recipient')
      .innerJoin('delivery', 'delivery.id', 'delivery_recipient.delivery_id')
      .select(['delivery_recipient.message_id', 'delivery.sent_by'])
      .where('delivery.id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(recipient.sent_by).toBe(onProject.userId);
    // The participant's page offers the file the member uploaded.
    const page = await http.get(`/api/d/${linkTokenInMail(server, recipient.message_id)}`);
    expect(page.json<{ files: { _id: string }[] }>().files.map((f) => f._id)).toEqual([fileId]);

    const timeline = await http.post('/api/timeline', { project: project._id, eventType: 'DOC' }, onProject.token);
    const actors = timeline
      .json<TimelineResponse>()
      .events.filter((e) => ['file.uploaded', 'version.released', 'subscription.changed'].includes(e.kind))
      .map((e) => [e.kind, e.actor?.name]);
    expect(actors.sort()).toEqual([
      ['file.uploaded', 'Olga Oben'],
      ['subscription.changed', 'Olga Oben'],
      ['version.released', 'Olga Oben'],
    ]);
  });

  test('a member not on the project can neither upload nor release, subscribe or deliver there (404), and nothing changes', async () => {
    const { office, notOnProject, project, plan, participant } = await projectWithTwoMembers();
    const prepared = await http.post('/api/version', { docId: plan._id, index: 'A' }, office.token);
    const versionId = prepared.json<VersionDto>()._id;
    const refused = (res: { statusCode: number; json: () => { msgCode?: string } }) => [
      res.statusCode,
      res.json().msgCode,
    ];

    expect(refused(await http.post('/api/version', { docId: plan._id, index: 'B' }, notOnProject.token))).toEqual([
      404,
      'common.not_found',
    ]);
    const { last } = await uploadPdf(notOnProject, versionId);
    expect([last.status, last.json().msgCode]).toEqual([404, 'common.not_found']);
    expect(await filesOfVersion(versionId)).toEqual([]);

    const { last: ownerUpload } = await uploadPdf(office, versionId);
    expect(ownerUpload.status).toBe(204);
    expect(refused(await http.post(`/api/version/${versionId}/release`, {}, notOnProject.token))).toEqual([
      404,
      'common.not_found',
    ]);
    expect(
      refused(
        await http.put(
          '/api/subscription',
          { docId: plan._id, participantId: participant._id, getsPdf: true },
          notOnProject.token,
        ),
      ),
    ).toEqual([404, 'common.not_found']);

    await http.post(`/api/version/${versionId}/release`, {}, office.token);
    const sub = (
      await http.put(
        '/api/subscription',
        { docId: plan._id, participantId: participant._id, getsPdf: true },
        office.token,
      )
    ).json<SubscriptionResponse>().sub!;
    const deliver = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, [{ participant, subs: [sub._id] }]),
      notOnProject.token,
    );
    expect(refused(deliver)).toEqual([404, 'common.not_found']);
    const deliveries = await server.deps.db
      .selectFrom('delivery')
      .select('id')
      .where('project_id', '=', project._id)
      .execute();
    expect(deliveries).toEqual([]);
    const version = await server.deps.db
      .selectFrom('version')
      .select('status')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    expect(version.status).toBe('current');
  });

  test('a member taken off the project in the middle of an upload cannot finish it', async () => {
    const { office, onProject, project, plan } = await projectWithTwoMembers();
    const versionId = (
      await http.post('/api/version', { docId: plan._id, index: 'A' }, onProject.token)
    ).json<VersionDto>()._id;
    const data = fixture(PDF);
    const tus = tusClient(server.baseUrl, onProject.token);
    const created = await tus.create(data.length, {
      versionId,
      filename: 'grundriss.pdf',
      kind: 'main',
      sha256: sha256Hex(data),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(data.length / 2);
    expect((await tus.patch(location, 0, data.subarray(0, half))).status).toBe(204);

    expect((await http.delete(`/api/project/${project._id}/team/${onProject.userId}`, office.token)).statusCode).toBe(
      200,
    );
    const rest = await tus.patch(location, half, data.subarray(half));
    expect([rest.status, rest.json().msgCode]).toEqual([404, 'common.not_found']);
    expect((await tus.head(location)).status).toBe(404);
    expect(await filesOfVersion(versionId)).toEqual([]);
  });
});
