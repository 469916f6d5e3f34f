import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { informalGermanIn, type DeliveryDto, type ParticipantDto, type ProjectBundle } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  openTestProject,
  prepareTestVersion,
  releaseTestVersion,
} from '../../../test/factories.ts';
import { deliveryBody, deliveryFinished, releaseStoredVersion, subscribeTo } from '../../../test/seed.ts';
import { insertStoredFixture } from '../../../test/upload-fixtures.ts';
import type { ReceivedMail } from '../../../test/smtp-sink.ts';
import { deliverToRecipient } from '../../jobs/delivery-mail-worker.ts';
import { sha256 } from '../auth/secrets.ts';
import { sleep, until } from '../../../test/until.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const deliveryStatus = (deliveryId: string) =>
  server.deps.db.selectFrom('delivery').select('status').where('id', '=', deliveryId).executeTakeFirstOrThrow();
const recipientsOf = (deliveryId: string) =>
  server.deps.db.selectFrom('delivery_recipient').selectAll().where('delivery_id', '=', deliveryId).execute();
const mailsOfDelivery = (deliveryId: string) =>
  server.smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<delivery-${deliveryId}.`));

/**
 * An office (company 'Büro Anna', reply-to and BCC address set; the BCC one confirmed by its owner,
 * the reply-to one not) with two released plans and three participants: one gets PDF only, one
 * DWG/DXF only, one both — of both plans.
 */
async function deliveryScene() {
  const office = await createTestOffice(server, 'P2');
  await server.deps.db
    .updateTable('app_user')
    .set({ reply_to_email: 'antwort@buero-anna.example', bcc_email: 'kopie@buero-anna.example' })
    .where('id', '=', office.userId)
    .execute();
  await server.deps.db
    .insertInto('mail_address_confirmation')
    .values({
      user_id: office.userId,
      email: 'kopie@buero-anna.example',
      code_hash: randomBytes(32),
      confirmed_at: new Date(),
    })
    .execute();
  const { project, bundle } = await createTestProject(server.app, office.token, { name: 'Haus Müller' });
  const plans = [
    await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-101', name: 'Grundriss EG' }),
    await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-102', name: 'Schnitt A-A' }),
  ];
  const versions = [];
  for (const plan of plans) versions.push(await releaseStoredVersion(server, office.token, plan._id));
  const formats = { pdf: [true, false], tec: [false, true], both: [true, true] } as const;
  const people = {} as Record<keyof typeof formats, { participant: ParticipantDto; subs: string[] }>;
  for (const [key, [getsPdf, getsTec]] of Object.entries(formats) as [
    keyof typeof formats,
    readonly [boolean, boolean],
  ][]) {
    const participant = await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: key, lastName: 'Empfänger', company: `Firma ${key}` },
    });
    const subs = [];
    for (const plan of plans)
      subs.push((await subscribeTo(server, office.token, plan._id, participant._id, { getsPdf, getsTec }))._id);
    people[key] = { participant, subs };
  }
  return { office, project, plans, versions, people };
}

const subStates = (bundle: ProjectBundle, subIds: string[]) =>
  subIds.map((id) => bundle.subs.find((s) => s._id === id)!.state.deliver);

describe('delivering plans by e-mail', () => {
  test('three participants get one mail each with their plans in their formats, a personal link, VERP sender and stable Message-ID', async () => {
    const { office, project, plans, versions, people } = await deliveryScene();
    const before = await openTestProject(server.app, office.token, project._id);
    expect(subStates(before, people.both.subs)).toEqual(['RED', 'RED']);

    const res = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, [people.pdf, people.tec, people.both], {
        subject: 'Projekt: P | Haus Müller',
        userMessage: 'Guten Tag,\nanbei die Pläne.',
        sendToBcc: true,
        includeSubscriberlistForDocs: [plans[0]!._id],
      }),
      office.token,
    );
    expect(res.statusCode).toBe(202);
    const delivery = res.json<DeliveryDto>();
    expect(delivery.status).toBe('DELIVERING');
    expect(delivery.recipients.map((r) => r.status)).toEqual(['PREPARING', 'PREPARING', 'PREPARING']);
    expect(await deliveryFinished(server, delivery._id)).toBe('DONE');

    const recipients = await recipientsOf(delivery._id);
    expect(recipients.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    const expectations = { pdf: ['PDF'], tec: ['DWG, DXF'], both: ['PDF, DWG, DXF'] } as const;
    for (const key of ['pdf', 'tec', 'both'] as const) {
      const participant = people[key].participant;
      const row = recipients.find((r) => r.participant_id === participant._id)!;
      const mails = mailsOfDelivery(delivery._id).filter((m) => m.parsed.messageId === row.message_id);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.envelopeTo).toEqual([participant.email]);
      expect(mail.envelopeFrom).toBe(`bounces+${row.envelope_token}@plankurier.local`);
      expect(row.envelope_token).toMatch(/^[0-9a-f]{32}$/);
      // The person who sent, never the company text; their reply address nobody confirmed is not
      // used: answers go to their own confirmed address (issue 36).
      expect(mail.parsed.from).toMatchObject({
        name: 'Anna Architektin via Plankurier',
        address: 'noreply@plankurier.local',
      });
      expect(mail.parsed.replyTo?.map((a) => a.address)).toEqual([office.email]);
      expect(mail.parsed.subject).toBe('Projekt: P | Haus Müller');
      expect(mail.parsed.messageId).toBe(`<delivery-${delivery._id}.${participant._id}@plankurier.test>`);
      expect(mail.parsed.bcc ?? []).toEqual([]);
      const html = mail.parsed.html!;
      for (const plan of plans) {
        expect(html).toContain(`>${plan.number}<`);
        expect(html).toContain(`>${plan.name}<`);
      }
      expect(html).toContain(`>${versions[0]!.index}<`);
      expect(html).toContain(`>${expectations[key][0]}<`);
      expect(html).toContain('Guten Tag,<br>anbei die Pläne.');
      expect(html).toContain('pdf Empfänger, Firma pdf'); // the subscriber list of A-101
      expect(mail.parsed.text).toContain('Büro Anna sendet Ihnen Pläne über Plankurier.');
      expect([informalGermanIn(html), informalGermanIn(mail.parsed.text!)]).toEqual([null, null]);
      const link = /http:\/\/plankurier\.test\/d\/([A-Za-z0-9_-]{43})/.exec(mail.parsed.text!);
      expect(link).not.toBeNull();
      expect(row.download_token_hash).toEqual(sha256(link![1]!));
      expect(html).toContain(`http://plankurier.test/d/${link![1]}`);
    }

    const after = await openTestProject(server.app, office.token, project._id);
    for (const key of ['pdf', 'tec', 'both'] as const)
      expect(subStates(after, people[key].subs)).toEqual(['GREEN', 'GREEN']);

    const locked = await http.put(`/api/version/${versions[0]!._id}`, { index: 'B' }, office.token);
    expect([locked.statusCode, locked.json().msgCode]).toEqual([409, 'version.locked']);

    const timeline = await server.deps.db
      .selectFrom('timeline_event')
      .select(['data'])
      .where('project_id', '=', project._id)
      .where('event_type', '=', 'EMAIL')
      .execute();
    expect(timeline).toHaveLength(3);
    expect(timeline.map((e) => (e.data as { deliveryId: string }).deliveryId)).toEqual([
      delivery._id,
      delivery._id,
      delivery._id,
    ]);

    const next = await prepareTestVersion(server.app, office.token, plans[0]!._id, 'B');
    await insertStoredFixture(server.deps, next, 'pdf', 'tracemonkey.pdf');
    await insertStoredFixture(server.deps, next, 'dwg', 'sample_2018.dwg');
    await releaseTestVersion(server.app, office.token, next._id);
    const released = await openTestProject(server.app, office.token, project._id);
    expect(subStates(released, people.both.subs)).toEqual(['RED', 'GREEN']);
    expect(subStates(released, people.pdf.subs)).toEqual(['RED', 'GREEN']);
  });

  test("the office's copy names the recipient and carries no personal link: following its links downloads nothing for them", async () => {
    const { office, project, plans, people } = await deliveryScene();
    const res = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, [people.pdf], { subject: 'Projekt: Kopie', sendToBcc: true }),
      office.token,
    );
    const delivery = res.json<DeliveryDto>();
    expect(await deliveryFinished(server, delivery._id)).toBe('DONE');
    const copy = await server.smtp.waitFor(
      (m) => m.envelopeTo.includes('kopie@buero-anna.example') && m.parsed.messageId!.includes(delivery._id),
    );
    const [row] = await recipientsOf(delivery._id);
    expect(copy.envelopeTo).toEqual(['kopie@buero-anna.example']);
    expect(copy.parsed.messageId).not.toBe(row!.message_id);
    // Its own envelope sender: a bounce of the copy is never taken for the recipient's.
    expect(copy.envelopeFrom).not.toContain(row!.envelope_token);
    expect(copy.parsed.subject).toBe('Projekt: Kopie');
    expect(copy.parsed.text).toContain(
      `Diese E-Mail wurde an pdf Empfänger <${people.pdf.participant.email}> gesendet`,
    );
    expect(copy.parsed.html).toContain(`>${plans[0]!.number}<`);

    // Everything the copy links to, followed as its reader would: a recipient link's page and its ZIP.
    const links = [...`${copy.parsed.html} ${copy.parsed.text}`.matchAll(/http:\/\/plankurier\.test[^\s"<>]*/g)].map(
      (m) => new URL(m[0]).pathname,
    );
    expect(links).toContain(`/project/${project._id}`);
    for (const path of new Set(links)) {
      const token = /^\/d\/([A-Za-z0-9_-]+)$/.exec(path)?.[1];
      if (!token) {
        await server.app.inject({ method: 'GET', url: path });
        continue;
      }
      await http.get(`/api/d/${token}`);
      const ticket = await http.post(`/api/d/${token}/zip/link`);
      if (ticket.statusCode === 200) await http.get(ticket.json<{ url: string }>().url);
    }
    const downloads = await server.deps.db
      .selectFrom('download')
      .select('id')
      .where('recipient_id', '=', row!.id)
      .execute();
    expect(downloads).toEqual([]);
    const bundle = await openTestProject(server.app, office.token, project._id);
    expect(people.pdf.subs.map((id) => bundle.subs.find((s) => s._id === id)!.state.download)).toEqual(['red', 'red']);
  });

  test('without a reply address of their own, answers go to the person who sent, not to the no-reply sender', async () => {
    const { office, project, people } = await deliveryScene();
    await server.deps.db.updateTable('app_user').set({ reply_to_email: '' }).where('id', '=', office.userId).execute();
    const { email } = await server.deps.db
      .selectFrom('app_user')
      .select('email')
      .where('id', '=', office.userId)
      .executeTakeFirstOrThrow();
    const res = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, [people.pdf], { sendToBcc: true }),
      office.token,
    );
    const delivery = res.json<DeliveryDto>();
    await deliveryFinished(server, delivery._id);
    const [mail] = mailsOfDelivery(delivery._id);
    expect(mail!.parsed.from?.address).toBe('noreply@plankurier.local');
    expect(mail!.parsed.replyTo?.map((a) => a.address)).toEqual([email]);
    const copy = await server.smtp.waitFor(
      (m) => m.parsed.messageId === `<office-copy-${delivery._id}.${people.pdf.participant._id}@plankurier.test>`,
    );
    expect(copy.parsed.replyTo?.map((a) => a.address)).toEqual([email]);
  });

  test('the preview is exactly the HTML the participant receives, except the link token', async () => {
    const { office, project, plans, people } = await deliveryScene();
    const message = {
      includeSubscriberlistForDocs: [plans[1]!._id],
      sendToBcc: false,
      forceSending: true,
      userMessage: 'Bitte prüfen.\nDanke!',
      subject: 'Projekt: Vorschau',
    };
    const preview = await http.post(
      '/api/delivery/preview',
      { projectId: project._id, participantId: people.both.participant._id, subIds: people.both.subs, ...message },
      office.token,
    );
    expect(preview.statusCode).toBe(200);
    const { previewHtml } = preview.json<{ previewHtml: string }>();
    expect(previewHtml).toContain('http://plankurier.test/d/vorschau');

    const res = await http.post(
      '/api/delivery/participants',
      {
        projectId: project._id,
        participants: [{ _id: people.both.participant._id, subs: people.both.subs }],
        ...message,
      },
      office.token,
    );
    const delivery = res.json<DeliveryDto>();
    await deliveryFinished(server, delivery._id);
    const [mail] = mailsOfDelivery(delivery._id);
    const token = /\/d\/([A-Za-z0-9_-]{43})/.exec(mail!.parsed.text!)![1]!;
    const normalise = (text: string) => text.replace(/\r\n/g, '\n').trimEnd();
    expect(normalise(mail!.parsed.html!).replaceAll(`/d/${token}`, '/d/vorschau')).toBe(normalise(previewHtml));
  });

  test('a retry of a recipient already sent sends nothing', async () => {
    const { office, project, people } = await deliveryScene();
    const res = await http.post('/api/delivery/participants', deliveryBody(project._id, [people.pdf]), office.token);
    const delivery = res.json<DeliveryDto>();
    await deliveryFinished(server, delivery._id);
    const [row] = await recipientsOf(delivery._id);
    expect(mailsOfDelivery(delivery._id)).toHaveLength(1);
    await deliverToRecipient(server.deps, { recipientId: row!.id });
    await deliverToRecipient(server.deps, { recipientId: row!.id });
    await sleep(300);
    expect(mailsOfDelivery(delivery._id)).toHaveLength(1);
    expect((await recipientsOf(delivery._id))[0]!.download_token_hash).toEqual(row!.download_token_hash);
  });

  test('subjects, names and messages with header breaks or markup add no header and no markup', async () => {
    const { office, project, people } = await deliveryScene();
    await server.deps.db
      .updateTable('office')
      .set({ company: 'Büro <b>Anna</b>\r\nBcc: firma@evil.example' })
      .where('id', '=', office.id)
      .execute();
    const res = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, [people.pdf], {
        subject: 'Pläne\r\nBcc: subject@evil.example',
        userMessage: '<img src=x onerror=alert(1)>\r\nBcc: message@evil.example',
      }),
      office.token,
    );
    expect(res.statusCode).toBe(202);
    const delivery = res.json<DeliveryDto>();
    await deliveryFinished(server, delivery._id);
    const [mail] = mailsOfDelivery(delivery._id) as [ReceivedMail];
    expect(mail.envelopeTo).toEqual([people.pdf.participant.email]);
    const headerBlock = mail.raw.toString('utf8').split(/\r?\n\r?\n/)[0]!;
    expect(headerBlock).not.toMatch(/^bcc:/im);
    expect(mail.parsed.html).not.toContain('<img src=x');
    expect(mail.parsed.html).not.toContain('<b>Anna');
    expect(mail.parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('refused deliveries change nothing', () => {
  const countDeliveries = async () =>
    Number(
      (
        await server.deps.db
          .selectFrom('delivery')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('without a company name in the profile the delivery is refused', async () => {
    const { office, project, people } = await deliveryScene();
    await server.deps.db.updateTable('office').set({ company: '  ' }).where('id', '=', office.id).execute();
    const before = await countDeliveries();
    const res = await http.post('/api/delivery/participants', deliveryBody(project._id, [people.pdf]), office.token);
    expect([res.statusCode, res.json().msgCode]).toEqual([400, 'delivery.company_missing']);
    expect(await countDeliveries()).toBe(before);
  });

  test('a plan without files refuses: no files at all, or some missing', async () => {
    const { office, project, people } = await deliveryScene();
    const { bundle } = { bundle: await openTestProject(server.app, office.token, project._id) };
    const empty = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
      number: 'A-199',
      name: 'Leer',
    });
    const sub = await subscribeTo(server, office.token, empty._id, people.pdf.participant._id);
    const before = await countDeliveries();
    const none = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, [{ participant: people.pdf.participant, subs: [sub._id] }]),
      office.token,
    );
    expect([none.statusCode, none.json().msgCode]).toEqual([409, 'delivery.no_files']);
    const some = await http.post(
      '/api/delivery/participants',
      deliveryBody(project._id, [{ participant: people.pdf.participant, subs: [...people.pdf.subs, sub._id] }]),
      office.token,
    );
    expect([some.statusCode, some.json().msgCode]).toEqual([409, 'delivery.files_missing']);
    expect(await countDeliveries()).toBe(before);
  });

  test("another office's project, participant or sub answers 404 and writes nothing", async () => {
    const mine = await deliveryScene();
    const theirs = await deliveryScene();
    const before = await countDeliveries();
    const calls = [
      deliveryBody(theirs.project._id, [theirs.people.pdf]),
      deliveryBody(mine.project._id, [theirs.people.pdf]),
      deliveryBody(mine.project._id, [{ participant: mine.people.pdf.participant, subs: theirs.people.pdf.subs }]),
      deliveryBody(mine.project._id, [{ participant: mine.people.pdf.participant, subs: mine.people.tec.subs }]),
    ];
    for (const body of calls) {
      const res = await http.post('/api/delivery/participants', body, mine.office.token);
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    const preview = await http.post(
      '/api/delivery/preview',
      {
        projectId: mine.project._id,
        participantId: theirs.people.pdf.participant._id,
        subIds: theirs.people.pdf.subs,
        forceSending: true,
        subject: 'x',
      },
      mine.office.token,
    );
    expect(preview.statusCode).toBe(404);
    const stop = await http.post('/api/delivery/stop', { projectId: theirs.project._id }, mine.office.token);
    expect(stop.statusCode).toBe(404);
    expect(await countDeliveries()).toBe(before);
  });
});

