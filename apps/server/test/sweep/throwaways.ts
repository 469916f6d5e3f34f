import type { ArchiveDto, PrintDto, ProjectDto, ShipmentDto, StandingSubscriptionsResponse } from '@plankurier/shared';
import { api, uniqueEmail } from '../api.ts';
import {
  createTestContact,
  createTestDoc,
  createTestParticipant,
  createTestRole,
  expectStatus,
  insertTestFile,
  openTestProject,
  prepareTestVersion,
} from '../factories.ts';
import { deliveryFinished, startDelivery } from '../seed.ts';
import { addTestMember, addToProject, inviteByMail } from '../team.ts';
import { encodeMetadata } from '../tus-client.ts';
import { fixture, sha256Hex } from '../upload-fixtures.ts';
import { finishedImport, type Scene } from './scene.ts';

/**
 * Objects a destructive or one-time route uses up, made by the owner of office A inside the sweep's
 * project (so that the member on the project sees them too), one set per call.
 */
export function throwaways(scene: Scene) {
  const { server } = scene;
  const owner = scene.people.owner.token;
  const http = api(server.app);
  let n = 0;
  const made = async <T>(res: Promise<{ statusCode: number; body: string; json: <J>() => J }>, status: number) => {
    const answer = await res;
    expectStatus(answer, status, 'a throwaway object');
    return answer.json<T>();
  };

  const doc = async () =>
    (await createTestDoc(server.app, owner, scene.planFolder, { number: `W-${++n}`, name: 'Wegwerfplan' }))._id;
  const preparedVersion = async () => (await prepareTestVersion(server.app, owner, await doc()))._id;
  /** A version in preparation holding a PDF (a file row; its contents are not read). */
  const versionWithFile = async () => {
    const docId = await doc();
    const version = await prepareTestVersion(server.app, owner, docId);
    const file = await insertTestFile(server.deps.db, version);
    return { version: version._id, file: file.id };
  };

  return {
    doc,
    preparedVersion,
    versionWithFile,
    phase: async () =>
      (
        await made<{ _id: string }>(
          http.post('/api/phase', { projectId: scene.project.id, shortcut: `W${++n}`, name: 'Wegwerfphase' }, owner),
          201,
        )
      )._id,
    folder: async () =>
      (
        await made<{ _id: string }>(
          http.post('/api/folder', { phaseId: scene.phase, name: `Wegwerfordner ${++n}`, category: 'plans' }, owner),
          201,
        )
      )._id,
    participantFolder: async () =>
      (
        await made<{ _id: string }>(
          http.post('/api/participant-folder', { projectId: scene.project.id, name: `Wegwerfgruppe ${++n}` }, owner),
          201,
        )
      )._id,
    contact: async () => (await createTestContact(server.app, owner, { lastName: 'Wegwerfkontakt' }))._id,
    participant: async () => {
      const bundle = await openTestProject(server.app, owner, scene.project.id);
      return (await createTestParticipant(server.app, owner, bundle, { contact: { lastName: 'Wegwerf' } }))._id;
    },
    /** The contact of a new participant of the project. */
    participantContact: async () => {
      const bundle = await openTestProject(server.app, owner, scene.project.id);
      return (await createTestParticipant(server.app, owner, bundle, { contact: { lastName: 'Wegwerf' } })).contact;
    },
    role: async () => (await createTestRole(server.app, owner, `Wegwerfrolle ${++n}`))._id,
    /** A standing subscription of the scene's participant for a new folder of its own. */
    standingSubscription: async () => {
      const folderId = (
        await made<{ _id: string }>(
          http.post('/api/folder', { phaseId: scene.phase, name: `Wegwerfordner ${++n}`, category: 'plans' }, owner),
          201,
        )
      )._id;
      const { rules } = await made<StandingSubscriptionsResponse>(
        http.put(
          '/api/standing-subscriptions',
          { items: [{ participantId: scene.participant, folderId, getsPdf: true }] },
          owner,
        ),
        200,
      );
      return rules[0]!._id;
    },
    template: async () =>
      (await made<{ _id: string }>(http.post('/api/template', { title: `Wegwerfvorlage ${++n}` }, owner), 201))._id,
    print: async () =>
      (await made<PrintDto>(http.post('/api/print', { type: 'PLANLIST', projectId: scene.project.id }, owner), 201))
        ._id,
    archive: async () =>
      (await made<ArchiveDto>(http.post('/api/archive', { projectId: scene.project.id, pdfOnly: true }, owner), 202))
        ._id,
    shipment: async () =>
      (
        await made<ShipmentDto>(
          http.post(
            '/api/shipment',
            {
              participantId: scene.participant,
              versionId: scene.planVersion,
              date: '2026-11-21',
              quantity: 1,
              courierService: 'Wegwerfkurier',
            },
            owner,
          ),
          201,
        )
      )._id,
    /** A recipient of a delivery that went out. */
    recipient: async () => {
      const delivery = await startDelivery(
        server,
        owner,
        scene.project.id,
        [{ participant: { _id: scene.participant }, subs: [scene.subscription] }],
        { sendAgain: true },
      );
      await deliveryFinished(server, delivery._id);
      const row = await server.deps.db
        .selectFrom('delivery_recipient')
        .select('id')
        .where('delivery_id', '=', delivery._id)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    contactImport: () => finishedImport(server, owner),
    /** A project the member works in (so that only their role keeps them from deleting it). */
    projectWithMember: async () => {
      const project = await made<ProjectDto>(
        http.post('/api/project', { number: `W-P-${++n}`, name: 'Wegwerf' }, owner),
        201,
      );
      await addToProject(server, owner, project._id, scene.people.member.userId);
      return project._id;
    },
    member: () => addTestMember(server, owner, 'member', { firstName: 'Willi', lastName: 'Wegwerf' }),
    invitation: async () => {
      const email = uniqueEmail('wegwerf');
      await inviteByMail(server, owner, email);
      const row = await server.deps.db
        .selectFrom('invitation')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A tus upload into a new version, created by the owner and not yet sent. */
    upload: async () => {
      const versionId = await preparedVersion();
      const data = fixture(UPLOAD_FIXTURE);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { authorization: `Bearer ${owner}`, ...tusCreation(versionId, data) },
      });
      expectStatus(res, 201, 'a throwaway upload');
      return res.headers.location!.split('/').pop()!;
    },
    /** A plan set with one new plan, its file not uploaded. */
    planSet: async () =>
      (
        await made<{ planSet: { _id: string } }>(
          http.post(
            '/api/plan-sets',
            {
              folderId: scene.planFolder,
              files: [{ key: 'a', filename: `PS-${++n}_A.pdf`, size: 1000 }],
              requestKey: `throwaway-set-${n}-${Date.now()}`,
              comment: 'Planset',
            },
            owner,
          ),
          201,
        )
      ).planSet._id,
  };
}

export type Throwaways = ReturnType<typeof throwaways>;

export const UPLOAD_FIXTURE = 'hello_world_rotated.pdf';

/** The headers of a tus creation request for the whole file. */
export const tusCreation = (versionId: string, data: Buffer) => ({
  'tus-resumable': '1.0.0',
  'upload-length': String(data.length),
  'upload-metadata': encodeMetadata({ versionId, filename: 'plan.pdf', kind: 'main', sha256: sha256Hex(data) }),
});
