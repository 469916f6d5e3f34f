import nodemailer from 'nodemailer';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ParticipantDto, ProjectBundle, TimelineResponse } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  openTestProject,
} from '../../../test/factories.ts';
import { deliveryFinished, releaseVersionWithRows, startDelivery, subscribeTo } from '../../../test/seed.ts';
import type { ReceivedMail } from '../../../test/smtp-sink.ts';
import { sleep, until } from '../../../test/until.ts';
import { returnedMail } from './fixtures.ts';

const SECRET = 'bounce-hook-secret-for-tests-0123456789';

/** The returned mail `file` for a recipient row: its VERP token, address and Message-ID. */
const returnedFor = (file: string, row: { envelope_token: string; email: string; message_id: string }) =>
  returnedMail(file, { token: row.envelope_token, email: row.email, messageId: row.message_id });
let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer({ bounceWebhookSecret: SECRET });
  http = api(server.app);
});
afterAll(() => server.stop());

const recipientRows = (deliveryId: string) =>
  server.deps.db.selectFrom('delivery_recipient').selectAll().where('delivery_id', '=', deliveryId).execute();

/** Returned mail handed to the server's bounce listener over SMTP, as a remote MTA would. */
async function sendToListener(raw: string | Buffer, to: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: server.bounceListener!.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail({ envelope: { from: 'MAILER-DAEMON@mx.example.org', to: [to] }, raw });
  } finally {
    transport.close();
  }
}

const hook = (payload: string | Buffer | object, contentType: string, secret: string | null = SECRET) =>
  server.app.inject({
    method: 'POST',
    url: '/api/hooks/bounce',
    headers: { 'content-type': contentType, ...(secret === null ? {} : { authorization: `Bearer ${secret}` }) },
    payload: payload as string,
  });

/** An office with one released plan (a PDF) and three participants subscribed to it, all sent to. */
async function deliveredScene() {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token, { name: 'Haus Müller' });
  const plan = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
    number: 'A-101',
    name: 'Grundriss',
  });
  await releaseVersionWithRows(server, office.token, plan._id);
  const people: { participant: ParticipantDto; sub: string }[] = [];
  for (const name of ['Anna', 'Bert', 'Clara']) {
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: name, lastName: 'Empfänger' },
    });
    people.push({ participant, sub: (await subscribeTo(server, office.token, plan._id, participant._id))._id });
  }
  const deliveryId = await deliver(office.token, project._id, people);
  const rows = await recipientRows(deliveryId);
  const rowOf = (p: { participant: ParticipantDto }) => rows.find((r) => r.participant_id === p.participant._id)!;
  return { office, project, plan, people, deliveryId, rowOf };
}

async function deliver(token: string, projectId: string, people: { participant: ParticipantDto; sub: string }[]) {
  const sent = people.map((p) => ({ participant: p.participant, subs: [p.sub] }));
  const { _id } = await startDelivery(server, token, projectId, sent);
  await deliveryFinished(server, _id);
  return _id;
}

const bundleOf = (token: string, projectId: string) => openTestProject(server.app, token, projectId);
const stateOf = (bundle: ProjectBundle, p: { participant: ParticipantDto; sub: string }) => ({
  participant: bundle.participants.find((x) => x._id === p.participant._id)!.state,
  sub: bundle.subs.find((s) => s._id === p.sub)!.state,
});

async function emailEvents(token: string, projectId: string) {
  const res = await http.post('/api/timeline', { project: projectId, eventType: 'EMAIL' }, token);
  expect(res.statusCode).toBe(200);
  return res.json<TimelineResponse>().events;
}

