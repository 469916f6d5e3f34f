import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
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
import { sleep, until } from '../../test/until.ts';
import { DELIVERY_CHANGE_INTERVAL_MS } from './delivery-mail-worker.ts';

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

test("the timeline's e-mail events carry their link's revoked state, so a reload still shows it", async () => {
  const { office, project, receivers } = await scene();
  const delivery = (await deliver(office.token, project._id, receivers)).json<DeliveryDto>();
  const emailEvents = async () =>
    (
      await http.post('/api/timeline', { project: project._id, eventType: 'EMAIL' }, office.token)
    ).json<TimelineResponse>().events;
  const before = await until(async () => {
    const events = await emailEvents();
    return events.length === 2 && events;
  });
  const rows = await server.deps.db
    .selectFrom('delivery_recipient')
    .select(['id', 'participant_id'])
    .where('delivery_id', '=', delivery._id)
    .execute();
  const rowOf = (participantId: string) => rows.find((r) => r.participant_id === participantId)!.id;
  for (const event of before) {
    expect(event.link).toEqual({ recipientId: rowOf(event.data.participantId as string), revokedAt: null });
  }

  // Revoking Erna's link: her sessions hear of the change, her mail's event reads revoked with the time.
  const changes: unknown[] = [];
  const socket = io(server.baseUrl, { transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  socket.on('updateData', (payload: unknown) => changes.push(payload));
  await new Promise<void>((resolve) => {
    socket.once('authenticated', () => resolve());
    socket.emit('authenticate', office.token);
  });
  // The senders' own announcement of the finished delivery is over before the revoke starts.
  await sleep(DELIVERY_CHANGE_INTERVAL_MS * 2);
  changes.length = 0;
  const erna = rowOf(receivers[0]!.participant._id);
  expect((await http.post(`/api/delivery/recipient/${erna}/revoke`, {}, office.token)).statusCode).toBe(204);
  await until(async () => changes.length > 0);
  expect(changes[0]).toMatchObject({ projectId: project._id, entity: 'delivery', id: delivery._id });

  const { revoked_at } = await server.deps.db
    .selectFrom('delivery_recipient')
    .select('revoked_at')
    .where('id', '=', erna)
    .executeTakeFirstOrThrow();
  const after = await emailEvents();
  const byRecipient = new Map(after.map((e) => [e.link?.recipientId, e.link]));
  expect(byRecipient.get(erna)).toEqual({ recipientId: erna, revokedAt: revoked_at!.toISOString() });
  const otto = rowOf(receivers[1]!.participant._id);
  expect(byRecipient.get(otto)).toEqual({ recipientId: otto, revokedAt: null });

  // Revoking again keeps the first time; DOC events carry no link.
  expect((await http.post(`/api/delivery/recipient/${erna}/revoke`, {}, office.token)).statusCode).toBe(204);
  const again = (await emailEvents()).find((e) => e.link?.recipientId === erna)!;
  expect(again.link!.revokedAt).toBe(revoked_at!.toISOString());
  const docEvents = (
    await http.post('/api/timeline', { project: project._id, eventType: 'DOC' }, office.token)
  ).json<TimelineResponse>().events;
  expect(docEvents.length).toBeGreaterThan(0);
  expect(docEvents.every((e) => e.link === null)).toBe(true);
});

test("an e-mail event whose recipient id is not a row of this project's deliveries has no link", async () => {
  const { office, project, receivers } = await scene();
  const mine = (await deliver(office.token, project._id, receivers.slice(0, 1))).json<DeliveryDto>();
  const other = await scene();
  const theirs = (
    await deliver(other.office.token, other.project._id, other.receivers.slice(0, 1))
  ).json<DeliveryDto>();
  const [event] = await until(async () => {
    const events = (
      await http.post('/api/timeline', { project: project._id, eventType: 'EMAIL' }, office.token)
    ).json<TimelineResponse>().events;
    return events.length === 1 && events;
  });
  const theirRow = await until(async () => {
    const row = await server.deps.db
      .selectFrom('delivery_recipient')
      .select('id')
      .where('delivery_id', '=', theirs._id)
      .where('status', '=', 'SUCCESS')
      .executeTakeFirst();
    return row;
  });
  expect(mine._id).not.toBe(theirs._id);
  // Pointed at another office's row, or at no uuid at all: no link (and no failure of the page).
  for (const recipientId of [theirRow.id, 'kein-uuid', 42]) {
    await server.deps.db
      .updateTable('timeline_event')
      .set({ data: sql`jsonb_set(data, '{recipientId}', ${JSON.stringify(recipientId)}::jsonb)` })
      .where('id', '=', event!._id)
      .execute();
    const res = await http.post('/api/timeline', { project: project._id, eventType: 'EMAIL' }, office.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<TimelineResponse>().events[0]!.link).toBeNull();
  }
});
