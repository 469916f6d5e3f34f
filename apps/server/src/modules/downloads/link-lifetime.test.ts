import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { User } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { addTestMember } from '../../../test/team.ts';
import { deliveryFinished, linkTokenInMail, planWithReceivers, startDelivery } from '../../../test/seed.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

/** An office with one participant who received a link; the link's mail is made `monthsAgo` old. */
async function sentLink(monthsAgo: number) {
  const { office, project, people } = await planWithReceivers(server, 1);
  const delivery = await startDelivery(server, office.token, project._id, people);
  await deliveryFinished(server, delivery._id);
  const row = await server.deps.db
    .selectFrom('delivery_recipient')
    .selectAll()
    .where('delivery_id', '=', delivery._id)
    .executeTakeFirstOrThrow();
  await server.deps.db
    .updateTable('delivery_recipient')
    .set({ sent_at: sql`now() - make_interval(months => ${monthsAgo})` })
    .where('id', '=', row.id)
    .execute();
  const fileId = (await http.get(`/api/d/${linkTokenInMail(server, row.message_id)}`)).json<{
    files: { _id: string }[];
  }>().files[0]!._id;
  return { office, participantId: people[0]!.participant._id, token: linkTokenInMail(server, row.message_id), fileId };
}

const setLifetime = (token: string, linkLifetimeMonths: number | null) =>
  http.put('/api/user', { updateType: 'UPDATE_PROFILE', linkLifetimeMonths }, token);

/** Every public route of a recipient link, as the recipient's browser calls them. */
const linkRoutes = (token: string, fileId: string) =>
  [
    http.get(`/api/d/${token}`),
    http.post(`/api/d/${token}/zip/link`),
    http.post(`/api/d/${token}/files/${fileId}/link`),
    http.get(`/api/d/${token}/files/${fileId}/thumbnail`),
    http.post(`/api/d/${token}/receipt`, {}),
  ] as const;

describe('an optional link lifetime per office', () => {
  test('without a lifetime (the default) a link sent years ago still works', async () => {
    const { office, token } = await sentLink(60);
    expect((await http.get('/api/user', office.token)).json<User>().linkLifetimeMonths).toBeNull();
    expect((await http.get(`/api/d/${token}`)).statusCode).toBe(200);
  });

  test('links older than the lifetime answer 410 link.expired on every recipient route; younger ones work', async () => {
    const old = await sentLink(13);
    const young = await sentLink(11);
    for (const office of [old.office, young.office]) {
      const res = await setLifetime(office.token, 12);
      expect(res.statusCode).toBe(200);
      expect(res.json<User>().linkLifetimeMonths).toBe(12);
    }
    for (const res of await Promise.all(linkRoutes(old.token, old.fileId))) {
      expect(res.statusCode).toBe(410);
      expect(res.json().msgCode).toBe('link.expired');
    }
    expect((await http.get(`/api/d/${young.token}`)).statusCode).toBe(200);
    // Unknown tokens stay 404: an expired link says nothing about other tokens.
    expect((await http.get(`/api/d/${'A'.repeat(43)}`)).statusCode).toBe(404);
    // Back to unlimited: the old link works again.
    await setLifetime(old.office.token, null);
    expect((await http.get(`/api/d/${old.token}`)).statusCode).toBe(200);
  });

  test("the office renews a participant's links: the lifetime counts again from now", async () => {
    const { office, participantId, token } = await sentLink(13);
    await setLifetime(office.token, 12);
    expect((await http.get(`/api/d/${token}`)).statusCode).toBe(410);
    const renewed = await http.post(`/api/participant/${participantId}/links/renew`, {}, office.token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({ renewed: 1 });
    expect((await http.get(`/api/d/${token}`)).statusCode).toBe(200);
  });

  test("another office cannot renew the participant's links (404), and a bad lifetime changes nothing (400)", async () => {
    const { office, participantId, token } = await sentLink(13);
    await setLifetime(office.token, 12);
    const stranger = await createTestOffice(server);
    const foreign = await http.post(`/api/participant/${participantId}/links/renew`, {}, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect((await http.get(`/api/d/${token}`)).statusCode).toBe(410);
    for (const bad of [0, -1, 1.5, 121, '12']) {
      const res = await setLifetime(office.token, bad as number);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await http.get('/api/user', office.token)).json<User>().linkLifetimeMonths).toBe(12);
  });

  test('only owners and admins set the lifetime', async () => {
    const office = await createTestOffice(server, 'P2');
    const member = await addTestMember(server, office.token, 'member');
    expect((await setLifetime(member.token, 6)).statusCode).toBe(403);
    expect((await http.get('/api/user', office.token)).json<User>().linkLifetimeMonths).toBeNull();
  });
});
