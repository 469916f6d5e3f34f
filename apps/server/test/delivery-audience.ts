import type { FastifyInstance } from 'fastify';
import type { SubscriptionResponse } from '@plankurier/shared';
import type { Db } from '../src/db/index.ts';
import type { Storage } from '../src/storage/storage.ts';
import { api } from './api.ts';
import { insertStoredFixture } from './upload-fixtures.ts';
import {
  createTestDoc,
  createTestParticipant,
  createTestProject,
  folderOf,
  insertTestFile,
  openTestProject,
  prepareTestVersion,
  releaseTestVersion,
} from './factories.ts';

export interface Audience {
  projectId: string;
  participants: { _id: string; email: string; subs: string[] }[];
}

/**
 * A project of the office with one released plan (a PDF) and `count` participants who each get
 * that plan as PDF: the smallest scene in which a delivery sends `count` mails. With `storage` the
 * PDF is a real file in it, so recipients can download it; else only its row.
 */
export async function createDeliveryAudience(
  app: FastifyInstance,
  db: Db,
  token: string,
  count: number,
  options: { storage?: Storage } = {},
): Promise<Audience> {
  const { project, bundle } = await createTestProject(app, token);
  const plan = await createTestDoc(app, token, folderOf(bundle)._id, { number: 'A-101', name: 'Grundriss EG' });
  const version = await prepareTestVersion(app, token, plan._id);
  if (options.storage)
    await insertStoredFixture({ db, storage: options.storage }, version, 'pdf', 'hello_world_rotated.pdf');
  else await insertTestFile(db, version, 'pdf');
  await releaseTestVersion(app, token, version._id);
  const opened = await openTestProject(app, token, project._id);
  const participants: Audience['participants'] = [];
  for (let i = 0; i < count; i++) {
    const participant = await createTestParticipant(app, token, opened, {
      contact: { firstName: 'Empfänger', lastName: `Nr. ${i + 1}` },
    });
    const res = await api(app).put(
      '/api/subscription',
      { docId: plan._id, participantId: participant._id, getsPdf: true, getsTec: false },
      token,
    );
    if (res.statusCode !== 200) throw new Error(`subscription failed with ${res.statusCode}: ${res.body}`);
    participants.push({
      _id: participant._id,
      email: participant.email,
      subs: [res.json<SubscriptionResponse>().sub!._id],
    });
  }
  return { projectId: project._id, participants };
}

/** The body of POST /api/delivery/participants sending the audience its plan. */
export const deliveryBodyFor = (audience: Audience) => ({
  projectId: audience.projectId,
  participants: audience.participants.map((p) => ({ _id: p._id, subs: p.subs })),
  includeSubscriberlistForDocs: [],
  sendToBcc: false,
  forceSending: true,
  userMessage: '',
  subject: 'Projekt: P | Haus Müller',
});
