import type { DeliveryDto, FileKind, SubscriptionDto, SubscriptionResponse, VersionDto } from '@plankurier/shared';
import { api } from './api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  expectStatus,
  folderOf,
  insertTestFile,
  prepareTestVersion,
  releaseTestVersion,
} from './factories.ts';
import type { TestServer } from './test-server.ts';
import { until } from './until.ts';
import { insertStoredFixture } from './upload-fixtures.ts';

/** The real plan files a released version holds when a test reads, stamps or mails their contents. */
export const STORED_FIXTURES = { pdf: 'hello_world_rotated.pdf', dwg: 'sample_2000.dwg', dxf: 'arc1.dxf' } as const;
type StoredKind = keyof typeof STORED_FIXTURES;

/** Version `index` of the doc with real stored files of these kinds (all three by default), released. */
export async function releaseStoredVersion(
  server: TestServer,
  token: string,
  docId: string,
  { index = 'A', kinds = ['pdf', 'dwg', 'dxf'] }: { index?: string; kinds?: StoredKind[] } = {},
): Promise<VersionDto> {
  const version = await prepareTestVersion(server.app, token, docId, index);
  for (const kind of kinds) await insertStoredFixture(server.deps, version, kind, STORED_FIXTURES[kind]);
  await releaseTestVersion(server.app, token, version._id);
  return version;
}

/** Version `index` of the doc with file rows only (no stored contents), released: enough for states and lists. */
export async function releaseVersionWithRows(
  server: TestServer,
  token: string,
  docId: string,
  { index = 'A', kinds = ['pdf'] }: { index?: string; kinds?: FileKind[] } = {},
): Promise<VersionDto> {
  const version = await prepareTestVersion(server.app, token, docId, index);
  for (const kind of kinds) await insertTestFile(server.deps.db, version, kind);
  await releaseTestVersion(server.app, token, version._id);
  return version;
}

/** A subscription of the participant to the doc (PDF only unless said otherwise) that must succeed. */
export async function subscribeTo(
  server: TestServer,
  token: string,
  docId: string,
  participantId: string,
  formats: { getsPdf: boolean; getsTec: boolean } = { getsPdf: true, getsTec: false },
): Promise<SubscriptionDto> {
  const res = await api(server.app).put('/api/subscription', { docId, participantId, ...formats }, token);
  expectStatus(res, 200, 'subscription');
  return res.json<SubscriptionResponse>().sub!;
}

export interface DeliveryPeople {
  participant: { _id: string };
  subs: string[];
}

/** The body of POST /api/delivery/participants as deliver mode sends it; `extra` overrides any field. */
export const deliveryBody = (projectId: string, people: DeliveryPeople[], extra: Record<string, unknown> = {}) => ({
  projectId,
  participants: people.map((p) => ({ _id: p.participant._id, subs: p.subs })),
  includeSubscriberlistForDocs: [],
  sendToBcc: false,
  forceSending: true,
  userMessage: '',
  subject: 'Projekt: P | Haus Müller',
  ...extra,
});

/** A delivery that must be accepted (202); it runs in the job queue afterwards. */
export async function startDelivery(
  server: TestServer,
  token: string,
  projectId: string,
  people: DeliveryPeople[],
  extra: Record<string, unknown> = {},
): Promise<DeliveryDto> {
  const res = await api(server.app).post('/api/delivery/participants', deliveryBody(projectId, people, extra), token);
  expectStatus(res, 202, 'delivery');
  return res.json<DeliveryDto>();
}

/** A new office (P2) with one released plan (a stored PDF) and `count` participants subscribed to it. */
export async function planWithReceivers(server: TestServer, count: number) {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token);
  const plan = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-101' });
  await releaseStoredVersion(server, office.token, plan._id, { kinds: ['pdf'] });
  const people: DeliveryPeople[] = [];
  for (let i = 0; i < count; i++) {
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { lastName: `Empfänger ${i}` },
    });
    people.push({ participant, subs: [(await subscribeTo(server, office.token, plan._id, participant._id))._id] });
  }
  return { office, project, people };
}

/** Waits until the delivery job has handled every recipient and returns the delivery's final status. */
export const deliveryFinished = (server: TestServer, deliveryId: string) =>
  until(async () => {
    const { status } = await server.deps.db
      .selectFrom('delivery')
      .select('status')
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    return status !== 'DELIVERING' && status;
  });

/** The recipient's personal link token, read from the delivered mail as the recipient would follow it. */
export function linkTokenInMail(server: TestServer, messageId: string | null): string {
  const mail = server.smtp.messages.find((m) => m.parsed.messageId === messageId);
  const token = mail && /http:\/\/plankurier\.test\/d\/([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')?.[1];
  if (!token) throw new Error(`no mail with a personal link for ${messageId}`);
  return token;
}
