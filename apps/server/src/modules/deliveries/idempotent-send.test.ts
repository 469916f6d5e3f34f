/**
 * Issue 19, scope 1: a send arrives twice — a double click, two colleagues pressing "Senden", a client
 * retrying after a timeout — and every recipient still gets one mail. The SMTP sink holds the mails
 * while both requests are answered, so the first delivery is certainly still running.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeliveryDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { createDeliveryAudience, deliveryBodyFor, type Audience } from '../../../test/delivery-audience.ts';
import { deliveryFinished } from '../../../test/seed.ts';
import { until } from '../../../test/until.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function scene(count = 4) {
  const office = await createTestOffice(server, 'P2');
  return { office, audience: await createDeliveryAudience(server.app, server.deps.db, office.token, count) };
}

/** POST /api/delivery/participants over real HTTP, so two of them really run side by side. */
async function send(token: string, body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}/api/delivery/participants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as DeliveryDto & { msgCode?: string } };
}

const mailsTo = (email: string) => server.smtp.messages.filter((m) => m.envelopeTo.includes(email)).length;
const deliveriesOf = (projectId: string) =>
  server.deps.db.selectFrom('delivery').select('id').where('project_id', '=', projectId).execute();

/** Lets the held mails go and waits until every delivery of the project has ended. */
async function settle(projectId: string) {
  server.smtp.resume();
  for (const { id } of await deliveriesOf(projectId)) await deliveryFinished(server, id);
}

const expectOneMailEach = (audience: Audience) => {
  for (const p of audience.participants) expect(mailsTo(p.email), p.email).toBe(1);
};

describe('a send that arrives twice mails every recipient once', () => {
  test('twice at once with one Idempotency-Key: one delivery, both answers are its result', async () => {
    const { office, audience } = await scene();
    server.smtp.pause();
    const key = { 'Idempotency-Key': 'klick-7f3a9c1e-senden' };
    const [a, b] = await Promise.all([
      send(office.token, deliveryBodyFor(audience), key),
      send(office.token, deliveryBodyFor(audience), key),
    ]);
    await settle(audience.projectId);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.json._id).toBe(a.json._id);
    expect(await deliveriesOf(audience.projectId)).toHaveLength(1);
    expectOneMailEach(audience);
  });

  test('twice at once without a key: one delivery, the other answers 409 delivery.in_progress', async () => {
    const { office, audience } = await scene();
    server.smtp.pause();
    const answers = await Promise.all([
      send(office.token, deliveryBodyFor(audience)),
      send(office.token, deliveryBodyFor(audience)),
    ]);
    await settle(audience.projectId);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    expect(answers.find((a) => a.status === 409)!.json.msgCode).toBe('delivery.in_progress');
    expect(await deliveriesOf(audience.projectId)).toHaveLength(1);
    expectOneMailEach(audience);
  });

  test('the header and the body key are one key; two different ones are refused', async () => {
    const { office, audience } = await scene(2);
    const first = await send(office.token, deliveryBodyFor(audience), { 'Idempotency-Key': 'tab-1-9c8b7a6d' });
    const again = await send(office.token, { ...deliveryBodyFor(audience), requestKey: 'tab-1-9c8b7a6d' });
    const mixed = await send(
      office.token,
      { ...deliveryBodyFor(audience), requestKey: 'tab-1-9c8b7a6d' },
      { 'Idempotency-Key': 'tab-2-0d1e2f3a' },
    );
    const malformed = await send(office.token, deliveryBodyFor(audience), { 'Idempotency-Key': 'kurz' });
    await settle(audience.projectId);
    expect([first.status, again.status, mixed.status, malformed.status]).toEqual([202, 202, 400, 400]);
    expect(again.json._id).toBe(first.json._id);
    expect(mixed.json.msgCode).toBe('common.validation');
    expect(await deliveriesOf(audience.projectId)).toHaveLength(1);
    expectOneMailEach(audience);
  });

  test('a key used again for another project answers the first delivery and sends nothing', async () => {
    const { office, audience } = await scene(2);
    const other = await createDeliveryAudience(server.app, server.deps.db, office.token, 2);
    server.smtp.pause();
    const key = { 'Idempotency-Key': 'wiederholt-4b5c6d7e' };
    const [a, b] = await Promise.all([
      send(office.token, deliveryBodyFor(audience), key),
      send(office.token, deliveryBodyFor(other), key),
    ]);
    await settle(audience.projectId);
    await settle(other.projectId);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.json._id).toBe(a.json._id);
    const [inFirst, inOther] = [await deliveriesOf(audience.projectId), await deliveriesOf(other.projectId)];
    expect([...inFirst, ...inOther].map((d) => d.id)).toEqual([a.json._id]);
    // Whichever request came first made the delivery; the other project's people got nothing.
    const [sentTo, notSent] = inFirst.length === 1 ? [audience, other] : [other, audience];
    expectOneMailEach(sentTo);
    for (const p of notSent.participants) expect(mailsTo(p.email)).toBe(0);
  });

  test('a recipient the running delivery has mailed already is not mailed again while it runs; later it is', async () => {
    const { office, audience } = await scene(2);
    const [done, waiting] = audience.participants as [
      Audience['participants'][number],
      Audience['participants'][number],
    ];
    // The second recipient's server greylists: it stays PREPARING and the delivery keeps running.
    server.smtp.rejectRecipient = (address) =>
      address === waiting.email ? { code: 451, message: 'Greylisted, try again later' } : undefined;
    try {
      const first = await send(office.token, deliveryBodyFor(audience));
      expect(first.status).toBe(202);
      await until(async () => {
        const row = await server.deps.db
          .selectFrom('delivery_recipient')
          .select('status')
          .where('delivery_id', '=', first.json._id)
          .where('participant_id', '=', done._id)
          .executeTakeFirstOrThrow();
        return row.status === 'SUCCESS';
      });
      const onlyDone = { ...deliveryBodyFor(audience), participants: [{ _id: done._id, subs: done.subs }] };
      const second = await send(office.token, onlyDone);
      expect(second.status).toBe(409);
      expect(second.json.msgCode).toBe('delivery.in_progress');
      expect(mailsTo(done.email)).toBe(1);

      // Once the first delivery has ended (here: stopped), sending again is a deliberate choice (forceSending).
      const stop = await fetch(`${server.baseUrl}/api/delivery/stop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${office.token}` },
        body: JSON.stringify({ projectId: audience.projectId }),
      });
      expect(stop.status).toBe(200);
      const later = await send(office.token, onlyDone);
      expect(later.status).toBe(202);
      expect(await deliveryFinished(server, later.json._id)).toBe('DONE');
      expect(mailsTo(done.email)).toBe(2);
    } finally {
      server.smtp.rejectRecipient = undefined;
    }
  });
});

