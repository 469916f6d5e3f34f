import type { FastifyInstance } from 'fastify';
import type { SubscriptionResponse } from '@plankurier/shared';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/index.ts';
import { startServer } from '../src/server.ts';
import type { Storage } from '../src/storage/storage.ts';
import { api, signUpOffice } from './api.ts';
import type { SmtpSink } from './smtp-sink.ts';
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

/**
 * For tests that run the server as a child process: an office (tier P2) of `company` with an audience
 * of `count`, made through an in-process server on the child's database and data directory (`env`),
 * stopped again before the child starts. With `storedFile` the plan is a real file in storage.
 */
export async function createDeliverySceneFor(
  env: Record<string, string>,
  smtp: SmtpSink,
  scene: { company: string; count: number; storedFile?: boolean },
): Promise<{ token: string; audience: Audience }> {
  const setup = await startServer(loadConfig(env, { webDist: undefined }), { listen: false });
  try {
    const office = await signUpOffice(setup.app, smtp, { company: scene.company });
    await setup.deps.db.updateTable('office').set({ tier: 'P2' }).where('id', '=', office.user.officeId!).execute();
    const audience = await createDeliveryAudience(
      setup.app,
      setup.deps.db,
      office.token,
      scene.count,
      scene.storedFile ? { storage: setup.deps.storage } : {},
    );
    return { token: office.token, audience };
  } finally {
    await setup.stop();
  }
}