describe('bounces through the SMTP listener', () => {
  test('a permanent DSN turns the recipient, its sub and participant RED with the bounce, and the timeline shows it', async () => {
    const { office, project, people, rowOf } = await deliveredScene();
    const [anna, bert] = people as [(typeof people)[0], (typeof people)[0]];
    const before = await bundleOf(office.token, project._id);
    expect(stateOf(before, anna)).toEqual({
      participant: { deliver: 'GREEN', bounce: null },
      sub: { deliver: 'GREEN', download: 'red', bounce: null },
    });

    const row = rowOf(anna);
    await sendToListener(returnedFor('postfix-user-unknown.eml', row), `bounces+${row.envelope_token}@plankurier.test`);
    const bounced = await until(async () => {
      const r = (await recipientRows(row.delivery_id)).find((x) => x.id === row.id)!;
      return r.bounce_state !== 'none' && r;
    });
    expect([bounced.bounce_state, bounced.bounce_status]).toEqual(['permanent', '5.1.1']);
    expect(bounced.bounce_diagnostic).toContain('User unknown');

    const after = await bundleOf(office.token, project._id);
    const annaState = stateOf(after, anna);
    expect(annaState.participant.deliver).toBe('RED');
    expect(annaState.sub.deliver).toBe('RED');
    expect(annaState.participant.bounce).toMatchObject({ kind: 'permanent', status: '5.1.1' });
    expect(annaState.sub.bounce).toMatchObject({ kind: 'permanent', status: '5.1.1' });
    expect(stateOf(after, bert)).toEqual(stateOf(before, bert));

    const events = await emailEvents(office.token, project._id);
    const annaEvent = events.find((e) => e.data.participantId === anna.participant._id)!;
    expect(annaEvent.data.bounce).toMatchObject({ state: 'permanent', status: '5.1.1' });
    expect(events.filter((e) => e.data.bounce !== undefined)).toHaveLength(1);

    // A later delay notice does not downgrade a permanent bounce.
    await sendToListener(
      returnedFor('postfix-delayed-connect.eml', row),
      `bounces+${row.envelope_token}@plankurier.test`,
    );
    await sleep(300);
    expect((await recipientRows(row.delivery_id)).find((x) => x.id === row.id)!.bounce_state).toBe('permanent');
  });

  test('a transient DSN shows as waiting and keeps the files delivered; the permanent one after it wins', async () => {
    const { office, project, people, rowOf } = await deliveredScene();
    const bert = people[1]!;
    const row = rowOf(bert);
    await sendToListener(
      returnedFor('postfix-delayed-mailbox-full.eml', row),
      `bounces+${row.envelope_token}@plankurier.test`,
    );
    await until(
      async () => (await recipientRows(row.delivery_id)).find((x) => x.id === row.id)!.bounce_state === 'transient',
    );
    const waiting = stateOf(await bundleOf(office.token, project._id), bert);
    expect(waiting.sub.deliver).toBe('GREEN');
    expect(waiting.participant.bounce).toMatchObject({ kind: 'transient', status: '4.2.2' });
    expect(
      (await emailEvents(office.token, project._id)).find((e) => e.data.participantId === bert.participant._id)!.data
        .bounce,
    ).toMatchObject({ state: 'transient' });

    // Exim's plain-text bounce, matched by the VERP envelope recipient.
    await sendToListener(returnedFor('exim-user-unknown.eml', row), `bounces+${row.envelope_token}@plankurier.test`);
    await until(
      async () => (await recipientRows(row.delivery_id)).find((x) => x.id === row.id)!.bounce_state === 'permanent',
    );
    expect(stateOf(await bundleOf(office.token, project._id), bert).sub.deliver).toBe('RED');
  });

  test('mail to any other address is refused; garbage, unknown tokens and revoked links change nothing', async () => {
    const { office, project, people, rowOf, deliveryId } = await deliveredScene();
    await expect(sendToListener('Subject: hi\r\n\r\nhello', 'office@plankurier.test')).rejects.toMatchObject({
      responseCode: 550,
    });
    // Larger than the listener takes: refused with 552.
    const huge = `Subject: big\r\n\r\n${'x'.repeat(76).concat('\r\n').repeat(30_000)}`;
    await expect(
      sendToListener(huge, `bounces+${rowOf(people[0]!).envelope_token}@plankurier.test`),
    ).rejects.toMatchObject({
      responseCode: 552,
    });
    // Garbage to a real token: accepted (a bounce must not bounce), nothing recorded.
    const row = rowOf(people[0]!);
    await sendToListener(
      Buffer.from([0, 1, 2, 255, 13, 10, 13, 10, 9]),
      `bounces+${row.envelope_token}@plankurier.test`,
    );
    // A DSN for a token that is no one's.
    const unknown = 'ffffffffffffffffffffffffffffffff';
    await sendToListener(
      returnedFor('postfix-user-unknown.eml', {
        envelope_token: unknown,
        email: row.email,
        message_id: '<nobody@plankurier.test>',
      }),
      `bounces+${unknown}@plankurier.test`,
    );
    // A revoked link takes no more bounces.
    const revoked = rowOf(people[2]!);
    expect((await http.post(`/api/delivery/recipient/${revoked.id}/revoke`, {}, office.token)).statusCode).toBe(204);
    await sendToListener(
      returnedFor('postfix-user-unknown.eml', revoked),
      `bounces+${revoked.envelope_token}@plankurier.test`,
    );
    await sleep(300);
    expect((await recipientRows(deliveryId)).map((r) => r.bounce_state)).toEqual(['none', 'none', 'none']);
    const bundle = await bundleOf(office.token, project._id);
    expect(bundle.participants.map((p) => p.state)).toEqual(people.map(() => ({ deliver: 'GREEN', bounce: null })));
  });
});

