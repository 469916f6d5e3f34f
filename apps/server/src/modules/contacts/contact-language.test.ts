import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ContactDto, RecipientPageDto, User } from '@plankurier/shared';
import { api, codeFromMail } from '../../../test/api.ts';
import { importContactFile, contactsOf } from '../../../test/contact-import.ts';
import {
  createTestContact,
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
} from '../../../test/factories.ts';
import { deliveryFinished, releaseVersionWithRows, startDelivery, subscribeTo } from '../../../test/seed.ts';
import type { ReceivedMail } from '../../../test/smtp-sink.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { sendDueReceiptReminders } from '../receipts/service.ts';

/** The clock of receipt reminders: moved forward instead of waiting. */
let clock = new Date();
let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  http = api(server.app);
});
afterAll(() => server.stop());

const HOUR = 60 * 60 * 1000;

/** Switches the person's interface language, as the settings tab does. */
async function speak(token: string, locale: 'de' | 'en') {
  const res = await http.put('/api/user', { updateType: 'UPDATE_PROFILE', locale }, token);
  expect(res.statusCode).toBe(200);
  return res.json<User>();
}

/** An office with one released plan and a participant of the given contact fields, subscribed to it. */
async function sceneWith(contact: Record<string, unknown>) {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token, { number: '2026-07', name: 'Kita' });
  const plan = await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
    number: 'A-101',
    name: 'Grundriss EG',
  });
  await releaseVersionWithRows(server, office.token, plan._id);
  const participant = await createTestParticipant(server.app, office.token, bundle, { contact });
  const sub = await subscribeTo(server, office.token, plan._id, participant._id);
  return { office, project, participant, sub };
}

/** Sends the scene's plan with this subject and answers the mail the SMTP server received. */
async function deliver(scene: Awaited<ReturnType<typeof sceneWith>>, extra: Record<string, unknown> = {}) {
  const started = await startDelivery(
    server,
    scene.office.token,
    scene.project._id,
    [{ participant: scene.participant, subs: [scene.sub._id] }],
    extra,
  );
  await deliveryFinished(server, started._id);
  return server.smtp.waitFor(
    (m) => m.envelopeTo.includes(scene.participant.email) && m.parsed.messageId?.includes(started._id) === true,
  );
}