describe('stopping a delivery', () => {
  test('recipients not yet sent are stopped; no mail goes out after the stop', async () => {
    const { office, project, plans } = await deliveryScene();
    const bundle = await openTestProject(server.app, office.token, project._id);
    const many = [];
    for (let i = 0; i < 20; i++) {
      const participant = await createTestParticipant(server.app, office.token, bundle, {
        contact: { lastName: `Empfänger ${i}` },
      });
      many.push({
        participant,
        subs: [(await subscribeTo(server, office.token, plans[0]!._id, participant._id))._id],
      });
    }
    server.smtp.delayMs = 250;
    try {
      const res = await http.post('/api/delivery/participants', deliveryBody(project._id, many), office.token);
      const delivery = res.json<DeliveryDto>();
      await until(async () => mailsOfDelivery(delivery._id).length > 0);
      const stop = await http.post('/api/delivery/stop', { projectId: project._id }, office.token);
      expect(stop.statusCode).toBe(200);
      const stopped = stop.json<{ participants: ParticipantDto[]; subs: unknown[] }>();
      expect(stopped.participants.length).toBe(23);
      expect(stopped.subs.length).toBeGreaterThan(20);
      await sleep(1500); // mails already on their way finish
      const rows = await recipientsOf(delivery._id);
      expect(rows.every((r) => r.status === 'SUCCESS' || r.status === 'STOPPED')).toBe(true);
      const success = rows.filter((r) => r.status === 'SUCCESS').length;
      expect(success).toBeGreaterThan(0);
      expect(success).toBeLessThan(20);
      const mails = mailsOfDelivery(delivery._id).length;
      expect(mails).toBe(success);
      await sleep(1500);
      expect(mailsOfDelivery(delivery._id).length).toBe(mails);
      expect((await deliveryStatus(delivery._id)).status).toBe('STOPPED');
    } finally {
      server.smtp.delayMs = 0;
    }
  });
});