describe('bounces through the webhook', () => {
  test('a raw DSN and then a JSON notice by Message-ID: transient, then permanent', async () => {
    const { office, project, people, rowOf } = await deliveredScene();
    const clara = people[2]!;
    const row = rowOf(clara);
    const raw = returnedFor('postfix-delayed-connect.eml', row);
    const first = await hook(raw, 'message/rfc822');
    expect([first.statusCode, first.json()]).toEqual([202, { outcome: 'recorded' }]);
    expect(stateOf(await bundleOf(office.token, project._id), clara).participant.bounce).toMatchObject({
      kind: 'transient',
      status: '4.4.1',
    });

    const second = await hook(
      { messageId: row.message_id, status: '5.1.1', diagnostic: '550 5.1.1 User unknown' },
      'application/json',
    );
    expect([second.statusCode, second.json()]).toEqual([202, { outcome: 'recorded' }]);
    const state = stateOf(await bundleOf(office.token, project._id), clara);
    expect(state.sub.deliver).toBe('RED');
    expect(state.participant.bounce).toMatchObject({
      kind: 'permanent',
      status: '5.1.1',
      diagnostic: '550 5.1.1 User unknown',
    });

    // JSON naming the VERP address, and a transient one after the permanent: nothing to downgrade.
    const third = await hook(
      { recipient: `bounces+${row.envelope_token}@plankurier.test`, status: '4.2.2' },
      'application/json',
    );
    expect(third.json()).toEqual({ outcome: 'ignored' });
    expect((await recipientRows(row.delivery_id)).find((r) => r.id === row.id)!.bounce_state).toBe('permanent');
  });

  test('wrong or missing secret answers 401, bad JSON 400, garbage and unknown mail are ignored, no secret configured 404', async () => {
    const { people, rowOf, deliveryId } = await deliveredScene();
    const row = rowOf(people[0]!);
    const dsn = returnedFor('postfix-user-unknown.eml', row);
    for (const secret of ['wrong-secret-wrong-secret-wrong', null]) {
      const res = await hook(dsn, 'message/rfc822', secret);
      expect([res.statusCode, res.json().msgCode]).toEqual([401, 'common.unauthorized']);
    }
    const bad = await hook({ status: '5.1.1' }, 'application/json');
    expect([bad.statusCode, bad.json().msgCode]).toEqual([400, 'common.validation']);
    const badStatus = await hook({ messageId: row.message_id, status: 'kaputt' }, 'application/json');
    expect([badStatus.statusCode, badStatus.json().msgCode]).toEqual([400, 'common.validation']);
    const garbage = await hook(Buffer.from([0, 255, 13, 10, 1, 2, 3]), 'message/rfc822');
    expect([garbage.statusCode, garbage.json()]).toEqual([202, { outcome: 'ignored' }]);
    const text = await hook('no bounce at all', 'text/plain');
    expect([text.statusCode, text.json()]).toEqual([202, { outcome: 'ignored' }]);
    const unknown = await hook({ messageId: '<someone-else@example.org>', status: '5.1.1' }, 'application/json');
    expect(unknown.json()).toEqual({ outcome: 'ignored' });
    expect((await recipientRows(deliveryId)).map((r) => r.bounce_state)).toEqual(['none', 'none', 'none']);

    server.deps.config.bounceWebhookSecret = undefined;
    try {
      const off = await hook(dsn, 'message/rfc822');
      expect([off.statusCode, off.json().msgCode]).toEqual([404, 'common.not_found']);
    } finally {
      server.deps.config.bounceWebhookSecret = SECRET;
    }
    expect((await recipientRows(deliveryId)).map((r) => r.bounce_state)).toEqual(['none', 'none', 'none']);
  });
});

