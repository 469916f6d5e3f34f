import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type {
  ContactDto,
  DocDto,
  FileKind,
  ParticipantDto,
  PhaseTemplate,
  ProjectBundle,
  ProjectDto,
  RoleDto,
  TierName,
  VersionDto,
} from '@plankurier/shared';
import type { Db } from '../src/db/index.ts';
import type { Actor } from '../src/modules/offices/access.ts';
import type { TestServer } from './test-server.ts';
import { api, signUpOffice, uniqueEmail } from './api.ts';

export const expectStatus = (res: { statusCode: number; body: string }, status: number, what: string) => {
  if (res.statusCode !== status) throw new Error(`${what} failed with ${res.statusCode}: ${res.body}`);
};

/** A signed-up office on the given tier (FREE by default; the paid tiers lift the project and doc limits). */
export async function createTestOffice(server: TestServer, tier: TierName = 'FREE') {
  const office = await signUpOffice(server.app, server.smtp);
  const officeId = office.user.officeId!;
  if (tier !== 'FREE') await server.deps.db.updateTable('office').set({ tier }).where('id', '=', officeId).execute();
  /** id: the office; userId: its owner, the person signed in with token. */
  return { id: officeId, userId: office.user._id, token: office.token, email: office.user.email };
}

let projectCounter = 0;

/** A project through the API, opened: the bundle holds its phases and their default folders. */
export async function createTestProject(
  app: FastifyInstance,
  token: string,
  body: { number?: string; name?: string; phaseTemplate?: PhaseTemplate } = {},
): Promise<{ project: ProjectDto; bundle: ProjectBundle }> {
  const http = api(app);
  // One general phase unless a test asks for a model: most tests need one phase and one plans folder.
  const created = await http.post(
    '/api/project',
    { number: `P-${++projectCounter}`, name: 'Haus Müller', phaseTemplate: 'none', ...body },
    token,
  );
  expectStatus(created, 201, 'project creation');
  const project = created.json<ProjectDto>();
  return { project, bundle: await openTestProject(app, token, project._id) };
}

export async function openTestProject(app: FastifyInstance, token: string, projectId: string): Promise<ProjectBundle> {
  const res = await api(app).get(`/api/project/${projectId}`, token);
  expectStatus(res, 200, 'project load');
  return res.json<ProjectBundle>();
}

/** The project's first folder of a category ('plans' by default). */
export const folderOf = (bundle: ProjectBundle, category: 'plans' | 'documents' = 'plans') =>
  bundle.docfolders.find((f) => f.category === category)!;

let docCounter = 0;

export async function createTestDoc(
  app: FastifyInstance,
  token: string,
  folderId: string,
  body: { doctype?: 'plan' | 'data'; number?: string; name?: string } = {},
): Promise<DocDto> {
  const res = await api(app).post(
    '/api/doc',
    { folderId, doctype: 'plan', number: `A-${++docCounter}`, name: 'Grundriss EG', ...body },
    token,
  );
  expectStatus(res, 201, 'doc creation');
  return res.json<DocDto>();
}

export async function prepareTestVersion(
  app: FastifyInstance,
  token: string,
  docId: string,
  index = 'A',
): Promise<VersionDto> {
  const res = await api(app).post('/api/version', { docId, index, comment: '' }, token);
  expectStatus(res, 201, 'version preparation');
  return res.json<VersionDto>();
}

/** A file row as a finished upload leaves it (the contents are not needed by these tests). */
export async function insertTestFile(
  db: Db,
  version: { _id: string; doc: string },
  kind: FileKind = 'pdf',
  changes: { delivered_at?: Date } = {},
) {
  const { project_id } = await db
    .selectFrom('doc')
    .select('project_id')
    .where('id', '=', version.doc)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  return db
    .insertInto('file')
    .values({
      project_id,
      doc_id: version.doc,
      version_id: version._id,
      kind,
      filename: `plan.${kind === 'addon' ? 'pdf' : kind}`,
      storage_key: `00/${id}`,
      size: 123_456,
      sha256: 'a'.repeat(64),
      mime_type: kind === 'pdf' ? 'application/pdf' : 'application/octet-stream',
      pdf_width_mm: kind === 'pdf' ? 841 : null,
      pdf_height_mm: kind === 'pdf' ? 594 : null,
      delivered_at: changes.delivered_at ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A release through the API that must succeed. */
export async function releaseTestVersion(app: FastifyInstance, token: string, versionId: string) {
  const res = await api(app).post(`/api/version/${versionId}/release`, {}, token);
  expectStatus(res, 200, 'release');
  return res;
}

/** Every row of a project, to show that a refused call changed nothing. */
export async function snapshotProject(db: Db, projectId: string) {
  return {
    project: await db.selectFrom('project').selectAll().where('id', '=', projectId).execute(),
    phases: await db.selectFrom('phase').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    folders: await db.selectFrom('doc_folder').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    docs: await db.selectFrom('doc').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    versions: await db.selectFrom('version').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    files: await db.selectFrom('file').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    timeline: await db
      .selectFrom('timeline_event')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
    participantFolders: await db
      .selectFrom('participant_folder')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
    participants: await db
      .selectFrom('participant')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
    participantRoles: await db
      .selectFrom('participant_role')
      .innerJoin('participant', 'participant.id', 'participant_role.participant_id')
      .selectAll('participant_role')
      .where('participant.project_id', '=', projectId)
      .orderBy('participant_role.participant_id')
      .orderBy('participant_role.role_id')
      .execute(),
    subscriptions: await db
      .selectFrom('subscription')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
  };
}

/** A contact of the office through the API (PDF only unless said otherwise). */
export async function createTestContact(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = {},
): Promise<ContactDto> {
  const res = await api(app).post(
    '/api/contact',
    { firstName: 'Eva', lastName: 'Statik', email: uniqueEmail('kontakt'), ...body },
    token,
  );
  expectStatus(res, 201, 'contact creation');
  return res.json<ContactDto>();
}

/** A new contact added as participant into the project's first participant folder (or the given one). */
export async function createTestParticipant(
  app: FastifyInstance,
  token: string,
  bundle: ProjectBundle,
  options: { folderId?: string; contact?: Record<string, unknown> } = {},
): Promise<ParticipantDto> {
  const contact = await createTestContact(app, token, options.contact);
  const res = await api(app).post(
    '/api/participant',
    {
      projectId: bundle.project._id,
      contactId: contact._id,
      folderId: options.folderId ?? bundle.participantfolders[0]!._id,
    },
    token,
  );
  expectStatus(res, 201, 'participant creation');
  return res.json<ParticipantDto>();
}

export async function createTestRole(app: FastifyInstance, token: string, name: string): Promise<RoleDto> {
  const res = await api(app).post('/api/role', { name }, token);
  expectStatus(res, 201, 'role creation');
  return res.json<RoleDto>();
}

/** The owner of a test office as the services see them, for tests that call a service directly. */
export const ownerActor = (office: { id: string; userId: string }): Actor => ({
  officeId: office.id,
  userId: office.userId,
  role: 'owner',
});
