import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { ContactDto, TierName } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, signUpOffice, uniqueEmail } from '../../../test/api.ts';
import {
  createTestContact,
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
} from '../../../test/factories.ts';
import {
  deliveryBody,
  deliveryFinished,
  releaseStoredVersion,
  startDelivery,
  subscribeTo,
  type DeliveryPeople,
} from '../../../test/seed.ts';
import type { Config } from '../../config.ts';
import { findSender } from '../deliveries/queries.ts';

// Small limits, so a test reaches them in a few requests. P1 is the tier the rate tests use.
const LIMITS: Config['mailLimits'] = {
  tiers: { FREE: { perHour: 50, perDay: 200 }, P1: { perHour: 4, perDay: 6 }, P2: { perHour: 100, perDay: 400 } },
  installation: { perHour: 1000, perDay: 5000 },
  contactValidationCooldownSeconds: 3600,
};

let server: TestServer;
const http = () => api(server.app);

beforeAll(async () => {
  server = await startTestServer({ mailLimits: LIMITS });
});
afterAll(() => server.stop());

const db = () => server.deps.db;
const mailsTo = (address: string) => server.smtp.messages.filter((m) => m.envelopeTo.includes(address.toLowerCase()));
const queued = async (queue: string, field: string, value: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = ${queue} and data->>${field} = ${value}`.execute(db())
  ).rows[0]!.n;

/** An office on `tier` with a project, one released plan and participants subscribed to it. */
async function officeWithReceivers(
  office: { token: string },
  count: number,
): Promise<{
  projectId: string;
  planId: string;
  people: Receiver[];
  bundle: Awaited<ReturnType<typeof createTestProject>>['bundle'];
}> {
  const { project, bundle } = await createTestProject(server.app, office.token);
  const plan = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-101' });
  await releaseStoredVersion(server, office.token, plan._id, { kinds: ['pdf'] });
  const people: Receiver[] = [];
  for (let i = 0; i < count; i++) people.push(await subscribedParticipant(office, bundle, plan._id));
  return { projectId: project._id, planId: plan._id, people, bundle };
}

async function subscribedParticipant(
  office: { token: string },
  bundle: Awaited<ReturnType<typeof createTestProject>>['bundle'],
  planId: string,
): Promise<Receiver> {
  const participant = await createTestParticipant(server.app, office.token, bundle);
  const sub = await subscribeTo(server, office.token, planId, participant._id);
  return { participant, subs: [sub._id], email: participant.email, contactId: participant.contact };
}

type Receiver = DeliveryPeople & { email: string; contactId: string };

const setTier = (officeId: string, tier: TierName) =>
  db().updateTable('office').set({ tier }).where('id', '=', officeId).execute();

describe('an account whose e-mail is not confirmed mails nobody but itself', () => {
  test('delivery, contact confirmation and invitation answer 403 account.email_unconfirmed; nothing is queued or reaches the SMTP server', async () => {
    const signUp = await signUpOffice(server.app, server.smtp, {}, { confirmed: false });
    const office = { token: signUp.token, id: signUp.user.officeId!, email: signUp.user.email };
    await setTier(office.id, 'P2');
    const { projectId, people } = await officeWithReceivers(office, 1);
    const receiver = people[0]!;
    const contact = await createTestContact(server.app, office.token);
    const colleague = uniqueEmail('kollegin');

    const attempts = [
      await http().post('/api/delivery/participants', deliveryBody(projectId, people), office.token),
      await http().post(`/api/contact/validate/${contact._id}`, {}, office.token),
      await http().post('/api/office/invitations', { email: colleague, role: 'member' }, office.token),
    ];
    for (const res of attempts)
      expect([res.statusCode, res.json().msgCode]).toEqual([403, 'account.email_unconfirmed']);
    expect(await db().selectFrom('delivery').select('id').where('project_id', '=', projectId).execute()).toEqual([]);
    expect(await queued('contact-mail', 'contactId', contact._id)).toBe(0);
    expect(await db().selectFrom('invitation').select('id').where('email', '=', colleague).execute()).toEqual([]);
    expect(await db().selectFrom('mail_send').select('id').where('office_id', '=', office.id).execute()).toEqual([]);

    // Its own address it may mail: a contact that is the account itself.
    const self = await createTestContact(server.app, office.token, { email: office.email });
    expect((await http().post(`/api/contact/validate/${self._id}`, {}, office.token)).statusCode).toBe(200);

    // Confirmed, the same delivery goes out: the check was the only thing in the way.
    await db().updateTable('app_user').set({ validated: true }).where('id', '=', signUp.user._id).execute();
    const delivery = await startDelivery(server, office.token, projectId, people);
    expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
    expect(mailsTo(receiver.email)).toHaveLength(1);
    expect(mailsTo(contact.email)).toEqual([]);
    expect(mailsTo(colleague)).toEqual([]);
  });
});

describe('mails per office and hour/day by tier, and for the installation', () => {
  test('the mail past the hourly limit answers 429 mail.rate_limited with Retry-After; only the allowed ones are sent', async () => {
    const office = await createTestOffice(server, 'P1');
    const contacts: ContactDto[] = [];
    for (let i = 0; i < 5; i++) contacts.push(await createTestContact(server.app, office.token));
    for (const c of contacts.slice(0, 4))
      expect((await http().post(`/api/contact/validate/${c._id}`, {}, office.token)).statusCode).toBe(200);
    const refused = await http().post(`/api/contact/validate/${contacts[4]!._id}`, {}, office.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ msgCode: 'mail.rate_limited', period: 'hour', limit: 4 });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().retryAfterSeconds).toBe(retryAfter);
    // The refused contact stays as it was and gets nothing.
    const row = await db()
      .selectFrom('contact')
      .select('validation_state')
      .where('id', '=', contacts[4]!._id)
      .executeTakeFirstOrThrow();
    expect(row.validation_state).not.toBe('VALIDATION_PENDING');
    expect(await queued('contact-mail', 'contactId', contacts[4]!._id)).toBe(0);
    await server.smtp.waitFor((m) => m.envelopeTo.includes(contacts[3]!.email.toLowerCase()));
    expect(contacts.map((c) => mailsTo(c.email).length)).toEqual([1, 1, 1, 1, 0]);
  });

  test('a delivery that would pass the limit is refused whole: no delivery, nothing queued', async () => {
    const office = await createTestOffice(server, 'P1');
    const { projectId, people } = await officeWithReceivers(office, 5);
    const res = await http().post('/api/delivery/participants', deliveryBody(projectId, people), office.token);
    expect([res.statusCode, res.json().msgCode]).toEqual([429, 'mail.rate_limited']);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await db().selectFrom('delivery').select('id').where('project_id', '=', projectId).execute()).toEqual([]);
    // Four fit the hour: they go.
    const delivery = await startDelivery(server, office.token, projectId, people.slice(0, 4));
    expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
    const more = await http().post(
      '/api/delivery/participants',
      deliveryBody(projectId, people.slice(4)),
      office.token,
    );
    expect([more.statusCode, more.json().msgCode]).toEqual([429, 'mail.rate_limited']);
  });

  test('the daily limit counts the hours before this one', async () => {
    const office = await createTestOffice(server, 'P1');
    // Five mails two hours ago: the hour is free, the day (6) has room for one.
    await db()
      .insertInto('mail_send')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          office_id: office.id,
          kind: 'delivery' as const,
          recipient: `frueher-${i}@example.org`,
          created_at: sql<Date>`now() - interval '2 hours'`,
        })),
      )
      .execute();
    const [first, second] = [
      await createTestContact(server.app, office.token),
      await createTestContact(server.app, office.token),
    ];
    expect((await http().post(`/api/contact/validate/${first._id}`, {}, office.token)).statusCode).toBe(200);
    const refused = await http().post(`/api/contact/validate/${second._id}`, {}, office.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ msgCode: 'mail.rate_limited', period: 'day', limit: 6 });
    // The oldest of the day's mails leaves the window in about 22 hours.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20 * 3600);
  });

  test('two server processes on one database count as one: of requests side by side exactly the limit passes', async () => {
    // A second server on the same database, without job workers: only its count matters here.
    const second = await startTestServer({ databaseUrl: server.databaseUrl, mailLimits: LIMITS }, { workers: false });
    try {
      const office = await createTestOffice(server, 'P1');
      const contacts: ContactDto[] = [];
      for (let i = 0; i < 8; i++) contacts.push(await createTestContact(server.app, office.token));
      const answers = await Promise.all(
        contacts.map((c, i) =>
          api((i % 2 ? second : server).app).post(`/api/contact/validate/${c._id}`, {}, office.token),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
      const counted = await db().selectFrom('mail_send').select('id').where('office_id', '=', office.id).execute();
      expect(counted).toHaveLength(4);
    } finally {
      await second.stop();
    }
  });

  test("the installation's ceiling holds for every office together", async () => {
    const busy = await createTestOffice(server, 'P2');
    const office = await createTestOffice(server, 'P2');
    const before = (
      await sql<{ n: number }>`select count(*)::int as n from mail_send
      where created_at > now() - interval '1 hour'`.execute(db())
    ).rows[0]!.n;
    // Other offices used the installation's hour up but for one mail.
    await sql`insert into mail_send (office_id, kind, recipient)
      select ${busy.id}, 'delivery', 'viel-' || i || '@example.org'
      from generate_series(1, ${LIMITS.installation.perHour - before - 1}) i`.execute(db());
    try {
      const [first, second] = [
        await createTestContact(server.app, office.token),
        await createTestContact(server.app, office.token),
      ];
      expect((await http().post(`/api/contact/validate/${first._id}`, {}, office.token)).statusCode).toBe(200);
      const refused = await http().post(`/api/contact/validate/${second._id}`, {}, office.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ msgCode: 'mail.rate_limited', limit: LIMITS.installation.perHour });
    } finally {
      await db().deleteFrom('mail_send').where('office_id', 'in', [busy.id, office.id]).execute();
    }
  });
});

describe("a contact's confirmation mail cannot be sent in a loop", () => {
  test('a second request within the cooldown answers 429 contact.validation_cooldown and sends nothing', async () => {
    const office = await createTestOffice(server, 'P2');
    const contact = await createTestContact(server.app, office.token);
    expect((await http().post(`/api/contact/validate/${contact._id}`, {}, office.token)).statusCode).toBe(200);
    const again = await http().post(`/api/contact/validate/${contact._id}`, {}, office.token);
    expect([again.statusCode, again.json().msgCode]).toEqual([429, 'contact.validation_cooldown']);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await queued('contact-mail', 'contactId', contact._id)).toBe(1);

    // Once the cooldown is over (its mail an hour and a minute ago), it may be asked again.
    await db()
      .updateTable('mail_send')
      .set({ created_at: sql<Date>`now() - interval '61 minutes'` })
      .where('contact_id', '=', contact._id)
      .execute();
    expect((await http().post(`/api/contact/validate/${contact._id}`, {}, office.token)).statusCode).toBe(200);
  });
});

describe("FREE's participant limit counts the people mailed, not the rows at one moment", () => {
  test('deleting a mailed participant and its contact and adding a new one does not make a sixth recipient', async () => {
    const office = await createTestOffice(server, 'FREE');
    const { projectId, planId, people, bundle } = await officeWithReceivers(office, 5);
    const first = await startDelivery(server, office.token, projectId, people);
    expect(await deliveryFinished(server, first._id)).toBe('DONE');

    const gone = people[0]!;
    expect((await http().delete(`/api/participant/${gone.participant._id}`, office.token)).statusCode).toBe(204);
    const removed = await http().delete(`/api/contact/${gone.contactId}`, office.token);
    expect(removed.statusCode, removed.body).toBe(204);
    const newcomer = await subscribedParticipant(office, bundle, planId);

    const refused = await http().post('/api/delivery/participants', deliveryBody(projectId, [newcomer]), office.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msgCode: 'tier.recipient_limit_reached', limit: 5, days: 30 });
    expect(mailsTo(newcomer.email)).toEqual([]);

    // The people mailed before still get their plans.
    const again = await startDelivery(server, office.token, projectId, people.slice(1), { sendAgain: true });
    expect(await deliveryFinished(server, again._id)).toBe('DONE');
  });
});

describe('From and Reply-To of mail sent for a person', () => {
  const HOSTILE = {
    company: 'Sparkasse Sicherheitsteam <sicherheit@sparkasse.example> – Konto gesperrt: http://evil.example/',
    first_name: 'Sparkasse <alarm@sparkasse.example>',
    last_name: 'Konto gesperrt: http://evil.example/login\r\nBcc: alle@example.org',
  };

  test('the display name is the sanitised person "via Plankurier", never the company; an unconfirmed Reply-To is not used', async () => {
    const office = await createTestOffice(server, 'P2');
    await db().updateTable('office').set({ company: HOSTILE.company }).where('id', '=', office.id).execute();
    await db()
      .updateTable('app_user')
      .set({ first_name: HOSTILE.first_name, last_name: HOSTILE.last_name, reply_to_email: 'antwort@fremd.example' })
      .where('id', '=', office.userId)
      .execute();
    const { projectId, people } = await officeWithReceivers(office, 1);
    const contact = await createTestContact(server.app, office.token);
    const delivery = await startDelivery(server, office.token, projectId, people);
    expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
    expect((await http().post(`/api/contact/validate/${contact._id}`, {}, office.token)).statusCode).toBe(200);
    const validation = await server.smtp.waitFor((m) => m.envelopeTo.includes(contact.email.toLowerCase()));

    for (const mail of [mailsTo(people[0]!.email)[0]!, validation]) {
      expect(mail.parsed.from).toEqual({
        name: 'Sparkasse Konto gesperrt Bcc via Plankurier',
        address: 'noreply@plankurier.local',
      });
      const fromHeader = mail.raw.toString('utf8').match(/^From: .*$/m)![0];
      expect(fromHeader).not.toMatch(/http|sicherheit@|alarm@|alle@/);
      // Its own confirmed address, not the reply address nobody confirmed.
      expect(mail.parsed.replyTo?.map((a) => a.address)).toEqual([office.email]);
    }
  });

  test("a reply address is used once it is a confirmed account of the office; an unconfirmed account's own address never", async () => {
    const office = await createTestOffice(server, 'P2');
    const shared = await createTestOffice(server, 'FREE');
    // The colleague's address is confirmed (an account that followed its link) and belongs to the office.
    await db()
      .insertInto('office_member')
      .values({ office_id: office.id, user_id: shared.userId, role: 'member' })
      .execute();
    await db()
      .updateTable('app_user')
      .set({ reply_to_email: shared.email.toUpperCase() })
      .where('id', '=', office.userId)
      .execute();
    const { projectId, people } = await officeWithReceivers(office, 2);
    const first = await startDelivery(server, office.token, projectId, people.slice(0, 1));
    expect(await deliveryFinished(server, first._id)).toBe('DONE');
    expect(mailsTo(people[0]!.email)[0]!.parsed.replyTo?.map((a) => a.address?.toLowerCase())).toEqual([shared.email]);

    // A sender whose own address is not confirmed (changed since the delivery was asked for) and
    // who has no confirmed reply address: its mails carry no Reply-To at all.
    await db()
      .updateTable('app_user')
      .set({ reply_to_email: 'irgendwer@fremd.example', validated: false })
      .where('id', '=', office.userId)
      .execute();
    expect((await findSender(db(), office.id, office.userId))?.reply_to_email).toBe('');
  });
});
