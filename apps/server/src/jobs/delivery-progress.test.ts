import { afterAll, beforeAll, expect, test } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  DELIVERY_PROGRESS_EVENT,
  type DeliveryDto,
  type DeliveryProgressEvent,
  type TimelineResponse,
} from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { api } from '../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
} from '../../test/factories.ts';
import { deliveryBody, releaseStoredVersion, subscribeTo } from '../../test/seed.ts';
import { until } from '../../test/until.ts';

let server: TestServer;
let http: ReturnType<typeof api>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server.stop();
});

/** A socket of the office's session that collects every delivery progress event. */
async function listen(token: string) {
  const socket = io(server.baseUrl, { transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const heard: DeliveryProgressEvent[] = [];
  socket.on(DELIVERY_PROGRESS_EVENT, (event: DeliveryProgressEvent) => heard.push(event));
  await new Promise<void>((resolve) => {
    socket.once('authenticated', () => resolve());
    socket.emit('authenticate', token);
  });
  return heard;
}

/** An office with one released plan (a real PDF) subscribed by two participants. */
async function scene() {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token);
  const plan = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-101' });
  await releaseStoredVersion(server, office.token, plan._id, { index: 'C', kinds: ['pdf'] });
  const receivers = [];
  for (const name of ['Erna', 'Otto']) {
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: name, lastName: 'Empfänger' },
    });
    receivers.push({ participant, sub: await subscribeTo(server, office.token, plan._id, participant._id) });
  }
  return { office, project, receivers };
}

const deliver = (token: string, projectId: string, receivers: Awaited<ReturnType<typeof scene>>['receivers']) =>
  http.post(
    '/api/delivery/participants',
    deliveryBody(
      projectId,
      receivers.map((r) => ({ participant: r.participant, subs: [r.sub._id] })),
      { subject: 'Projekt: Haus' },
    ),
    token,
  );

test('the office hears live of every receiver that was sent, and only of its own deliveries', async () => {
  const { office, project, receivers } = await scene();
  const other = await createTestOffice(server, 'P2');
  const heard = await listen(office.token);
  const heardByOther = await listen(other.token);

  const res = await deliver(office.token, project._id, receivers);
  expect(res.statusCode).toBe(202);
  const delivery = res.json<DeliveryDto>();
  await until(async () => heard.length === 2);

  expect(heard.map((e) => [e.projectId, e.deliveryId]).every(([p, d]) => p === project._id && d === delivery._id)).toBe(
    true,
  );
  expect(heard.map((e) => e.recipient.participant).sort()).toEqual(receivers.map((r) => r.participant._id).sort());
  for (const event of heard) {
    expect(event.recipient.status).toBe('SUCCESS');
    expect(event.recipient.error).toBeNull();
    expect(Number.isNaN(Date.parse(event.recipient.sentAt ?? ''))).toBe(false);
  }
  expect(heardByOther).toEqual([]);
});

test('an e-mail event names its recipient row, whose link the office can revoke from the timeline', async () => {
  const { office, project, receivers } = await scene();
  const res = await deliver(office.token, project._id, receivers.slice(0, 1));
  const delivery = res.json<DeliveryDto>();
  const events = await until(async () => {
    const page = await http.post('/api/timeline', { project: project._id, eventType: 'EMAIL' }, office.token);
    const body = page.json<TimelineResponse>();
    return body.events.length === 1 && body.events;
  });
  const recipientId = events[0]!.data.recipientId as string;
  const row = await server.deps.db
    .selectFrom('delivery_recipient')
    .select(['id', 'participant_id', 'revoked_at'])
    .where('delivery_id', '=', delivery._id)
    .executeTakeFirstOrThrow();
  expect(recipientId).toBe(row.id);
  expect(row.participant_id).toBe(receivers[0]!.participant._id);

  const stranger = await createTestOffice(server, 'P2');
  expect((await http.post(`/api/delivery/recipient/${recipientId}/revoke`, {}, stranger.token)).statusCode).toBe(404);
  expect((await http.post(`/api/delivery/recipient/${recipientId}/revoke`, {}, office.token)).statusCode).toBe(204);
  const revoked = await server.deps.db
    .selectFrom('delivery_recipient')
    .select('revoked_at')
    .where('id', '=', recipientId)
    .executeTakeFirstOrThrow();
  expect(revoked.revoked_at).not.toBeNull();
});
