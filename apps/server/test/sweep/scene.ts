import { sql } from 'kysely';
import type {
  ArchiveDto,
  ContactDto,
  MembersResponse,
  PrintDto,
  ShipmentDto,
  SubscriptionDto,
  VersionDto,
} from '@plankurier/shared';
import { versionQrToken } from '../../src/modules/qr/qr-token.ts';
import { api, uniqueEmail } from '../api.ts';
import {
  createTestContact,
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  createTestRole,
  expectStatus,
  folderOf,
} from '../factories.ts';
import { importContactFile } from '../contact-import.ts';
import { deliveryFinished, linkTokenInMail, releaseStoredVersion, startDelivery, subscribeTo } from '../seed.ts';
import { addTestMember, addToProject, inviteByMail, type TestMember } from '../team.ts';
import type { TestServer } from '../test-server.ts';
import { runPlanPreview } from '../../src/jobs/plan-preview-worker.ts';
import { runPlanSheet } from '../../src/jobs/plan-sheet-worker.ts';
import { until } from '../until.ts';

/**
 * Who calls. Office A has an owner, an admin, a member on the project, a member not on it and a
 * member who was on it and was removed; the stranger owns another office; anonymous has no token.
 */
export const PERSONAS = ['owner', 'admin', 'member', 'outsider', 'removed', 'stranger', 'anonymous'] as const;
export type Persona = (typeof PERSONAS)[number];

export interface Person {
  userId: string;
  token: string;
  officeId: string;
}

/** Links the removed member made before they were removed: they must stop working with the removal. */
export interface RemovedLinks {
  file: string;
  print: string;
  archive: string;
}

/**
 * Links made by people of A who then lost what the link opens while staying in the office: a member
 * taken off the project, an admin lowered to member (not on the project), an owner lowered to admin.
 * They must stop working as well.
 */
export type LostLinks = Record<string, string>;

/** One rich project in office A with something of every kind, and the ids the routes name. */
export interface Scene {
  server: TestServer;
  people: Record<Exclude<Persona, 'anonymous'>, Person>;
  officeId: string;
  project: { id: string; number: string; name: string };
  phase: string;
  planFolder: string;
  dataFolder: string;
  plan: string;
  data: string;
  planVersion: string;
  dataVersion: string;
  /** The main PDF of the plan's released version. */
  file: string;
  /** The DWG of the same version (its preview has a drawing scene). */
  drawing: string;
  participantFolder: string;
  participant: string;
  /** The participant's contact. */
  participantContact: string;
  subscription: string;
  /** A contact of the office that takes part in no project. */
  contact: string;
  role: string;
  template: string;
  delivery: string;
  recipient: string;
  recipientToken: string;
  print: string;
  archive: string;
  shipment: string;
  invitation: string;
  invitationToken: string;
  invoice: string;
  contactImport: string;
  qrToken: string;
  removedLinks: RemovedLinks;
  lostLinks: LostLinks;
}

/** The secret company of office A: it must never reach another office. */
export const OFFICE_COMPANY = 'Geheimbüro Sweep';
/** The company of A's contacts: a company search of another office must not find it. */
export const CONTACT_COMPANY = 'Geheimbau GmbH';

const CSV = (email: string) => Buffer.from(`Vorname,Nachname,E-Mail,Firma\nIna,Import,${email},${CONTACT_COMPANY}\n`);

/** A contact import of the office that has run to its end. */
export const finishedImport = async (server: TestServer, token: string) =>
  (await importContactFile(server, token, 'kontakte.csv', CSV(uniqueEmail('import'))))._id;

/** Waits until the print job has rendered the PDF. */
export const printFinished = (server: TestServer, printId: string) =>
  until(async () => {
    const row = await server.deps.db.selectFrom('print').select('status').where('id', '=', printId).executeTakeFirst();
    return row?.status === 'FINISHED';
  });

/** Waits until the archive job has written the ZIP. */
export const archiveFinished = (server: TestServer, archiveId: string) =>
  until(async () => {
    const row = await server.deps.db
      .selectFrom('archive')
      .select('status')
      .where('id', '=', archiveId)
      .executeTakeFirst();
    return row?.status === 'FINISHED';
  });