describe('the same delivery again a moment later, without a key (issue 35, item 19)', () => {
  test('is refused with 409 delivery.duplicate naming the first (who, when); nobody is mailed twice', async () => {
    const { office, audience } = await scene(2);
    const first = await send(office.token, deliveryBodyFor(audience));
    expect(first.status).toBe(202);
    // Ended already: the running-delivery check no longer holds it back.
    expect(await deliveryFinished(server, first.json._id)).toBe('DONE');
    const { created_at } = await server.deps.db
      .selectFrom('delivery')
      .select('created_at')
      .where('id', '=', first.json._id)
      .executeTakeFirstOrThrow();

    const again = await send(office.token, deliveryBodyFor(audience));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      msgCode: 'delivery.duplicate',
      deliveryId: first.json._id,
      sentBy: 'Anna Architektin',
      sentAt: created_at.toISOString(),
    });
    expect(await deliveriesOf(audience.projectId)).toHaveLength(1);
    expectOneMailEach(audience);
  });

  test('goes out when it says it is meant again (sendAgain), and a different selection is no duplicate', async () => {
    const { office, audience } = await scene(2);
    const [one] = audience.participants;
    const first = await send(office.token, deliveryBodyFor(audience));
    expect(await deliveryFinished(server, first.json._id)).toBe('DONE');

    // Fewer recipients than the first: not the same delivery.
    const part = await send(office.token, {
      ...deliveryBodyFor(audience),
      participants: [{ _id: one!._id, subs: one!.subs }],
    });
    expect(part.status).toBe(202);
    expect(await deliveryFinished(server, part.json._id)).toBe('DONE');
    expect(mailsTo(one!.email)).toBe(2);

    const meant = await send(office.token, { ...deliveryBodyFor(audience), sendAgain: true });
    expect(meant.status).toBe(202);
    expect(await deliveryFinished(server, meant.json._id)).toBe('DONE');
    for (const p of audience.participants) expect(mailsTo(p.email), p.email).toBe(p === one ? 3 : 2);
  });
});
