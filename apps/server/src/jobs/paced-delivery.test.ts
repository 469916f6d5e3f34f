import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DeliveryDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { api } from '../../test/api.ts';
import { deliveryFinished, planWithReceivers, startDelivery } from '../../test/seed.ts';
import { sleep, until } from '../../test/until.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

// A relay that takes 60 mails a minute: one a second.
beforeAll(async () => {
  server = await startTestServer({ deliveryMailsPerMinute: 60 });
  http = api(server.app);
});
afterAll(() => server.stop());

const mailsOf = (deliveryId: string) =>
  server.smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<delivery-${deliveryId}.`));
const statusesOf = async (deliveryId: string, token: string) =>
  (await http.get(`/api/delivery/${deliveryId}`, token)).json<DeliveryDto>().recipients.map((r) => r.status);

test('a process limited by DELIVERY_MAILS_PER_MINUTE sends the mails one by one and all of them', async () => {
  const { office, project, people } = await planWithReceivers(server, 4);
  const delivery = await startDelivery(server, office.token, project._id, people);
  await until(async () => mailsOf(delivery._id).length > 0);
  // The first mail is out; the others wait their turn, a second apart.
  expect((await statusesOf(delivery._id, office.token)).filter((s) => s === 'PREPARING').length).toBeGreaterThanOrEqual(
    2,
  );
  expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
  expect(mailsOf(delivery._id)).toHaveLength(4);
  expect(await statusesOf(delivery._id, office.token)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
});

test('a stop while mails wait for their turn stops every one not yet sent, also those a sender already took', async () => {
  const { office, project, people } = await planWithReceivers(server, 8);
  const delivery = await startDelivery(server, office.token, project._id, people);
  await until(async () => mailsOf(delivery._id).length > 0);
  expect((await http.post('/api/delivery/stop', { projectId: project._id }, office.token)).statusCode).toBe(200);
  await sleep(2500); // the second sender's slot comes: it finds its recipient stopped and sends nothing
  // Only the first mail went out: the second sender had taken its job already but waited for its slot.
  const statuses = await statusesOf(delivery._id, office.token);
  expect(statuses.filter((s) => s === 'SUCCESS')).toHaveLength(1);
  expect(statuses.filter((s) => s === 'STOPPED')).toHaveLength(7);
  expect(mailsOf(delivery._id)).toHaveLength(1);
});