const person = (member: TestMember, officeId: string): Person => ({ ...member, officeId });

export async function seedScene(server: TestServer): Promise<Scene> {
  const http = api(server.app);
  const ok = async <T>(
    res: Promise<{ statusCode: number; body: string; json: <J>() => J }>,
    status: number,
    what: string,
  ) => {
    const answer = await res;
    expectStatus(answer, status, what);
    return answer.json<T>();
  };

  // Office A: on ENTERPRISE (bought, so there is an invoice), with the people around the project.
  const office = await createTestOffice(server);
  const owner: Person = { userId: office.userId, token: office.token, officeId: office.id };
  await ok(
    http.put('/api/user', { updateType: 'UPDATE_PROFILE', company: OFFICE_COMPANY }, owner.token),
    200,
    'company',
  );
  const bought = await ok<{ invoice: { _id: string } }>(
    http.post('/api/billing/buy', { planCode: 'P2M', autoRenewBuy: true }, owner.token),
    201,
    'buying ENTERPRISE',
  );
  const { project, bundle } = await createTestProject(server.app, owner.token, {
    number: 'GEHEIM-1',
    name: 'Geheimprojekt Sweep',
  });
  const admin = person(await addTestMember(server, owner.token, 'admin'), office.id);
  const member = person(await addTestMember(server, owner.token, 'member'), office.id);
  const outsider = person(await addTestMember(server, owner.token, 'member'), office.id);
  const removed = person(await addTestMember(server, owner.token, 'member'), office.id);
  await addToProject(server, owner.token, project._id, member.userId);
  await addToProject(server, owner.token, project._id, removed.userId);

  // Plans and documents with released versions and real files.
  const planFolder = folderOf(bundle)._id;
  const dataFolder = folderOf(bundle, 'documents')._id;
  const plan = await createTestDoc(server.app, owner.token, planFolder, {
    number: 'G-101',
    name: 'Geheimer Grundriss',
  });
  const data = await createTestDoc(server.app, owner.token, dataFolder, {
    doctype: 'data',
    number: 'G-D1',
    name: 'Geheime Baubeschreibung',
  });
  const planVersion: VersionDto = await releaseStoredVersion(server, owner.token, plan._id);
  const dataVersion = await releaseStoredVersion(server, owner.token, data._id, { kinds: ['pdf'] });
  const { id: file } = await server.deps.db
    .selectFrom('file')
    .select('id')
    .where('version_id', '=', planVersion._id)
    .where('kind', '=', 'pdf')
    .executeTakeFirstOrThrow();
  const { id: drawing } = await server.deps.db
    .selectFrom('file')
    .select('id')
    .where('version_id', '=', planVersion._id)
    .where('kind', '=', 'dwg')
    .executeTakeFirstOrThrow();
  // Their thumbnails, the drawing's scene and the PDF's sheet, as the preview jobs make them after an upload.
  for (const fileId of [file, drawing]) {
    await server.deps.db.updateTable('file').set({ preview_status: 'pending' }).where('id', '=', fileId).execute();
    await runPlanPreview(server.deps, { fileId });
  }
  await server.deps.db.updateTable('file').set({ sheet_status: 'pending' }).where('id', '=', file).execute();
  await runPlanSheet(server.deps, { fileId: file });

  // People outside the office: a participant with a role, subscribed, and a contact that takes part nowhere.
  const role = await createTestRole(server.app, owner.token, 'Geheime Tragwerksplanung');
  const participant = await createTestParticipant(server.app, owner.token, bundle, {
    contact: { firstName: 'Paula', lastName: 'Planempfang', company: CONTACT_COMPANY },
  });
  await ok(http.put(`/api/participant/${participant._id}`, { roleIds: [role._id] }, owner.token), 200, 'role');
  const contact: ContactDto = await createTestContact(server.app, owner.token, {
    lastName: 'Geheimkontakt',
    company: CONTACT_COMPANY,
  });
  const subscription: SubscriptionDto = await subscribeTo(server, owner.token, plan._id, participant._id, {
    getsPdf: true,
    getsTec: true,
  });

  // A delivery that went out, with the recipient's personal link.
  const delivery = await startDelivery(server, owner.token, project._id, [{ participant, subs: [subscription._id] }]);
  await deliveryFinished(server, delivery._id);
  const recipient = await server.deps.db
    .selectFrom('delivery_recipient')
    .select(['id', 'message_id'])
    .where('delivery_id', '=', delivery._id)
    .executeTakeFirstOrThrow();
  const recipientToken = linkTokenInMail(server, recipient.message_id);

  // A print, an archive and a courier shipment.
  const print = await ok<PrintDto>(
    http.post('/api/print', { type: 'PLANLIST', projectId: project._id }, owner.token),
    201,
    'print',
  );
  await printFinished(server, print._id);
  const archive = await ok<ArchiveDto>(
    http.post('/api/archive', { projectId: project._id, pdfOnly: true }, owner.token),
    202,
    'archive',
  );
  await archiveFinished(server, archive._id);
  const shipment = await ok<ShipmentDto>(
    http.post(
      '/api/shipment',
      {
        participantId: participant._id,
        versionId: planVersion._id,
        date: '2026-11-20',
        quantity: 2,
        courierService: 'Geheimkurier',
        trackingId: 'GEHEIM-4711',
      },
      owner.token,
    ),
    201,
    'shipment',
  );

  // Office matters: a template, an open invitation, a finished contact import.
  const template = await ok<{ _id: string }>(
    http.post('/api/template', { title: 'Geheime Vorlage', text: 'Geheimer Text' }, owner.token),
    201,
    'template',
  );
  const invitationEmail = uniqueEmail('eingeladen');
  const invitationToken = await inviteByMail(server, owner.token, invitationEmail);
  const members = await ok<MembersResponse>(http.get('/api/office/members', owner.token), 200, 'members');
  const invitation = members.invitations.find((i) => i.email === invitationEmail)!._id;
  // The import's contact takes part in the project: taking the import back keeps it, and says why.
  const contactImport = await finishedImport(server, owner.token);
  const imported = await server.deps.db
    .selectFrom('contact')
    .select('id')
    .where('import_id', '=', contactImport)
    .executeTakeFirstOrThrow();
  await ok(
    http.post(
      '/api/participant',
      { projectId: project._id, contactId: imported.id, folderId: bundle.participantfolders[0]!._id },
      owner.token,
    ),
    201,
    'imported participant',
  );

  // The member who leaves made download links while still in the office.
  const link = async (url: string) =>
    (await ok<{ url: string }>(http.post(url, {}, removed.token), 200, `link ${url}`)).url;
  const removedLinks: RemovedLinks = {
    file: await link(`/api/file/${file}/download-link`),
    print: await link(`/api/print/${print._id}/download-link`),
    archive: await link(`/api/archive/${archive._id}/download-link`),
  };
  await ok(http.delete(`/api/office/members/${removed.userId}`, owner.token), 200, 'removing a member');

  // People who lose the project (or the invoices) but stay in the office made links before as well.
  const linksBy = async (token: string, kinds: Partial<Record<'file' | 'print' | 'archive' | 'invoice', string>>) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(kinds).map(async ([kind, url]) => [
          kind,
          (await ok<{ url: string }>(http.post(url, {}, token), 200, `link ${url}`)).url,
        ]),
      ),
    ) as Record<string, string>;
  const projectLinks = {
    file: `/api/file/${file}/download-link`,
    print: `/api/print/${print._id}/download-link`,
    archive: `/api/archive/${archive._id}/download-link`,
  };
  const offTeam = await addTestMember(server, owner.token, 'member');
  await addToProject(server, owner.token, project._id, offTeam.userId);
  const lowered = await addTestMember(server, owner.token, 'admin');
  const formerOwner = await addTestMember(server, owner.token, 'owner');
  const offTeamLinks = await linksBy(offTeam.token, projectLinks);
  const loweredLinks = await linksBy(lowered.token, projectLinks);
  const invoiceLinks = await linksBy(formerOwner.token, {
    invoice: `/api/invoice/${bought.invoice._id}/download-link`,
  });
  await ok(http.delete(`/api/project/${project._id}/team/${offTeam.userId}`, owner.token), 200, 'off the team');
  await ok(http.put(`/api/office/members/${lowered.userId}`, { role: 'member' }, owner.token), 200, 'lowering');
  await ok(http.put(`/api/office/members/${formerOwner.userId}`, { role: 'admin' }, owner.token), 200, 'lowering');
  const lostLinks: LostLinks = {
    ...Object.fromEntries(Object.entries(offTeamLinks).map(([kind, url]) => [`${kind} of a member off the team`, url])),
    ...Object.fromEntries(Object.entries(loweredLinks).map(([kind, url]) => [`${kind} of an admin made member`, url])),
    'invoice of an owner made admin': invoiceLinks.invoice!,
  };

  // Another office, on PRO (it may still move up to ENTERPRISE and invite), with a project of its own.
  const other = await createTestOffice(server, 'P1');
  await createTestProject(server.app, other.token, { number: 'B-1', name: 'Projekt des anderen Büros' });

  return {
    server,
    people: {
      owner,
      admin,
      member,
      outsider,
      removed,
      stranger: { userId: other.userId, token: other.token, officeId: other.id },
    },
    officeId: office.id,
    project: { id: project._id, number: project.number, name: project.name },
    phase: bundle.phases[0]!._id,
    planFolder,
    dataFolder,
    plan: plan._id,
    data: data._id,
    planVersion: planVersion._id,
    dataVersion: dataVersion._id,
    file,
    drawing,
    participantFolder: bundle.participantfolders[0]!._id,
    participant: participant._id,
    participantContact: participant.contact,
    subscription: subscription._id,
    contact: contact._id,
    role: role._id,
    template: template._id,
    delivery: delivery._id,
    recipient: recipient.id,
    recipientToken,
    print: print._id,
    archive: archive._id,
    shipment: shipment._id,
    invitation,
    invitationToken,
    invoice: bought.invoice._id,
    contactImport,
    qrToken: await versionQrToken(server.deps, planVersion._id),
    removedLinks,
    lostLinks,
  };
}

