/**
 * Fair order between offices (issue 35, item 7): each office's n-th waiting mail ranks beside every
 * other office's n-th, also when an office's mails come from two deliveries. The queue is read the
 * way the senders take it (pg-boss' fetch, one job at a time) from a server that runs no senders,
 * so nothing is taken before the test looks.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestOffice } from '../../../test/factories.ts';
import { api } from '../../../test/api.ts';
import { createDeliveryAudience, deliveryBodyFor, type Audience } from '../../../test/delivery-audience.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { DeliveryMailJob } from '../../jobs/delivery-mail-worker.ts';

let queueOnly: TestServer;
let large: { token: string; audience: Audience };
let small: { token: string; audience: Audience };

beforeAll(async () => {
  // The offices are made on a server with workers (sign-up mails go out), then a second server on
  // the same database without senders takes the deliveries.
  const setup = await startTestServer();
  try {
    const a = await createTestOffice(setup, 'P2');
    const b = await createTestOffice(setup, 'P2');
    large = { token: a.token, audience: await createDeliveryAudience(setup.app, setup.deps.db, a.token, 3) };
    small = { token: b.token, audience: await createDeliveryAudience(setup.app, setup.deps.db, b.token, 1) };
  } finally {
    await setup.stop();
  }
  queueOnly = await startTestServer({ databaseUrl: setup.databaseUrl }, { workers: false });
});
afterAll(() => queueOnly.stop());

const deliver = async (token: string, audience: Audience) => {
  const res = await api(queueOnly.app).post('/api/delivery/participants', deliveryBodyFor(audience), token);
  expect(res.statusCode).toBe(202);
};

/** The participant each waiting mail goes to, in the order the senders would take them. */
async function sendingOrder(): Promise<string[]> {
  const rows = await queueOnly.deps.db.selectFrom('delivery_recipient').select(['id', 'participant_id']).execute();
  const participantOf = new Map(rows.map((r) => [r.id, r.participant_id]));
  const order: string[] = [];
  for (;;) {
    const [job] = await queueOnly.deps.jobs.boss.fetch<DeliveryMailJob>(QUEUES.deliveryMail, { batchSize: 1 });
    if (!job) return order;
    order.push(participantOf.get(job.data.recipientId)!);
  }
}

test("an office's second delivery queues behind its first; another office's mail takes its turn between them", async () => {
  const [a1, a2, a3] = large.audience.participants;
  const [b1] = small.audience.participants;
  // Office A: a delivery to two participants, then one to the third; then office B's only mail.
  await deliver(large.token, { ...large.audience, participants: [a1!, a2!] });
  await deliver(large.token, { ...large.audience, participants: [a3!] });
  await deliver(small.token, small.audience);

  expect(await sendingOrder()).toEqual([a1!._id, b1!._id, a2!._id, a3!._id]);
});
