/**
 * A relay outage seen by the office (issue 35, item 18), with a real SMTP server that refuses at
 * the greeting (421, a relay down) or accepts the connection and never greets (a hanging relay),
 * and then recovers: each waiting receiver says why it waits and when it is tried next (also live),
 * /api/health turns mail.ok false at the first failed send and true again once a re-check logs
 * in, and the mails waiting for their retry go as soon as the relay is back, not after their backoff.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import {
  DELIVERY_PROGRESS_EVENT,
  type DeliveryDto,
  type DeliveryProgressEvent,
  type DeliveryRecipientDto,
} from '@plankurier/shared';
import { api } from '../../test/api.ts';
import { createDeliveryAudience, deliveryBodyFor, type Audience } from '../../test/delivery-audience.ts';
import { createTestOffice } from '../../test/factories.ts';
import { captureRealtime } from '../../test/realtime-capture.ts';
import { deliveryEnd } from '../../test/child-server.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { until } from '../../test/until.ts';
import { QUEUES } from '../jobs/boss.ts';
import type { MailStatus } from './transport.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  // A hanging relay is given up on after 2 s here (30 s by default); the relay is re-checked every second.
  server = await startTestServer({
    smtpTimeouts: { connectionMs: 2_000, greetingMs: 2_000, socketMs: 4_000 },
    relayRecheckMs: 1_000,
  });
  http = api(server.app);
});
afterAll(() => server.stop());

const mailHealth = async () => (await http.get('/api/health')).json<{ mail: MailStatus }>().mail;

async function scene(count: number) {
  const office = await createTestOffice(server, 'P2');
  return { office, audience: await createDeliveryAudience(server.app, server.deps.db, office.token, count) };
}

async function deliver(token: string, audience: Audience): Promise<DeliveryDto> {
  const res = await http.post('/api/delivery/participants', deliveryBodyFor(audience), token);
  expect(res.statusCode).toBe(202);
  return res.json<DeliveryDto>();
}

const progressOf = async (token: string, deliveryId: string) =>
  (await http.get(`/api/delivery/${deliveryId}`, token)).json<DeliveryDto>();

/** Until every receiver waits for a retry: their rows as GET /delivery/:id shows them. */
const allWaiting = (token: string, deliveryId: string) =>
  until(async () => {
    const { recipients } = await progressOf(token, deliveryId);
    return recipients.every((r) => r.status === 'PREPARING' && r.retry) && recipients;
  }, 20_000);

/** The retries as a late attempt of a long outage would wait (the fifth waits 80–160 s): ten minutes out. */
const postponeRetries = (deliveryId: string) =>
  sql`update pgboss.job set start_after = now() + interval '10 minutes'
    where name = ${QUEUES.deliveryMail} and state = 'retry'
      and id in (select id from delivery_recipient where delivery_id = ${deliveryId})`.execute(server.deps.db);

const expectOneMailEach = (audience: Audience) => {
  for (const p of audience.participants) {
    expect(
      server.smtp.messages.filter((m) => m.envelopeTo.includes(p.email)),
      p.email,
    ).toHaveLength(1);
  }
};

describe('the relay refuses (421), then comes back', () => {
  test('receivers show the reason and the next attempt, health says so at once, and the mails go within seconds of its return', async () => {
    const { office, audience } = await scene(2);
    const live = captureRealtime(server.deps.realtime, office.id, DELIVERY_PROGRESS_EVENT);
    const before = Date.now();
    server.smtp.outage({ refuse: { code: 421, message: 'Service not available, closing transmission channel' } });
    try {
      const delivery = await deliver(office.token, audience);
      const waiting = await allWaiting(office.token, delivery._id);
      for (const r of waiting) {
        expect(r.retry!.reason).toBe('relay_unreachable');
        expect(Date.parse(r.retry!.nextAttemptAt)).toBeGreaterThan(before);
        expect(r.error).toContain('421');
      }
      // The office's open sessions heard it per receiver, in the shape of GET /delivery/:id.
      const heard = live.seen as DeliveryProgressEvent[];
      for (const r of waiting) {
        expect(heard.map((e) => e.recipient)).toContainEqual<DeliveryRecipientDto>(r);
      }
      expect(await mailHealth()).toMatchObject({ ok: false, error: 'EPROTOCOL 421' });

      await postponeRetries(delivery._id);
      server.smtp.recover();
      // Without bringing them forward the mails would wait ten minutes.
      expect(await deliveryEnd(server.deps.db, delivery._id, 30_000)).toBe('DONE');
      expect((await mailHealth()).ok).toBe(true);
      expectOneMailEach(audience);
      const done = await progressOf(office.token, delivery._id);
      expect(done.recipients.map((r) => [r.status, r.retry, r.error])).toEqual([
        ['SUCCESS', null, null],
        ['SUCCESS', null, null],
      ]);
    } finally {
      server.smtp.recover();
      live.restore();
    }
  }, 60_000);
});

describe('the relay hangs (no greeting), then comes back', () => {
  test('health turns false at the first timed-out send, receivers wait for the relay, and all go once it answers', async () => {
    const { office, audience } = await scene(2);
    server.smtp.outage('hang');
    try {
      const delivery = await deliver(office.token, audience);
      const waiting = await allWaiting(office.token, delivery._id);
      for (const r of waiting) expect(r.retry!.reason).toBe('relay_unreachable');
      expect(await mailHealth()).toMatchObject({ ok: false, error: 'ETIMEDOUT' });

      await postponeRetries(delivery._id);
      server.smtp.recover();
      expect(await deliveryEnd(server.deps.db, delivery._id, 30_000)).toBe('DONE');
      expect((await mailHealth()).ok).toBe(true);
      expectOneMailEach(audience);
    } finally {
      server.smtp.recover();
    }
  }, 60_000);
});

describe('a mail the relay defers for its address (451)', () => {
  test('waits as deferred with its next attempt, while the relay stays usable', async () => {
    const { office, audience } = await scene(2);
    const [greylisted, other] = audience.participants as [Audience['participants'][0], Audience['participants'][0]];
    server.smtp.rejectRecipient = (address) =>
      address === greylisted.email ? { code: 451, message: 'Greylisted, try again later' } : undefined;
    try {
      const delivery = await deliver(office.token, audience);
      const row = await until(async () => {
        const { recipients } = await progressOf(office.token, delivery._id);
        const mine = recipients.find((r) => r.participant === greylisted._id);
        const otherSent = recipients.find((r) => r.participant === other._id)?.status === 'SUCCESS';
        return mine?.retry && otherSent ? mine : undefined;
      });
      expect(row.status).toBe('PREPARING');
      expect(row.retry!.reason).toBe('deferred');
      expect(row.error).toContain('Greylisted');
      expect(Date.parse(row.retry!.nextAttemptAt)).toBeGreaterThan(Date.now());
      expect((await mailHealth()).ok).toBe(true);
    } finally {
      server.smtp.rejectRecipient = undefined;
    }
  });
});