/**
 * Every id of office A, and every id and name of its project: none may reach the other office, and
 * the project's may not reach a member who is not on it.
 */
export async function secretsOf(scene: Scene): Promise<{ project: string[]; office: string[] }> {
  const { db } = scene.server.deps;
  const projectId = scene.project.id;
  const { rows } = await sql<{ id: string }>`
    select id::text from phase where project_id = ${projectId}
    union all select id::text from doc_folder where project_id = ${projectId}
    union all select id::text from doc where project_id = ${projectId}
    union all select id::text from version where project_id = ${projectId}
    union all select id::text from file where project_id = ${projectId}
    union all select id::text from participant_folder where project_id = ${projectId}
    union all select id::text from participant where project_id = ${projectId}
    union all select id::text from subscription where project_id = ${projectId}
    union all select id::text from delivery where project_id = ${projectId}
    union all select r.id::text from delivery_recipient r join delivery d on d.id = r.delivery_id
      where d.project_id = ${projectId}
    union all select id::text from print where project_id = ${projectId}
    union all select id::text from archive where project_id = ${projectId}
    union all select id::text from shipment where project_id = ${projectId}
    union all select id::text from timeline_event where project_id = ${projectId}`.execute(db);
  const office = await sql<{ id: string }>`
    select id::text from contact where office_id = ${scene.officeId}
    union all select id::text from role where office_id = ${scene.officeId}
    union all select id::text from template where office_id = ${scene.officeId}
    union all select id::text from invitation where office_id = ${scene.officeId}
    union all select id::text from contact_import where office_id = ${scene.officeId}
    union all select id::text from invoice where office_id = ${scene.officeId}
    union all select email from app_user where id in (select user_id from office_member where office_id = ${scene.officeId})`.execute(
    db,
  );
  return {
    project: [projectId, scene.project.number, scene.project.name, 'Geheimer Grundriss', ...rows.map((r) => r.id)],
    office: [
      scene.officeId,
      OFFICE_COMPANY,
      CONTACT_COMPANY,
      ...Object.values(scene.people)
        .filter((p) => p.officeId === scene.officeId)
        .map((p) => p.userId),
      ...office.rows.map((r) => r.id),
    ],
  };
}
