import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeliveryDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { deliveryFinished, planWithReceivers, startDelivery } from '../../../test/seed.ts';
import { until } from '../../../test/until.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const progressOf = async (deliveryId: string, token: string) => {
  const res = await http.get(`/api/delivery/${deliveryId}`, token);
  expect(res.statusCode).toBe(200);
  return res.json<DeliveryDto>();
};

/** What the database holds of each receiver, by participant. */
async function rowsByParticipant(deliveryId: string) {
  const rows = await server.deps.db
    .selectFrom('delivery_recipient')
    .select(['participant_id', 'status', 'sent_at'])
    .where('delivery_id', '=', deliveryId)
    .execute();
  return new Map(rows.map((r) => [r.participant_id, r]));
}

describe('catching up with a delivery (GET /api/delivery/:id)', () => {
  test('answers the delivery and every receiver in the shape of the live events, while it runs and when done', async () => {
    const { office, project, people } = await planWithReceivers(server, 12);
    // A slow SMTP server: the first mails are still being accepted while the rest wait their turn.
    server.smtp.delayMs = 300;
    let started: Awaited<ReturnType<typeof startDelivery>>;
    try {
      started = await startDelivery(server, office.token, project._id, people);
      const participants = people.map((p) => p.participant._id).sort();

      // Mid-delivery: more receivers than mails in flight, so some are surely still preparing.
      await until(async () =>
        server.smtp.messages.some((m) => m.parsed.messageId?.startsWith(`<delivery-${started._id}.`)),
      );
      const running = await progressOf(started._id, office.token);
      expect(running._id).toBe(started._id);
      expect(running.status).toBe('DELIVERING');
      expect(running.recipients.map((r) => r.participant).sort()).toEqual(participants);
      expect(running.recipients.some((r) => r.status === 'PREPARING')).toBe(true);
      for (const r of running.recipients)
        expect(Object.keys(r).sort()).toEqual(['error', 'participant', 'retry', 'sentAt', 'status']);
    } finally {
      server.smtp.delayMs = 0;
    }

    // The same files to the same people again only once the first send is through (delivery.in_progress).
    await until(async () => (await progressOf(started._id, office.token)).status === 'DONE');
    const { _id } = await startDelivery(server, office.token, project._id, people.slice(0, 2));
    expect(await deliveryFinished(server, _id)).toBe('DONE');
    const done = await progressOf(_id, office.token);
    expect(done.status).toBe('DONE');
    const rows = await rowsByParticipant(_id);
    expect(done.recipients).toHaveLength(2);
    for (const r of done.recipients) {
      expect(r.status).toBe('SUCCESS');
      expect(r.error).toBeNull();
      expect(r.sentAt).toBe(rows.get(r.participant)!.sent_at!.toISOString());
    }
  });

  test('a stopped delivery reads STOPPED; a mail that was on its way when stopped reads SUCCESS afterwards', async () => {
    const { office, project, people } = await planWithReceivers(server, 14);
    server.smtp.delayMs = 400;
    try {
      const { _id } = await startDelivery(server, office.token, project._id, people);
      await until(async () => server.smtp.messages.some((m) => m.parsed.messageId?.startsWith(`<delivery-${_id}.`)));
      expect((await http.post('/api/delivery/stop', { projectId: project._id }, office.token)).statusCode).toBe(200);
      const stopped = await progressOf(_id, office.token);
      expect(stopped.status).toBe('STOPPED');
      expect(stopped.recipients.some((r) => r.status === 'PREPARING')).toBe(false);
      expect(stopped.recipients.some((r) => r.status === 'STOPPED')).toBe(true);

      // The mails in flight finish: those receivers turn SUCCESS, and the answer says so.
      await until(async () => [...(await rowsByParticipant(_id)).values()].some((r) => r.status === 'SUCCESS'));
      const after = await progressOf(_id, office.token);
      const rows = await rowsByParticipant(_id);
      expect(after.recipients.filter((r) => r.status === 'SUCCESS').length).toBeGreaterThan(0);
      expect(after.recipients.filter((r) => r.status === 'STOPPED').length).toBeGreaterThan(0);
      // Read before the rows: a receiver may only have moved on from STOPPED to SUCCESS in between.
      for (const r of after.recipients) {
        const now = rows.get(r.participant)!.status;
        expect(r.status === now || (r.status === 'STOPPED' && now === 'SUCCESS')).toBe(true);
      }
    } finally {
      server.smtp.delayMs = 0;
    }
  });

  test("another office's delivery and an unknown id answer 404, a malformed id 400, no session 401", async () => {
    const { office, project, people } = await planWithReceivers(server, 1);
    const { _id } = await startDelivery(server, office.token, project._id, people);
    const stranger = await createTestOffice(server);

    const theirs = await http.get(`/api/delivery/${_id}`, stranger.token);
    expect([theirs.statusCode, theirs.json().msgCode]).toEqual([404, 'common.not_found']);
    const unknown = await http.get('/api/delivery/00000000-0000-4000-8000-000000000000', office.token);
    expect([unknown.statusCode, unknown.json().msgCode]).toEqual([404, 'common.not_found']);
    for (const bad of ['abc', '1%27%20or%201=1', `${_id}x`]) {
      const res = await http.get(`/api/delivery/${bad}`, office.token);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().msgCode).toBe('string');
    }
    expect((await http.get(`/api/delivery/${_id}`)).statusCode).toBe(401);
  });
});

describe("the project's running delivery (GET /api/project/:id/running-delivery)", () => {
  const runningOf = async (projectId: string, token: string) => {
    const res = await http.get(`/api/project/${projectId}/running-delivery`, token);
    expect(res.statusCode).toBe(200);
    return res.json<{ delivery: DeliveryDto | null }>().delivery;
  };

  test('answers the delivery while it sends, in the shape of GET /delivery/:id, and null once it is through', async () => {
    const { office, project, people } = await planWithReceivers(server, 10);
    expect(await runningOf(project._id, office.token)).toBeNull();
    server.smtp.delayMs = 300;
    try {
      const { _id } = await startDelivery(server, office.token, project._id, people);
      const running = await runningOf(project._id, office.token);
      expect(running?._id).toBe(_id);
      expect(running?.status).toBe('DELIVERING');
      expect(running?.recipients.map((r) => r.participant).sort()).toEqual(people.map((p) => p.participant._id).sort());
      expect(await deliveryFinished(server, _id)).toBe('DONE');
    } finally {
      server.smtp.delayMs = 0;
    }
    expect(await runningOf(project._id, office.token)).toBeNull();
  });

  test("another office's project answers 404 and shows nothing of its delivery", async () => {
    const { office, project, people } = await planWithReceivers(server, 1);
    await startDelivery(server, office.token, project._id, people);
    const stranger = await createTestOffice(server);
    const theirs = await http.get(`/api/project/${project._id}/running-delivery`, stranger.token);
    expect([theirs.statusCode, theirs.json().msgCode]).toEqual([404, 'common.not_found']);
    expect((await http.get('/api/project/abc/running-delivery', office.token)).statusCode).toBe(400);
    expect((await http.get(`/api/project/${project._id}/running-delivery`)).statusCode).toBe(401);
  });
});