describe('returned mail of other mail systems, end to end', () => {
  const rowNow = async (row: { id: string; delivery_id: string }) =>
    (await recipientRows(row.delivery_id)).find((x) => x.id === row.id)!;
  const toBounceAddress = (row: { envelope_token: string }) => `bounces+${row.envelope_token}@plankurier.test`;

  test('over SMTP: an Exchange report that gave up with 4.4.7 and a Google Groups notice without status are permanent; an out-of-office reply changes nothing', async () => {
    const { office, project, people, rowOf } = await deliveredScene();
    const [anna, bert, clara] = people.map(rowOf) as [
      ReturnType<typeof rowOf>,
      ReturnType<typeof rowOf>,
      ReturnType<typeof rowOf>,
    ];
    // The listener answers 250 once the bounce is recorded, so each row is final when the send resolves.
    await sendToListener(returnedFor('exchange-2010-queue-expired.eml', anna), toBounceAddress(anna));
    await sendToListener(returnedFor('google-groups-no-permission.eml', bert), toBounceAddress(bert));
    await sendToListener(returnedFor('auto-reply-outlook-delivery-notification.eml', clara), toBounceAddress(clara));

    const annaRow = await rowNow(anna);
    expect([annaRow.bounce_state, annaRow.bounce_status]).toEqual(['permanent', '4.4.7']);
    expect(annaRow.bounce_diagnostic).toContain('QUEUE.Expired');
    const bertRow = await rowNow(bert);
    expect([bertRow.bounce_state, bertRow.bounce_status]).toEqual(['permanent', '5.0.0']);
    expect(bertRow.bounce_diagnostic).toContain('you may not have permission to post messages to the group');
    expect((await rowNow(clara)).bounce_state).toBe('none');

    const bundle = await bundleOf(office.token, project._id);
    expect(people.map((p) => stateOf(bundle, p).sub.deliver)).toEqual(['RED', 'RED', 'GREEN']);
    expect(stateOf(bundle, people[0]!).participant.bounce).toMatchObject({ kind: 'permanent', status: '4.4.7' });
  });

  test('over the webhook: an SES notification mail and a bare SES notification are matched by the VERP sender they name', async () => {
    const { people, rowOf } = await deliveredScene();
    const [anna, bert] = people.map(rowOf) as [ReturnType<typeof rowOf>, ReturnType<typeof rowOf>];
    const mail = await hook(returnedFor('ses-notification-transient-expired.eml', anna), 'message/rfc822');
    expect([mail.statusCode, mail.json()]).toEqual([202, { outcome: 'recorded' }]);
    const notification = {
      notificationType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [
          { emailAddress: bert.email, status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
        ],
      },
      mail: { source: toBounceAddress(bert) },
    };
    const sns = JSON.stringify({ Type: 'Notification', Message: JSON.stringify(notification) });
    const bare = await hook(sns, 'text/plain');
    expect([bare.statusCode, bare.json()]).toEqual([202, { outcome: 'recorded' }]);

    const [annaRow, bertRow] = [await rowNow(anna), await rowNow(bert)];
    expect([annaRow.bounce_state, annaRow.bounce_status]).toEqual(['permanent', '4.4.7']);
    expect([bertRow.bounce_state, bertRow.bounce_status, bertRow.bounce_diagnostic]).toEqual([
      'permanent',
      '5.1.1',
      'smtp; 550 5.1.1 user unknown',
    ]);
  });
});