const tokenIn = (mail: ReceivedMail) => /\/d\/([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')![1]!;

describe('each contact has a language', () => {
  test("a new contact takes the office's language, the owner's interface language; one given is kept", async () => {
    const office = await createTestOffice(server);
    expect((await createTestContact(server.app, office.token)).locale).toBe('de');
    const user = await speak(office.token, 'en');
    expect(user.officeLocale).toBe('en');
    expect((await createTestContact(server.app, office.token)).locale).toBe('en');
    const german = await createTestContact(server.app, office.token, { locale: 'de' });
    expect(german.locale).toBe('de');

    const changed = await http.put(`/api/contact/${german._id}`, { locale: 'en', rev: german.rev }, office.token);
    expect([changed.statusCode, changed.json<ContactDto>().locale]).toEqual([200, 'en']);
    const refused = await http.put(`/api/contact/${german._id}`, { locale: 'fr' }, office.token);
    expect([refused.statusCode, refused.json().msgCode]).toEqual([400, 'common.validation']);
    const created = await http.post('/api/contact', { email: 'x@example.org', locale: 'it' }, office.token);
    expect([created.statusCode, created.json().msgCode]).toEqual([400, 'common.validation']);
  });

  test('a language column of an import is read; a contact without one takes the office’s language', async () => {
    const office = await createTestOffice(server);
    await speak(office.token, 'en');
    const file = Buffer.from(
      [
        'Vorname;Nachname;E-Mail;Sprache',
        'Anna;Berg;anna.berg@example.org;Deutsch',
        'John;Smith;john.smith@example.org;en-GB',
        'Lea;Ohne;lea.ohne@example.org;',
        'Marc;Dupont;marc.dupont@example.org;Französisch',
      ].join('\r\n'),
    );
    const report = await importContactFile(server, office.token, 'kontakte.csv', file);
    expect(report.imported).toBe(4);
    expect(report.details?.columns.map((c) => c.field)).toContain('locale');
    const byEmail = Object.fromEntries((await contactsOf(server, office.token)).map((c) => [c.email, c.locale]));
    expect(byEmail).toEqual({
      'anna.berg@example.org': 'de',
      'john.smith@example.org': 'en',
      'lea.ohne@example.org': 'en',
      'marc.dupont@example.org': 'en',
    });
  });

  test('a vCard’s LANG is the contact’s language', async () => {
    const office = await createTestOffice(server);
    const card = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Jane Doe',
      'EMAIL:jane.doe@example.org',
      'LANG;PREF=1:en',
      'END:VCARD',
    ];
    await importContactFile(server, office.token, 'jane.vcf', Buffer.from(card.join('\r\n')));
    expect((await contactsOf(server, office.token)).map((c) => [c.email, c.locale])).toEqual([
      ['jane.doe@example.org', 'en'],
    ]);
  });
});

describe("the mails and the page speak the contact's language, not the sender's", () => {
  test('a German contact gets a German mail and page from a sender whose interface is English', async () => {
    const scene = await sceneWith({ firstName: 'Max', lastName: 'Bauer' });
    await speak(scene.office.token, 'en');
    const mail = await deliver(scene, { subject: 'Project: 2026-07 | Kita' });
    expect(mail.parsed.subject).toBe('Project: 2026-07 | Kita');
    expect(mail.parsed.text).toContain('Büro Anna sendet Ihnen Pläne über Plankurier.');
    expect(mail.parsed.text).toContain('Projekt: 2026-07 | Kita');
    expect(mail.parsed.text).toContain('Dateien herunterladen');
    expect(mail.parsed.html).toContain('Ihre Pläne');
    expect(mail.parsed.text).not.toContain('sends you plans');

    const page = await http.get(`/api/d/${tokenIn(mail)}`);
    expect(page.json<RecipientPageDto>().recipient).toEqual({ name: 'Max Bauer', locale: 'de' });
  });

  test('an English contact gets an English mail from a sender whose interface is German; so does the preview', async () => {
    const scene = await sceneWith({ firstName: 'John', lastName: 'Smith', locale: 'en' });
    const preview = await http.post(
      '/api/delivery/preview',
      {
        projectId: scene.project._id,
        participantId: scene.participant._id,
        subIds: [scene.sub._id],
        includeSubscriberlistForDocs: [],
        sendToBcc: false,
        forceSending: true,
        userMessage: '',
        subject: 'Projekt: 2026-07 | Kita',
      },
      scene.office.token,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json<{ previewHtml: string }>().previewHtml).toContain('Büro Anna sends you plans via Plankurier.');

    const mail = await deliver(scene);
    expect(mail.parsed.text).toContain('Büro Anna sends you plans via Plankurier.');
    expect(mail.parsed.text).toContain('Project: 2026-07 | Kita');
    expect(mail.parsed.text).toContain('Download files');
    expect(mail.parsed.text).not.toContain('Ihre Pläne');
    const page = await http.get(`/api/d/${tokenIn(mail)}`);
    expect(page.json<RecipientPageDto>().recipient.locale).toBe('en');
  });

  test('receipt reminders speak the contact’s language', async () => {
    const sentAt = Date.now();
    clock = new Date(sentAt);
    const scene = await sceneWith({ firstName: 'John', lastName: 'Smith', locale: 'en' });
    await deliver(scene, { requestReceipt: true, receiptReminderDays: 1 });
    clock = new Date(sentAt + 25 * HOUR);
    await sendDueReceiptReminders(server.deps);
    const reminder = await server.smtp.waitFor(
      (m) => m.envelopeTo.includes(scene.participant.email) && m.parsed.subject?.startsWith('Reminder') === true,
    );
    expect(reminder.parsed.subject).toBe('Reminder: please confirm receipt – Projekt: P | Haus Müller');
    expect(reminder.parsed.text).toContain('Büro Anna sent you plans via Plankurier on');
  });

  test('the confirmation mail of a contact’s address speaks its language', async () => {
    const office = await createTestOffice(server);
    await speak(office.token, 'en');
    const contact = await createTestContact(server.app, office.token, { locale: 'de' });
    expect((await http.post(`/api/contact/validate/${contact._id}`, {}, office.token)).statusCode).toBe(200);
    const mail = await server.smtp.waitFor((m) => m.envelopeTo.includes(contact.email));
    expect(mail.parsed.subject).toBe('Planversand von Büro Anna: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(codeFromMail(mail.parsed.text, '/contact/validate')).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
