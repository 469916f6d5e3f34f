import { sql } from 'kysely';
import type { MsgCode } from '@plankurier/shared';
import { sha256 } from '../../src/modules/auth/secrets.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { uniqueEmail } from '../api.ts';
import { multipart } from '../contact-import.ts';
import { deliveryBody } from '../seed.ts';
import { fixture } from '../upload-fixtures.ts';
import type { Persona, Scene } from './scene.ts';
import { tusCreation, UPLOAD_FIXTURE, type Throwaways } from './throwaways.ts';

/**
 * Who may call a route, by what it names:
 * - project: data of A's project — everyone in A who works in it; a member not on it and another
 *   office get 404.
 * - projectManager: the same, but only owners and admins act (the member on the project gets 403).
 * - office: data of office A that is not a project's (contacts of no project, imports) — anyone in A.
 * - projectContact: a contact who takes part in A's project — who works in the project changes it; a
 *   member not on it reads it (the contact list) but gets 403 `contact.in_foreign_project`.
 * - own: the caller's own office or person (lists, new objects, the session) — anyone with a session.
 * - managers / managersOwn: people of office A and its shared lists (roles, templates), or the caller's
 *   own office — owners and admins.
 * - ownerOnly / billing: A's invoices and hand-over, or the caller's own subscription — owners.
 */
export type Access =
  | 'project'
  | 'projectManager'
  | 'projectContact'
  | 'office'
  | 'own'
  | 'managers'
  | 'managersOwn'
  | 'ownerOnly'
  | 'billing';

/** 'ok': the route's own success status; else the refusal. */
export type Outcome = 'ok' | 401 | 403 | 404;

const signedOut = { removed: 401, anonymous: 401 } as const;
export const EXPECTED: Record<Access, Record<Persona, Outcome>> = {
  project: { owner: 'ok', admin: 'ok', member: 'ok', outsider: 404, stranger: 404, ...signedOut },
  projectManager: { owner: 'ok', admin: 'ok', member: 403, outsider: 404, stranger: 404, ...signedOut },
  projectContact: { owner: 'ok', admin: 'ok', member: 'ok', outsider: 403, stranger: 404, ...signedOut },
  office: { owner: 'ok', admin: 'ok', member: 'ok', outsider: 'ok', stranger: 404, ...signedOut },
  own: { owner: 'ok', admin: 'ok', member: 'ok', outsider: 'ok', stranger: 'ok', ...signedOut },
  managers: { owner: 'ok', admin: 'ok', member: 403, outsider: 403, stranger: 404, ...signedOut },
  managersOwn: { owner: 'ok', admin: 'ok', member: 403, outsider: 403, stranger: 'ok', ...signedOut },
  ownerOnly: { owner: 'ok', admin: 403, member: 403, outsider: 403, stranger: 404, ...signedOut },
  billing: { owner: 'ok', admin: 403, member: 403, outsider: 403, stranger: 'ok', ...signedOut },
};

/** The ids a route's path names, by the name of the param and the path segment before `:id`. */
export interface PathIds {
  project: string;
  phase: string;
  folder: string;
  doc: string;
  version: string;
  file: string;
  participant: string;
  participantFolder: string;
  contact: string;
  role: string;
  template: string;
  print: string;
  archive: string;
  shipment: string;
  delivery: string;
  recipient: string;
  invitation: string;
  invoice: string;
  contactImport: string;
  upload?: string;
  planSet?: string;
  standingSubscription?: string;
  /** A person of office A (`:userId`). */
  user?: string;
  /** One of the caller's own sessions (`/api/sessions/:id`). */
  session?: string;
}