describe('after a bounce', () => {
  test('the office corrects the address and sends again: the new mail goes to it and the bounce is gone', async () => {
    const { office, project, people, rowOf } = await deliveredScene();
    const anna = people[0]!;
    const row = rowOf(anna);
    await hook({ messageId: row.message_id, status: '5.1.1' }, 'application/json');
    expect(stateOf(await bundleOf(office.token, project._id), anna).participant.bounce?.kind).toBe('permanent');

    const corrected = `anna-richtig-${Date.now()}@example.org`;
    const edit = await http.put(`/api/contact/${anna.participant.contact}`, { email: corrected }, office.token);
    expect(edit.statusCode).toBe(200);
    const again = await deliver(office.token, project._id, [anna]);
    const [newRow] = await recipientRows(again);
    expect([newRow!.status, newRow!.email]).toEqual(['SUCCESS', corrected]);
    await server.smtp.waitFor((m) => m.parsed.messageId === newRow!.message_id && m.envelopeTo.includes(corrected));

    const state = stateOf(await bundleOf(office.token, project._id), anna);
    expect(state).toMatchObject({
      participant: { deliver: 'GREEN', bounce: null },
      sub: { deliver: 'GREEN', bounce: null },
    });
    // The timeline keeps the history: the old mail's bounce, the new mail without one.
    const events = (await emailEvents(office.token, project._id)).filter(
      (e) => e.data.participantId === anna.participant._id,
    );
    expect(events.map((e) => (e.data.bounce as { state?: string } | undefined)?.state ?? null)).toEqual([
      null,
      'permanent',
    ]);
  });

  test("an office never sees another office's bounce", async () => {
    const a = await deliveredScene();
    const b = await deliveredScene();
    const row = a.rowOf(a.people[0]!);
    await hook({ messageId: row.message_id, status: '5.1.1' }, 'application/json');
    const open = await http.get(`/api/project/${a.project._id}`, b.office.token);
    expect([open.statusCode, open.json().msgCode]).toEqual([404, 'common.not_found']);
    const timeline = await http.post('/api/timeline', { project: a.project._id, eventType: 'EMAIL' }, b.office.token);
    expect([timeline.statusCode, timeline.json().msgCode]).toEqual([404, 'common.not_found']);
    const bBundle = await bundleOf(b.office.token, b.project._id);
    expect(bBundle.participants.every((p) => p.state.bounce === null)).toBe(true);
    expect((await emailEvents(b.office.token, b.project._id)).some((e) => e.data.bounce !== undefined)).toBe(false);
  });
});

describe('delivery status ERROR', () => {
  let refusing: SMTPServer;
  let other: TestServer;
  /** What the refusing server accepted (the office's sign-up mail), for signUpOffice. */
  const accepted: ReceivedMail[] = [];

  beforeAll(async () => {
    // A real SMTP server that refuses every address starting with 'unbekannt' for good (550 5.1.1).
    refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('unbekannt'))
          return callback(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          void PostalMime.parse(raw).then((parsed) => {
            accepted.push({ envelopeFrom: '', envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.server.address() as AddressInfo;
    other = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await other.stop();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });

  /** An office of the refusing server's test server; its sign-up mail arrives there. */
  async function officeOfOther() {
    const smtp = {
      ...other.smtp,
      waitFor: (match: (m: ReceivedMail) => boolean) => until(async () => accepted.find(match)),
    };
    return createTestOffice({ ...other, smtp }, 'P2');
  }

  async function sendTo(emails: string[]) {
    const office = await officeOfOther();
    const { project, bundle } = await createTestProject(other.app, office.token, { name: 'Fehlerhaus' });
    const plan = await createTestDoc(other.app, office.token, folderOf(bundle)._id, { number: 'F-1', name: 'Plan' });
    await releaseVersionWithRows(other, office.token, plan._id);
    const participants = [];
    for (const email of emails) {
      const participant = await createTestParticipant(other.app, office.token, bundle, { contact: { email } });
      const sub = await subscribeTo(other, office.token, plan._id, participant._id);
      participants.push({ participant, subs: [sub._id] });
    }
    const delivery = await startDelivery(other, office.token, project._id, participants, {
      subject: 'Projekt: F | Fehlerhaus',
    });
    const deliveryId = delivery._id;
    const status = await deliveryFinished(other, deliveryId);
    const rows = await other.deps.db
      .selectFrom('delivery_recipient')
      .select(['status'])
      .where('delivery_id', '=', deliveryId)
      .execute();
    return { status, recipients: rows.map((r) => r.status).sort() };
  }

  test('every recipient refused for good (SMTP 5xx): the delivery ends in ERROR', async () => {
    const stamp = Date.now();
    expect(await sendTo([`unbekannt-1-${stamp}@example.org`, `unbekannt-2-${stamp}@example.org`])).toEqual({
      status: 'ERROR',
      recipients: ['FAILED', 'FAILED'],
    });
  });

  test('one refused and one accepted: the delivery is DONE', async () => {
    const stamp = Date.now();
    expect(await sendTo([`unbekannt-3-${stamp}@example.org`, `richtig-${stamp}@example.org`])).toEqual({
      status: 'DONE',
      recipients: ['FAILED', 'SUCCESS'],
    });
  });
});
