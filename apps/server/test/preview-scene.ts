import { expect } from 'vitest';
import type { FileDto } from '@plankurier/shared';
import { api, signUpOffice } from './api.ts';
import { createTestDoc, createTestOffice, createTestParticipant, createTestProject, folderOf } from './factories.ts';
import { deliveryFinished, linkTokenInMail, releaseStoredVersion, startDelivery, subscribeTo } from './seed.ts';
import type { TestServer } from './test-server.ts';
import { tusClient, uploadAll } from './tus-client.ts';
import { createVersionRow, sha256Hex } from './upload-fixtures.ts';

/** An office that uploads through tus as the web does: the file's id, and its wire shape as the office reads it. */
export async function uploadingOffice(server: TestServer) {
  const signedUp = await signUpOffice(server.app, server.smtp);
  const office = { id: signedUp.user.officeId!, token: signedUp.token };
  const tus = tusClient(server.baseUrl, office.token);
  return {
    office,
    async upload(data: Buffer, filename: string): Promise<string> {
      const { versionId } = await createVersionRow(server.deps.db, office.id);
      const { last } = await uploadAll(tus, data, { versionId, filename, kind: 'main', sha256: sha256Hex(data) });
      expect(last.status, last.body).toBe(204);
      return last.headers.get('upload-file-id')!;
    },
    fileDto: async (fileId: string) => (await api(server.app).get(`/api/file/${fileId}`, office.token)).json<FileDto>(),
  };
}

/** A plan released by a new office with files of `kinds`, sent to one participant: its files and the recipient's link. */
export async function sentPlan(
  server: TestServer,
  plan: { number: string; name: string; kinds: ('pdf' | 'dwg' | 'dxf')[] },
  formats: { getsPdf: boolean; getsTec: boolean },
) {
  const sender = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, sender.token);
  const doc = await createTestDoc(server.app, sender.token, folderOf(bundle)._id, {
    number: plan.number,
    name: plan.name,
  });
  const version = await releaseStoredVersion(server, sender.token, doc._id, { kinds: plan.kinds });
  const files = await server.deps.db.selectFrom('file').selectAll().where('version_id', '=', version._id).execute();
  const participant = await createTestParticipant(server.app, sender.token, bundle);
  const sub = await subscribeTo(server, sender.token, doc._id, participant._id, formats);
  const delivery = await startDelivery(server, sender.token, project._id, [{ participant, subs: [sub._id] }]);
  await deliveryFinished(server, delivery._id);
  const recipient = await server.deps.db
    .selectFrom('delivery_recipient')
    .selectAll()
    .where('delivery_id', '=', delivery._id)
    .executeTakeFirstOrThrow();
  return { sender, files, recipient, token: linkTokenInMail(server, recipient.message_id) };
}
