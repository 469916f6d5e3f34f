import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { DeliveryDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { captureRealtime } from '../../../test/realtime-capture.ts';
import { api } from '../../../test/api.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { createDeliveryAudience, deliveryBodyFor } from '../../../test/delivery-audience.ts';
import { deliveryFinished } from '../../../test/seed.ts';
import { until } from '../../../test/until.ts';
import { deliverToRecipient, SENDER_BATCH } from '../../jobs/delivery-mail-worker.ts';
import { QUEUES } from '../../jobs/boss.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

async function deliverTo(count: number, beforeSending?: (officeId: string) => void) {
  const office = await createTestOffice(server, 'P2');
  const audience = await createDeliveryAudience(server.app, server.deps.db, office.token, count);
  beforeSending?.(office.id);
  const res = await http.post('/api/delivery/participants', deliveryBodyFor(audience), office.token);
  expect(res.statusCode).toBe(202);
  return { office, audience, delivery: res.json<DeliveryDto>() };
}

const sentEventsOf = async (recipientId: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from timeline_event
        where kind = 'delivery.sent' and data->>'recipientId' = ${recipientId}`.execute(server.deps.db)
    ).rows[0]!.n,
  );

test('the POST answers the rows it wrote: the delivery DELIVERING, every recipient PREPARING', async () => {
  const { audience, delivery } = await deliverTo(3);
  expect(delivery.status).toBe('DELIVERING');
  expect(delivery.recipients.map((r) => r.participant).sort()).toEqual(audience.participants.map((p) => p._id).sort());
  expect(delivery.recipients.every((r) => r.status === 'PREPARING' && r.sentAt === null && r.error === null)).toBe(
    true,
  );
  expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
});

test('a process that died between recording the mail and the finish check: the retry ends the delivery, sends and records nothing twice', async () => {
  const { audience, delivery } = await deliverTo(1);
  expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
  const row = await server.deps.db
    .selectFrom('delivery_recipient')
    .select(['id', 'status', 'sent_at'])
    .where('delivery_id', '=', delivery._id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('SUCCESS');
  expect(await sentEventsOf(row.id)).toBe(1);
  // The state the dead process left: the recipient recorded, the delivery still running.
  await server.deps.db
    .updateTable('delivery')
    .set({ status: 'DELIVERING', finished_at: null })
    .where('id', '=', delivery._id)
    .execute();
  const email = audience.participants[0]!.email;
  const mailsBefore = server.smtp.messages.filter((m) => m.envelopeTo.includes(email)).length;

  await deliverToRecipient(server.deps, { recipientId: row.id });

  const after = await server.deps.db
    .selectFrom('delivery')
    .select(['status', 'finished_at'])
    .where('id', '=', delivery._id)
    .executeTakeFirstOrThrow();
  expect(after.status).toBe('DONE');
  expect(after.finished_at).not.toBeNull();
  expect(server.smtp.messages.filter((m) => m.envelopeTo.includes(email))).toHaveLength(mailsBefore);
  expect(await sentEventsOf(row.id)).toBe(1);
});

test('many recipients recorded by parallel senders: the delivery ends DONE with every mail in the timeline once', async () => {
  const { delivery } = await deliverTo(12);
  expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
  const rows = await server.deps.db
    .selectFrom('delivery_recipient')
    .select(['id', 'status'])
    .where('delivery_id', '=', delivery._id)
    .execute();
  expect(rows.every((r) => r.status === 'SUCCESS')).toBe(true);
  for (const r of rows) expect(await sentEventsOf(r.id)).toBe(1);
});

test('the office hears of the delivery change after its last mail was recorded', async () => {
  let capture: ReturnType<typeof captureRealtime> | undefined;
  const { office, delivery } = await deliverTo(3, (officeId) => {
    capture = captureRealtime(server.deps.realtime, officeId);
  });
  try {
    expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
    const { finished_at } = await server.deps.db
      .selectFrom('delivery')
      .select('finished_at')
      .where('id', '=', delivery._id)
      .executeTakeFirstOrThrow();
    // Changes are announced at most once per interval, but the last one always: after the finish.
    await until(async () =>
      capture!.heard.some(
        (h) =>
          h.officeId === office.id &&
          (h.payload as { id?: string }).id === delivery._id &&
          h.at >= finished_at!.getTime(),
      ),
    );
  } finally {
    capture?.restore();
  }
});

test('a batch with one transient SMTP failure: only that job retries, the others are recorded and completed', async () => {
  const office = await createTestOffice(server, 'P2');
  const audience = await createDeliveryAudience(server.app, server.deps.db, office.token, SENDER_BATCH);
  const target = audience.participants[0]!;
  server.smtp.rejectRecipient = (address) =>
    address === target.email ? { code: 451, message: 'Try again later' } : undefined;
  try {
    const res = await http.post('/api/delivery/participants', deliveryBodyFor(audience), office.token);
    expect(res.statusCode).toBe(202);
    const deliveryId = res.json<DeliveryDto>()._id;
    const rows = () =>
      server.deps.db
        .selectFrom('delivery_recipient')
        .select(['id', 'participant_id', 'status'])
        .where('delivery_id', '=', deliveryId)
        .execute();
    const jobStates = async () =>
      new Map(
        (
          await sql<{ id: string; state: string }>`select id, state from pgboss.job
            where name = ${QUEUES.deliveryMail} and id = any(${(await rows()).map((r) => r.id)}::uuid[])`.execute(
            server.deps.db,
          )
        ).rows.map((j) => [j.id, j.state]),
      );
    await until(async () => {
      const states = await jobStates();
      return [...states.values()].filter((s) => s === 'completed').length === SENDER_BATCH - 1;
    });
    const states = await jobStates();
    for (const row of await rows()) {
      if (row.participant_id === target._id) {
        expect(row.status).toBe('PREPARING');
        expect(states.get(row.id)).toBe('retry');
      } else {
        expect(row.status).toBe('SUCCESS');
        expect(states.get(row.id)).toBe('completed');
      }
    }
  } finally {
    server.smtp.rejectRecipient = undefined;
  }
});