export const sceneIds = (scene: Scene): PathIds => ({
  project: scene.project.id,
  phase: scene.phase,
  folder: scene.planFolder,
  doc: scene.plan,
  version: scene.planVersion,
  file: scene.file,
  participant: scene.participant,
  participantFolder: scene.participantFolder,
  contact: scene.contact,
  role: scene.role,
  template: scene.template,
  print: scene.print,
  archive: scene.archive,
  shipment: scene.shipment,
  delivery: scene.delivery,
  recipient: scene.recipient,
  invitation: scene.invitation,
  invoice: scene.invoice,
  contactImport: scene.contactImport,
});

const ID_OF_SEGMENT: Record<string, keyof PathIds> = {
  project: 'project',
  phase: 'phase',
  folder: 'folder',
  doc: 'doc',
  version: 'version',
  file: 'file',
  participant: 'participant',
  'participant-folder': 'participantFolder',
  contact: 'contact',
  validate: 'contact',
  role: 'role',
  template: 'template',
  print: 'print',
  archive: 'archive',
  shipment: 'shipment',
  delivery: 'delivery',
  recipient: 'recipient',
  invitations: 'invitation',
  // The project's contact picker: /api/project/contacts/:id.
  contacts: 'project',
  invoice: 'invoice',
  import: 'contactImport',
  uploads: 'upload',
  'plan-set': 'planSet',
  'standing-subscription': 'standingSubscription',
  sessions: 'session',
};

/** The route's path with its params filled: `:id` by the segment before it, `:userId` by the person. */
export function fillPath(url: string, ids: PathIds): string {
  const segments = url.split('/');
  return segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const key = segment === ':userId' ? 'user' : segment === ':id' ? ID_OF_SEGMENT[segments[i - 1]!] : undefined;
      const id = key && ids[key];
      if (!id) throw new Error(`the sweep cannot fill ${segment} of ${url}`);
      return id;
    })
    .join('/');
}

export interface Run {
  scene: Scene;
  persona: Persona;
  make: Throwaways;
  /** New with every run: numbers and names that must not exist yet. */
  uniq: string;
}

export interface Prepared {
  ids?: Partial<PathIds>;
  /** Another session of the same person (for routes that end or move the session). */
  token?: string;
  /** Puts back what the run changed that later routes rely on. */
  cleanup?: () => Promise<void>;
}

export interface RouteCase {
  access: Access;
  /** What an allowed caller gets. */
  status: number;
  /** The msgCode of a 403 when it says more than `common.forbidden`. */
  forbiddenCode?: MsgCode;
  prepare?: (run: Run) => Promise<Prepared>;
  body?: (run: Run, ids: PathIds) => unknown;
  query?: (run: Run) => string;
  /** A body that is not JSON (multipart, tus). */
  raw?: (run: Run, ids: PathIds) => { payload?: Buffer; headers: Record<string, string> };
}

const ids = (prepared: Partial<PathIds>): Prepared => ({ ids: prepared });
const personOf = (run: Run) => (run.persona === 'anonymous' ? undefined : run.scene.people[run.persona]);

/** A session of its own for routes that end or move the caller's session (the persona keeps theirs). */
async function ownSession(run: Run): Promise<Prepared> {
  const person = personOf(run);
  if (!person || run.persona === 'removed') return {};
  return { token: await createSession(run.scene.server.deps.db, person.userId, person.officeId) };
}

