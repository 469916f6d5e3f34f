import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeliveryDto, UserWithToken } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { api, uniqueEmail } from '../../test/api.ts';
import {
  createTestContact,
  createTestDoc,
  createTestParticipant,
  createTestProject,
  folderOf,
} from '../../test/factories.ts';
import { deliveryFinished, releaseStoredVersion, startDelivery, subscribeTo } from '../../test/seed.ts';
import { until } from '../../test/until.ts';
import { captureLog, LOG_LEVEL } from '../../test/log-capture.ts';
import type { MailStatus } from './transport.ts';

const healthOf = async (server: TestServer) => {
  const res = await api(server.app).get('/api/health');
  return { statusCode: res.statusCode, mail: res.json<{ mail: MailStatus }>().mail };
};

describe('a relay that refuses our login (wrong SMTP password)', () => {
  let relay: SmtpSink;
  let server: TestServer;
  let http: ReturnType<typeof api>;
  const log = captureLog();

  beforeAll(async () => {
    relay = await startSmtpSink({ auth: { user: 'plankurier', pass: 'richtig' } });
    server = await startTestServer({
      smtpUrl: relay.url.replace('smtp://', 'smtp://plankurier:falsch@'),
      logLevel: 'info',
      logDestination: log.destination,
    });
    http = api(server.app);
  });
  afterAll(async () => {
    await server.stop();
    await relay.close();
  });

  /** A warning or error of a mail to `to` that names the relay's refusal. */
  const failureLogged = (to: string) =>
    until(async () =>
      log.lines.find((l) => l.level >= LOG_LEVEL.warn && l.to === to && l.responseCode === 535 && /535/.test(l.msg)),
    );

  test('the start checks it: health still answers 200 and reports the relay unusable, the log says why', async () => {
    const { statusCode, mail } = await until(async () => {
      const health = await healthOf(server);
      return health.mail.checkedAt !== null && health;
    });
    expect(statusCode).toBe(200);
    expect(mail).toMatchObject({ transport: 'smtp', ok: false, error: 'EAUTH 535' });
    const line = log.lines.find((l) => l.level >= LOG_LEVEL.error && /relay cannot be used/.test(l.msg));
    expect(line?.msg).toContain('535');
    expect(JSON.stringify(log.lines)).not.toContain('falsch');
  });

  test("an account mail that cannot be sent is logged with its reason (the office's validation mail)", async () => {
    const email = uniqueEmail();
    const res = await http.post('/api/user', { email, password: 'geheim123', company: 'Büro Anna' });
    expect(res.statusCode).toBe(201);
    expect((await failureLogged(email)).reason).toMatch(/535/);
    expect(relay.messages).toEqual([]);
  });

  test("a contact's validation mail and a delivery mail that cannot be sent are logged; the recipient counts as failed", async () => {
    const signUp = await http.post('/api/user', { email: uniqueEmail(), password: 'geheim123', company: 'Büro Anna' });
    const office = signUp.json<UserWithToken>();
    await server.deps.db.updateTable('office').set({ tier: 'P2' }).where('id', '=', office.officeId!).execute();
    // Its confirmation mail could not be sent either: confirmed here, so it may mail others.
    await server.deps.db.updateTable('app_user').set({ validated: true }).where('id', '=', office._id).execute();

    const contact = await createTestContact(server.app, office.token);
    expect((await http.post(`/api/contact/validate/${contact._id}`, {}, office.token)).statusCode).toBe(200);
    await failureLogged(contact.email);

    const { project, bundle } = await createTestProject(server.app, office.token);
    const plan = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-101' });
    await releaseStoredVersion(server, office.token, plan._id);
    const participant = await createTestParticipant(server.app, office.token, bundle);
    const sub = await subscribeTo(server, office.token, plan._id, participant._id);
    const delivery: DeliveryDto = await startDelivery(server, office.token, project._id, [
      { participant, subs: [sub._id] },
    ]);
    expect(await deliveryFinished(server, delivery._id)).toBe('ERROR');
    expect((await failureLogged(participant.email)).reason).toMatch(/535/);
  });
});

describe('a relay that takes our login', () => {
  let relay: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    relay = await startSmtpSink({ auth: { user: 'plankurier', pass: 'richtig' } });
    server = await startTestServer({ smtpUrl: relay.url.replace('smtp://', 'smtp://plankurier:richtig@') });
  });
  afterAll(async () => {
    await server.stop();
    await relay.close();
  });

  test('health reports it ready once checked', async () => {
    const { mail } = await until(async () => {
      const health = await healthOf(server);
      return health.mail.checkedAt !== null && health;
    });
    expect(mail).toMatchObject({ transport: 'smtp', ok: true, error: null });
  });
});

test('without SMTP_URL health reports the outbox', async () => {
  const server = await startTestServer({ smtpUrl: undefined });
  try {
    const { mail } = await until(async () => {
      const health = await healthOf(server);
      return health.mail.checkedAt !== null && health;
    });
    expect(mail).toMatchObject({ transport: 'outbox', ok: true });
  } finally {
    await server.stop();
  }
});
