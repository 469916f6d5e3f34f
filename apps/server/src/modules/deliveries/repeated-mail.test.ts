/**
 * Issue 19, scope 2: a crash between the SMTP server's acceptance and the row's recording sends that
 * one mail again. Each mail is recorded on its own the moment it is accepted, so only mails in flight
 * can repeat, and a repeat is the same mail: same Message-ID, subject and link — both links work and
 * count for the same recipient. The server's delivery senders are off: the test does their work itself.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DeliveryDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { createDeliveryAudience, deliveryBodyFor } from '../../../test/delivery-audience.ts';
import { downloadThroughLink, linkTokenOf } from '../../../test/recipient-link.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { deliverToRecipients } from '../../jobs/delivery-mail-worker.ts';
import { randomSecret, sha256 } from '../auth/secrets.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.deps.jobs.boss.offWork(QUEUES.deliveryMail);
});
afterAll(() => server.stop());

async function delivery(count: number) {
  const office = await createTestOffice(server, 'P2');
  const audience = await createDeliveryAudience(server.app, server.deps.db, office.token, count, {
    storage: server.deps.storage,
  });
  const res = await api(server.app).post('/api/delivery/participants', deliveryBodyFor(audience), office.token);
  expect(res.statusCode).toBe(202);
  const rows = await server.deps.db
    .selectFrom('delivery_recipient')
    .selectAll()
    .where('delivery_id', '=', res.json<DeliveryDto>()._id)
    .orderBy('email')
    .execute();
  return { audience, rows };
}

const rowOf = (id: string) =>
  server.deps.db.selectFrom('delivery_recipient').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mailsTo = (email: string) => server.smtp.messages.filter((m) => m.envelopeTo.includes(email));
const downloadsOf = (recipientId: string) =>
  server.deps.db.selectFrom('download').select('recipient_id').where('recipient_id', '=', recipientId).execute();

test('each mail is recorded the moment the SMTP server accepts it, not when its batch is through', async () => {
  const { rows } = await delivery(2);
  const [first, second] = rows as [(typeof rows)[number], (typeof rows)[number]];
  // The server takes one mail and keeps the other in flight.
  server.smtp.pause(1);
  const batch = deliverToRecipients(server.deps, [
    { recipientId: first.id, last: false },
    { recipientId: second.id, last: false },
  ]);
  try {
    await until(async () => server.smtp.held === 1);
    const accepted = server.smtp.messages.at(-1)!;
    const [acceptedRow, inFlightRow] = accepted.envelopeTo.includes(first.email) ? [first, second] : [second, first];
    await until(async () => (await rowOf(acceptedRow.id)).status === 'SUCCESS');
    expect((await rowOf(inFlightRow.id)).status).toBe('PREPARING');
  } finally {
    server.smtp.resume();
  }
  await batch;
  expect((await rowOf(second.id)).status).toBe('SUCCESS');
  expect((await rowOf(first.id)).status).toBe('SUCCESS');
});

test('a mail sent again after a crash is the same mail; both links work and count for the recipient', async () => {
  const { rows } = await delivery(1);
  const row = rows[0]!;
  await deliverToRecipients(server.deps, [{ recipientId: row.id, last: false }]);
  // The crash window: the SMTP server accepted the mail, the row was never recorded as sent.
  await server.deps.db
    .updateTable('delivery_recipient')
    .set({ status: 'PREPARING' })
    .where('id', '=', row.id)
    .execute();
  await deliverToRecipients(server.deps, [{ recipientId: row.id, last: false }]);

  const [original, repeat] = mailsTo(row.email) as [
    (typeof server.smtp.messages)[number],
    (typeof server.smtp.messages)[number],
  ];
  expect(mailsTo(row.email)).toHaveLength(2);
  expect(repeat.parsed.messageId).toBe(original.parsed.messageId);
  expect(repeat.parsed.subject).toBe(original.parsed.subject);
  expect(linkTokenOf(repeat)).toBe(linkTokenOf(original));
  expect(repeat.parsed.text).toBe(original.parsed.text);
  for (const mail of [original, repeat]) {
    expect(await downloadThroughLink(server.baseUrl, linkTokenOf(mail))).toEqual({ page: 200, zip: 200 });
  }
  expect(await downloadsOf(row.id)).toHaveLength(2);
});

test('a link mailed before tokens were derived (a random one, stored as its hash) still works', async () => {
  const { rows } = await delivery(1);
  const row = rows[0]!;
  await deliverToRecipients(server.deps, [{ recipientId: row.id, last: false }]);
  const earlier = randomSecret();
  await server.deps.db
    .updateTable('delivery_recipient')
    .set({ download_token_hash: sha256(earlier) })
    .where('id', '=', row.id)
    .execute();
  expect(await downloadThroughLink(server.baseUrl, earlier)).toEqual({ page: 200, zip: 200 });
  expect(await downloadsOf(row.id)).toHaveLength(1);
});