/** A throwaway session of the caller (the owner's for callers without a person), named by its id. */
async function throwawaySession(run: Run): Promise<Prepared> {
  const person = personOf(run) ?? run.scene.people.owner;
  const { db } = run.scene.server.deps;
  const token = await createSession(db, person.userId, person.officeId);
  const row = await db
    .selectFrom('session_token')
    .select('id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirstOrThrow();
  return ids({ session: row.id });
}

/** 'Sign out everywhere else' from a session of its own; the persona's session comes back afterwards. */
async function signOutOthers(run: Run): Promise<Prepared> {
  const person = personOf(run);
  const own = await ownSession(run);
  if (!person || run.persona === 'removed') return own;
  const { db } = run.scene.server.deps;
  return {
    ...own,
    cleanup: async () => {
      await db
        .insertInto('session_token')
        .values({ user_id: person.userId, office_id: person.officeId, token_hash: sha256(person.token) })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .execute();
    },
  };
}

/**
 * The caller's office on PRO monthly, so that ENTERPRISE is an upgrade it may quote and buy; the
 * plan it was on comes back afterwards.
 */
async function onMonthlyPro(run: Run): Promise<Prepared> {
  const person = personOf(run);
  if (!person) return {};
  const { db } = run.scene.server.deps;
  const office = await db
    .selectFrom('office')
    .select(['tier', 'buy_period'])
    .where('id', '=', person.officeId)
    .executeTakeFirstOrThrow();
  const buys = await db
    .selectFrom('buy')
    .select(['id', 'tier'])
    .where('office_id', '=', person.officeId)
    .where('status', '=', 'ACTIVE')
    .execute();
  await db.updateTable('office').set({ tier: 'P1', buy_period: 'MONTH' }).where('id', '=', person.officeId).execute();
  await db
    .updateTable('buy')
    .set({ tier: 'P1' })
    .where('office_id', '=', person.officeId)
    .where('status', '=', 'ACTIVE')
    .execute();
  return {
    // A buy made in the run decides the plan from then on; otherwise the plan from before comes back.
    cleanup: async () => {
      const active = await db
        .selectFrom('buy')
        .select('id')
        .where('office_id', '=', person.officeId)
        .where('status', '=', 'ACTIVE')
        .execute();
      if (active.some((buy) => !buys.some((old) => old.id === buy.id))) return;
      for (const buy of buys) await db.updateTable('buy').set({ tier: buy.tier }).where('id', '=', buy.id).execute();
      await db.updateTable('office').set(office).where('id', '=', person.officeId).execute();
    },
  };
}

/** The ids of a sibling list in its current order (an order call must name all of them). */
const currentOrder = (run: Run, table: 'phase' | 'doc_folder' | 'participant_folder', column: string, parent: string) =>
  sql<{ id: string }>`select id from ${sql.table(table)} where ${sql.ref(column)} = ${parent} order by sort_order`
    .execute(run.scene.server.deps.db)
    .then((r) => r.rows.map((row) => row.id));

const tus = { 'tus-resumable': '1.0.0' };

/**
 * Every private route and how the sweep calls it. A route missing here fails the sweep: a new route
 * must say who may call it.
 */
export const PRIVATE_ROUTES: Record<string, RouteCase> = {
  // The person and their session.
  'GET /api/user': { access: 'own', status: 200 },
  'PUT /api/user': { access: 'own', status: 200, body: () => ({ updateType: 'UPDATE_PROFILE', locale: 'de' }) },
  'POST /api/signout': { access: 'own', status: 204, prepare: ownSession },
  'GET /api/sessions': { access: 'own', status: 200 },
  'DELETE /api/sessions/:id': { access: 'own', status: 204, prepare: throwawaySession },
  'POST /api/sessions/sign-out-others': { access: 'own', status: 200, prepare: signOutOthers },
  'POST /api/user/mail-address-confirmation': {
    access: 'own',
    status: 204,
    body: () => ({ address: 'bcc' }),
    prepare: async (run) => {
      const person = personOf(run);
      if (!person) return {};
      const { db } = run.scene.server.deps;
      const bcc = (bcc_email: string) =>
        db.updateTable('app_user').set({ bcc_email }).where('id', '=', person.userId).execute();
      await bcc(`kopie-${person.userId}@sweep.example`);
      return { cleanup: async () => void (await bcc('')) };
    },
  },
  'POST /api/user/resend-welcome': {
    access: 'own',
    status: 204,
    prepare: async (run) => {
      const person = personOf(run);
      if (!person) return {};
      const { db } = run.scene.server.deps;
      const confirmed = (validated: boolean) =>
        db.updateTable('app_user').set({ validated }).where('id', '=', person.userId).execute();
      await confirmed(false);
      // An unconfirmed account mails nobody but itself: later routes send as this person.
      return { cleanup: async () => void (await confirmed(true)) };
    },
  },
  'PUT /api/session/office': { access: 'office', status: 200, body: (run) => ({ officeId: run.scene.officeId }) },
  'POST /api/offices': {
    access: 'own',
    status: 201,
    prepare: ownSession,
    body: (run) => ({ company: `Neu ${run.uniq}` }),
  },

  // Subscription and invoices.
  'GET /api/billing': { access: 'billing', status: 200 },
  'GET /api/billing/quote': { access: 'billing', status: 200, prepare: onMonthlyPro, query: () => 'planCode=P2M' },
  'POST /api/billing/buy': {
    access: 'billing',
    status: 201,
    prepare: onMonthlyPro,
    body: () => ({ planCode: 'P2M', autoRenewBuy: true }),
  },
  'PUT /api/billing/auto-renew': { access: 'billing', status: 200, body: () => ({ autoRenewBuy: true }) },
  'POST /api/invoice/:id/download-link': { access: 'ownerOnly', status: 200 },

  // The office's people.
  'GET /api/office/members': { access: 'own', status: 200 },
  'POST /api/office/invitations': {
    access: 'managersOwn',
    status: 201,
    body: () => ({ email: uniqueEmail('sweep'), role: 'member' }),
  },
  'POST /api/office/invitations/:id/resend': {
    access: 'managers',
    status: 200,
    prepare: async ({ make }) => ids({ invitation: await make.invitation() }),
  },
  'DELETE /api/office/invitations/:id': {
    access: 'managers',
    status: 200,
    prepare: async ({ make }) => ids({ invitation: await make.invitation() }),
  },
  'PUT /api/office/members/:userId': {
    access: 'managers',
    status: 200,
    prepare: async ({ make }) => ids({ user: (await make.member()).userId }),
    body: () => ({ role: 'admin' }),
  },
  'DELETE /api/office/members/:userId': {
    access: 'managers',
    status: 200,
    prepare: async ({ make }) => ids({ user: (await make.member()).userId }),
  },
  'POST /api/office/owner': {
    access: 'ownerOnly',
    status: 200,
    prepare: async ({ make, scene }) => {
      const heir = await make.member();
      return {
        ids: { user: heir.userId },
        // The office goes back to its owner, so that later routes meet the same people.
        cleanup: async () => {
          const { role } = await scene.server.deps.db
            .selectFrom('office_member')
            .select('role')
            .where('office_id', '=', scene.officeId)
            .where('user_id', '=', heir.userId)
            .executeTakeFirstOrThrow();
          if (role !== 'owner') return;
          const back = await scene.server.app.inject({
            method: 'POST',
            url: '/api/office/owner',
            payload: { userId: scene.people.owner.userId },
            headers: { authorization: `Bearer ${heir.token}` },
          });
          if (back.statusCode !== 200) throw new Error(`handing the office back failed: ${back.body}`);
        },
      };
    },
    body: (_run, { user }) => ({ userId: user }),
  },
  'GET /api/project/:id/team': { access: 'project', status: 200 },
  'POST /api/project/:id/team': {
    access: 'projectManager',
    status: 200,
    prepare: async ({ make }) => ids({ user: (await make.member()).userId }),
    body: (_run, { user }) => ({ userId: user }),
  },
  'DELETE /api/project/:id/team/:userId': {
    access: 'projectManager',
    status: 200,
    prepare: async ({ make, scene }) => {
      const colleague = await make.member();
      await scene.server.deps.db
        .insertInto('project_member')
        .values({ project_id: scene.project.id, user_id: colleague.userId })
        .execute();
      return ids({ user: colleague.userId });
    },
  },

  // Projects, phases, folders.
  'GET /api/projects': { access: 'own', status: 200 },
  'POST /api/project': { access: 'own', status: 201, body: (run) => ({ number: `S-${run.uniq}`, name: 'Sweep' }) },
  'GET /api/project/:id': { access: 'project', status: 200 },
  'GET /api/project/:id/changes': { access: 'project', status: 200, query: () => 'since=0' },
  'PUT /api/project/:id': { access: 'project', status: 200, body: ({ scene }) => ({ name: scene.project.name }) },
  'DELETE /api/project/:id': {
    access: 'projectManager',
    status: 204,
    prepare: async ({ make }) => ids({ project: await make.projectWithMember() }),
  },
  'POST /api/phase': {
    access: 'project',
    status: 201,
    body: ({ scene, uniq }) => ({ projectId: scene.project.id, shortcut: `S${uniq}`, name: 'Sweep' }),
  },
  'PUT /api/phase/:id': { access: 'project', status: 200, body: () => ({ name: 'Allgemein' }) },
  'DELETE /api/phase/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ phase: await make.phase() }),
  },
  'PUT /api/phases/order': {
    access: 'project',
    status: 200,
    body: async (run) => ({
      projectId: run.scene.project.id,
      phaseIds: await currentOrder(run, 'phase', 'project_id', run.scene.project.id),
    }),
  },
  'POST /api/folder': {
    access: 'project',
    status: 201,
    body: ({ scene, uniq }) => ({ phaseId: scene.phase, name: `Sweep ${uniq}`, category: 'plans' }),
  },
  'PUT /api/folder/:id': { access: 'project', status: 200, body: () => ({ isCollapsed: false }) },
  'DELETE /api/folder/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ folder: await make.folder() }),
  },
  'PUT /api/folders': {
    access: 'project',
    status: 200,
    body: ({ scene }) => [{ _id: scene.planFolder, isCollapsed: false }],
  },
  'PUT /api/folders/order': {
    access: 'project',
    status: 200,
    body: async (run) => ({
      phaseId: run.scene.phase,
      folderIds: await currentOrder(run, 'doc_folder', 'phase_id', run.scene.phase),
    }),
  },

  // Plans, documents, versions, files.
  'POST /api/doc': {
    access: 'project',
    status: 201,
    body: ({ scene, uniq }) => ({ folderId: scene.planFolder, doctype: 'plan', number: `S-${uniq}`, name: 'Sweep' }),
  },
  'PUT /api/doc/:id': { access: 'project', status: 200, body: () => ({ name: 'Geheimer Grundriss' }) },
  'GET /api/doc/:id/deletion': { access: 'project', status: 200 },
  'DELETE /api/doc/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ doc: await make.doc() }),
  },
  'PUT /api/docs/order': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({ folderId: scene.planFolder, docIds: [scene.plan] }),
  },
  'GET /api/doc/:id/qr': { access: 'project', status: 200 },
  'PUT /api/doc/:id/qr': {
    access: 'project',
    status: 200,
    body: () => ({ x: 10, y: 10, width: 20, hasBorder: true, embed: false }),
  },
  'POST /api/version': {
    access: 'project',
    status: 201,
    prepare: async ({ make }) => ids({ doc: await make.doc() }),
    body: (_run, { doc }) => ({ docId: doc, index: 'A' }),
  },
  'PUT /api/version/:id': { access: 'project', status: 200, body: () => ({ comment: 'Geheimer Kommentar' }) },
  'DELETE /api/version/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ version: await make.preparedVersion() }),
  },
  'POST /api/version/:id/release': {
    access: 'project',
    status: 200,
    prepare: async ({ make }) => ids({ version: (await make.versionWithFile()).version }),
  },
  'POST /api/versions/release': {
    access: 'project',
    status: 200,
    prepare: async ({ make }) => ids({ version: (await make.versionWithFile()).version }),
    body: (_run, { version }) => ({ versionIds: [version] }),
  },
  'GET /api/file/:id': { access: 'project', status: 200 },
  'DELETE /api/file/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ file: (await make.versionWithFile()).file }),
  },
  'POST /api/file/:id/download-link': { access: 'project', status: 200 },
  'GET /api/file/:id/thumbnail': { access: 'project', status: 200 },
  'GET /api/file/:id/sheet': { access: 'project', status: 200 },
  'GET /api/file/:id/scene': {
    access: 'project',
    status: 200,
    prepare: async ({ scene }) => ({ ids: { file: scene.drawing } }),
  },
  'POST /api/uploads': {
    access: 'project',
    status: 201,
    prepare: async ({ make }) => ids({ version: await make.preparedVersion() }),
    raw: (_run, { version }) => ({ headers: tusCreation(version, fixture(UPLOAD_FIXTURE)) }),
  },
  'HEAD /api/uploads/:id': {
    access: 'project',
    status: 200,
    prepare: async ({ make }) => ids({ upload: await make.upload() }),
    raw: () => ({ headers: tus }),
  },
  'PATCH /api/uploads/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ upload: await make.upload() }),
    raw: () => ({
      payload: fixture(UPLOAD_FIXTURE),
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    }),
  },
  'DELETE /api/uploads/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ upload: await make.upload() }),
    raw: () => ({ headers: tus }),
  },

  // Plan sets and the project's naming key.
  'GET /api/project/:id/naming-key': { access: 'project', status: 200 },
  'PUT /api/project/:id/naming-key': {
    access: 'project',
    status: 200,
    body: () => ({ pattern: null, indexStyle: 'auto' }),
  },
  'POST /api/plan-sets/check': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({ folderId: scene.planFolder, files: [{ key: 'a', filename: 'A-1_Z.pdf', size: 10 }] }),
  },
  'POST /api/plan-sets': {
    access: 'project',
    status: 201,
    body: ({ scene, uniq }) => ({
      folderId: scene.planFolder,
      files: [{ key: 'a', filename: `PS-S${uniq}_A.pdf`, size: 10 }],
      requestKey: `sweep-set-${uniq}`,
      comment: 'Planset',
    }),
  },
  'GET /api/project/:id/plan-sets': { access: 'project', status: 200 },
  'POST /api/project/:id/title-block': {
    access: 'project',
    status: 200,
    raw: () => ({ payload: fixture(UPLOAD_FIXTURE), headers: { 'content-type': 'application/pdf' } }),
  },
  'GET /api/plan-set/:id': {
    access: 'project',
    status: 200,
    prepare: async ({ make }) => ids({ planSet: await make.planSet() }),
  },
  'POST /api/plan-set/:id/finish': {
    access: 'project',
    status: 200,
    prepare: async ({ make }) => ids({ planSet: await make.planSet() }),
    body: () => ({ allowMissing: true }),
  },
  'POST /api/plan-set/:id/release': {
    access: 'project',
    status: 200,
    prepare: async ({ make }) => ids({ planSet: await make.planSet() }),
  },

  // Participants, their folders, roles and subscriptions.
  'POST /api/participant': {
    access: 'project',
    status: 201,
    prepare: async ({ make }) => ids({ contact: await make.contact() }),
    body: ({ scene }, { contact }) => ({
      projectId: scene.project.id,
      contactId: contact,
      folderId: scene.participantFolder,
    }),
  },
  'PUT /api/participant/:id': { access: 'project', status: 200, body: ({ scene }) => ({ roleIds: [scene.role] }) },
  'DELETE /api/participant/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ participant: await make.participant() }),
  },
  'POST /api/participant/:id/links/renew': { access: 'project', status: 200 },
  'PUT /api/participants/order': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({ folderId: scene.participantFolder, participantIds: [scene.participant] }),
  },
  'POST /api/project/contacts/:id': { access: 'project', status: 200, body: () => ({}) },
  'POST /api/participant-folder': {
    access: 'project',
    status: 201,
    body: ({ scene, uniq }) => ({ projectId: scene.project.id, name: `Sweep ${uniq}` }),
  },
  'PUT /api/participant-folder/:id': { access: 'project', status: 200, body: () => ({ isCollapsed: false }) },
  'DELETE /api/participant-folder/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ participantFolder: await make.participantFolder() }),
  },
  'PUT /api/participant-folders/order': {
    access: 'project',
    status: 200,
    body: async (run) => ({
      projectId: run.scene.project.id,
      folderIds: await currentOrder(run, 'participant_folder', 'project_id', run.scene.project.id),
    }),
  },
  'GET /api/participant/:id/shipments': { access: 'project', status: 200 },
  'PUT /api/participant/:id/shipping-needs': {
    access: 'project',
    status: 200,
    body: () => ({
      needsAllFiles: false,
      needsPdf: true,
      needsDwg: false,
      needsDxf: false,
      needsSelfPlots: false,
      selfPlotsShipped: 0,
    }),
  },
  'POST /api/shipment': {
    access: 'project',
    status: 201,
    body: ({ scene }) => ({
      participantId: scene.participant,
      versionId: scene.planVersion,
      date: '2026-11-22',
      quantity: 1,
      courierService: 'Sweepkurier',
    }),
  },
  'PUT /api/shipment/:id': {
    access: 'project',
    status: 200,
    body: () => ({ date: '2026-11-20', quantity: 2, courierService: 'Geheimkurier', trackingId: 'GEHEIM-4711' }),
  },
  'DELETE /api/shipment/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ shipment: await make.shipment() }),
  },
  'GET /api/roles': { access: 'own', status: 200 },
  // The office's role list is every project's: owners and admins change it, members assign its roles.
  'POST /api/role': { access: 'managersOwn', status: 201, body: ({ uniq }) => ({ name: `Rolle ${uniq}` }) },
  'PUT /api/role/:id': { access: 'managers', status: 200, body: () => ({ name: 'Geheime Tragwerksplanung' }) },
  'DELETE /api/role/:id': {
    access: 'managers',
    status: 204,
    prepare: async ({ make }) => ids({ role: await make.role() }),
  },
  'PUT /api/subscription': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({ docId: scene.plan, participantId: scene.participant, getsPdf: true, getsTec: false }),
  },
  'PUT /api/subscriptions': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({
      items: [{ docId: scene.plan, participantId: scene.participant, getsPdf: true, getsTec: false }],
    }),
  },
  'PUT /api/standing-subscriptions': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({ items: [{ participantId: scene.participant, folderId: scene.planFolder, getsPdf: true }] }),
  },
  'DELETE /api/standing-subscription/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ standingSubscription: await make.standingSubscription() }),
  },
  'POST /api/project/:id/sub-ids': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({ participants: [{ _id: scene.participant, docs: [scene.plan] }] }),
  },

  // Contacts and their import.
  // Oldest first and a long page: the project's participants are on it (a member not on the project
  // must not learn of their participation).
  'GET /api/contacts': { access: 'own', status: 200, query: () => 'limit=50&sortBy=createdAt' },
  'POST /api/contact': {
    access: 'project',
    status: 201,
    body: ({ scene }) => ({
      lastName: 'Sweep',
      email: uniqueEmail('sweep-kontakt'),
      projectId: scene.project.id,
      folderId: scene.participantFolder,
    }),
  },
  // The contact of the project's participant: a member not on the project reads it but leaves it as it
  // is, and the refusal names no project.
  'PUT /api/contact/:id': {
    access: 'projectContact',
    forbiddenCode: 'contact.in_foreign_project',
    status: 200,
    prepare: async ({ scene }) => ids({ contact: scene.participantContact }),
    body: () => ({ phone: '0711 4711' }),
  },
  'DELETE /api/contact/:id': {
    access: 'projectContact',
    forbiddenCode: 'contact.in_foreign_project',
    status: 204,
    prepare: async ({ make }) => ids({ contact: await make.participantContact() }),
  },
  'POST /api/contact/validate/:id': {
    access: 'projectContact',
    forbiddenCode: 'contact.in_foreign_project',
    status: 200,
    prepare: async ({ scene }) => ids({ contact: scene.participantContact }),
  },
  'POST /api/companies/search': { access: 'own', status: 200, body: () => ({ searchText: 'Geheimbau' }) },
  'POST /api/contacts': {
    access: 'own',
    status: 202,
    raw: () =>
      multipart('kontakte.csv', Buffer.from(`Vorname,Nachname,E-Mail\nSweep,Import,${uniqueEmail('import')}\n`)),
  },
  'GET /api/contacts/import': { access: 'own', status: 200 },
  'PUT /api/contacts/import/reset': { access: 'own', status: 204 },
  // The scene's import has a contact that takes part in the project: the preview names why it stays.
  'GET /api/contacts/import/:id/undo-preview': { access: 'office', status: 200 },
  'DELETE /api/contacts/import/:id': {
    access: 'office',
    status: 200,
    prepare: async ({ make }) => ids({ contactImport: await make.contactImport() }),
  },

  // Templates.
  'GET /api/templates': { access: 'own', status: 200 },
  // Templates are the office's: owners and admins change them, everyone applies them.
  'POST /api/template': {
    access: 'managersOwn',
    status: 201,
    body: ({ uniq }) => ({ title: `Vorlage ${uniq}`, text: '' }),
  },
  'PUT /api/template/:id': { access: 'managers', status: 200, body: () => ({ text: 'Geheimer Text' }) },
  'DELETE /api/template/:id': {
    access: 'managers',
    status: 204,
    prepare: async ({ make }) => ids({ template: await make.template() }),
  },

  // Timeline, prints, archives.
  'POST /api/timeline': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({ project: scene.project.id, eventType: 'DOC' }),
  },
  'POST /api/print': {
    access: 'project',
    status: 201,
    body: ({ scene }) => ({ type: 'PLANLIST', projectId: scene.project.id }),
  },
  'GET /api/print/:id': { access: 'project', status: 200 },
  'DELETE /api/print/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ print: await make.print() }),
  },
  'POST /api/print/:id/download-link': { access: 'project', status: 200 },
  'POST /api/archive': {
    access: 'project',
    status: 202,
    body: ({ scene }) => ({ projectId: scene.project.id, pdfOnly: false }),
  },
  'GET /api/project/:id/archives': { access: 'project', status: 200 },
  'DELETE /api/archive/:id': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ archive: await make.archive() }),
  },
  'POST /api/archive/:id/download-link': { access: 'project', status: 200 },

  // Deliveries.
  'POST /api/delivery/participants': {
    access: 'project',
    status: 202,
    body: ({ scene }) =>
      // every person sends the same files to the same participant: meant again, not a double click
      deliveryBody(scene.project.id, [{ participant: { _id: scene.participant }, subs: [scene.subscription] }], {
        sendAgain: true,
      }),
  },
  'GET /api/delivery/:id': { access: 'project', status: 200 },
  'GET /api/project/:id/running-delivery': { access: 'project', status: 200 },
  'POST /api/delivery/preview': {
    access: 'project',
    status: 200,
    body: ({ scene }) => ({
      projectId: scene.project.id,
      participantId: scene.participant,
      subIds: [scene.subscription],
      forceSending: true,
      subject: 'Vorschau',
    }),
  },
  'POST /api/delivery/stop': { access: 'project', status: 200, body: ({ scene }) => ({ projectId: scene.project.id }) },
  'POST /api/delivery/recipient/:id/revoke': {
    access: 'project',
    status: 204,
    prepare: async ({ make }) => ids({ recipient: await make.recipient() }),
  },
};
