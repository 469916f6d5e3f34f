import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { DeliveryDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { createDeliveryAudience, deliveryBodyFor, type Audience } from '../../../test/delivery-audience.ts';
import { sleep, until } from '../../../test/until.ts';
import { deliverToRecipient, isTransientMailError, MAILS_IN_FLIGHT } from '../../jobs/delivery-mail-worker.ts';
import { createMailSender } from '../../mail/transport.ts';
import { QUEUES } from '../../jobs/boss.ts';
import pino from 'pino';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const recipientsOf = (deliveryId: string) =>
  server.deps.db.selectFrom('delivery_recipient').selectAll().where('delivery_id', '=', deliveryId).execute();
const recipientOf = async (deliveryId: string, participantId: string) =>
  (await recipientsOf(deliveryId)).find((r) => r.participant_id === participantId)!;
const mailsTo = (email: string) => server.smtp.messages.filter((m) => m.envelopeTo.includes(email));
const askedFor = (email: string) => server.smtp.recipientsAsked.filter((a) => a === email).length;

async function jobsOf(ids: string[]) {
  const { rows } = await sql<{ id: string; state: string; retry_count: number; start_after: Date; priority: number }>`
    select id, state, retry_count, start_after, priority from pgboss.job
    where name = ${QUEUES.deliveryMail} and id = any(${ids}::uuid[])`.execute(server.deps.db);
  return rows;
}

async function audienceOf(count: number) {
  const office = await createTestOffice(server, 'P2'); // no participant limit
  return { office, audience: await createDeliveryAudience(server.app, server.deps.db, office.token, count) };
}

async function deliver(token: string, audience: Audience) {
  const res = await http.post('/api/delivery/participants', deliveryBodyFor(audience), token);
  expect(res.statusCode).toBe(202);
  return res.json<DeliveryDto>();
}

describe('the send path survives failures', () => {
  test('every recipient row has exactly one job, written in the same transaction', async () => {
    const { office, audience } = await audienceOf(5);
    const delivery = await deliver(office.token, audience);
    const rows = await recipientsOf(delivery._id);
    const jobs = await jobsOf(rows.map((r) => r.id));
    expect(jobs.map((j) => j.id).sort()).toEqual(rows.map((r) => r.id).sort());

    // A transaction that fails after enqueueing leaves no job behind (and the rows roll back alike).
    const orphan = crypto.randomUUID();
    await expect(
      server.deps.db.transaction().execute(async (tx) => {
        await server.deps.jobs.enqueueMany(tx, QUEUES.deliveryMail, [{ id: orphan, data: { recipientId: orphan } }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobsOf([orphan])).toEqual([]);
  });

  test('a transient SMTP failure (451) keeps the receiver PREPARING and retries later with the same Message-ID', async () => {
    const { office, audience } = await audienceOf(2);
    const target = audience.participants[0]!;
    server.smtp.rejectRecipient = (address) =>
      address === target.email && askedFor(target.email) <= 1
        ? { code: 451, message: 'Greylisted, try again later' }
        : undefined;
    try {
      const delivery = await deliver(office.token, audience);
      const row = await recipientOf(delivery._id, target._id);
      const [retrying] = await until(async () => {
        const jobs = await jobsOf([row.id]);
        return jobs[0]?.state === 'retry' && jobs;
      });
      // Backoff: the retry waits (5 s, doubling per attempt), the receiver stays PREPARING meanwhile.
      expect(retrying!.start_after.getTime()).toBeGreaterThan(Date.now());
      expect((await recipientOf(delivery._id, target._id)).status).toBe('PREPARING');
      expect(mailsTo(target.email)).toHaveLength(0);

      await until(async () => (await recipientOf(delivery._id, target._id)).status === 'SUCCESS', 30_000);
      const mails = mailsTo(target.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.parsed.messageId).toBe(row.message_id);
      expect(askedFor(target.email)).toBe(2);
    } finally {
      server.smtp.rejectRecipient = undefined;
    }
  }, 60_000);

  test('a permanent SMTP failure (550) marks the receiver FAILED at once and is not retried', async () => {
    const { office, audience } = await audienceOf(2);
    const [target, other] = audience.participants as [Audience['participants'][0], Audience['participants'][0]];
    server.smtp.rejectRecipient = (address) =>
      address === target.email ? { code: 550, message: 'No such user here' } : undefined;
    try {
      const delivery = await deliver(office.token, audience);
      await until(async () => (await recipientOf(delivery._id, target._id)).status === 'FAILED');
      const failed = await recipientOf(delivery._id, target._id);
      expect(failed.error).toContain('No such user here');
      expect(failed.sent_at).toBeNull();
      await until(async () => (await recipientOf(delivery._id, other._id)).status === 'SUCCESS');
      // pg-boss records the job's end after its handler returned (which marked the receiver): wait for that
      // end, then it must be a completion, not a retry.
      await until(async () => !['created', 'active'].includes((await jobsOf([failed.id]))[0]?.state ?? 'created'));
      const [job] = await jobsOf([failed.id]);
      expect(job!.state).toBe('completed');
      await sleep(1000);
      expect(askedFor(target.email)).toBe(1);
      expect(mailsTo(target.email)).toHaveLength(0);
      const { status } = await server.deps.db
        .selectFrom('delivery')
        .select('status')
        .where('id', '=', delivery._id)
        .executeTakeFirstOrThrow();
      expect(status).toBe('DONE');
    } finally {
      server.smtp.rejectRecipient = undefined;
    }
  });

  test('a transient failure on the last attempt marks the receiver FAILED; a later run of its job sends nothing', async () => {
    const { office, audience } = await audienceOf(1);
    const target = audience.participants[0]!;
    server.smtp.rejectRecipient = (address) =>
      address === target.email ? { code: 421, message: 'Service not available' } : undefined;
    try {
      const delivery = await deliver(office.token, audience);
      const row = await recipientOf(delivery._id, target._id);
      await until(async () => (await jobsOf([row.id]))[0]?.state === 'retry');
      expect((await recipientOf(delivery._id, target._id)).status).toBe('PREPARING');

      await deliverToRecipient(server.deps, { recipientId: row.id }, { last: true });
      const failed = await recipientOf(delivery._id, target._id);
      expect(failed.status).toBe('FAILED');
      expect(failed.error).toContain('Service not available');

      server.smtp.rejectRecipient = undefined;
      const asked = askedFor(target.email);
      await deliverToRecipient(server.deps, { recipientId: row.id });
      expect(askedFor(target.email)).toBe(asked);
      expect((await recipientOf(delivery._id, target._id)).status).toBe('FAILED');
    } finally {
      server.smtp.rejectRecipient = undefined;
    }
  });

  test('a retry of a recipient already sent sends nothing, even while its job is still queued', async () => {
    const { office, audience } = await audienceOf(1);
    const delivery = await deliver(office.token, audience);
    const target = audience.participants[0]!;
    await until(async () => (await recipientOf(delivery._id, target._id)).status === 'SUCCESS');
    const row = await recipientOf(delivery._id, target._id);
    await deliverToRecipient(server.deps, { recipientId: row.id });
    await deliverToRecipient(server.deps, { recipientId: row.id }, { last: true });
    expect(mailsTo(target.email)).toHaveLength(1);
    expect((await recipientOf(delivery._id, target._id)).sent_at).toEqual(row.sent_at);
  });
});

describe('which SMTP failures are transient', () => {
  const errorOf = async (smtpUrl: string, to: string) => {
    const sender = createMailSender(
      { smtpUrl, mailFrom: 'Plankurier <noreply@plankurier.test>', outboxDir: '' },
      pino({ level: 'silent' }),
    );
    try {
      await sender.send({ to, subject: 'Test', html: '<p>Test</p>', text: 'Test' });
      throw new Error('the mail was accepted');
    } catch (err) {
      return err;
    } finally {
      sender.close();
    }
  };

  test('a refused connection and 4xx replies retry; 5xx replies do not', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    expect(isTransientMailError(await errorOf(`smtp://127.0.0.1:${closed}`, 'a@example.org'))).toBe(true);
    server.smtp.rejectRecipient = (address) =>
      address.startsWith('temp')
        ? { code: 452, message: 'Mailbox full, try later' }
        : address.startsWith('perm')
          ? { code: 550, message: 'No such user' }
          : undefined;
    try {
      expect(isTransientMailError(await errorOf(server.smtp.url, 'temp@example.org'))).toBe(true);
      expect(isTransientMailError(await errorOf(server.smtp.url, 'perm@example.org'))).toBe(false);
    } finally {
      server.smtp.rejectRecipient = undefined;
    }
  });
});

describe('offices share the senders fairly', () => {
  test("a slow SMTP server: a small office's mail goes out before a large office's queue drains", async () => {
    // Larger than twice the mails in flight: in arrival order the small office would clearly wait.
    const LARGE = 4 * MAILS_IN_FLIGHT;
    const large = await audienceOf(LARGE);
    const small = await audienceOf(1);
    server.smtp.delayMs = 300;
    try {
      const largeDelivery = await deliver(large.office.token, large.audience);
      const largeMails = () =>
        server.smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<delivery-${largeDelivery._id}.`)).length;
      // At once: however slow this POST is on a busy machine, the large office is far from done.
      await deliver(small.office.token, small.audience);
      await server.smtp.waitFor((m) => m.envelopeTo.includes(small.audience.participants[0]!.email), 30_000);
      const largeSentBefore = largeMails();
      // In arrival order the small office's job would be fetched only after all of the large
      // office's, so at least LARGE - MAILS_IN_FLIGHT of those would have been accepted before it.
      expect(largeSentBefore).toBeLessThan(LARGE - MAILS_IN_FLIGHT);
      await until(async () => largeMails() === LARGE, 60_000);
    } finally {
      server.smtp.delayMs = 0;
    }
  }, 120_000);
});
