import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { User } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, codeFromMail, signUpOffice } from '../../../test/api.ts';
import { createTestOffice } from '../../../test/factories.ts';
import { deliveryBody, deliveryFinished, planWithReceivers, startDelivery } from '../../../test/seed.ts';
import { until } from '../../../test/until.ts';
import { sendMailAddressConfirmation } from '../../jobs/mail-address-confirmation.ts';

let server: TestServer;
const http = () => api(server.app);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const db = () => server.deps.db;
const CONFIRM_PATH = '/mail-address/confirm';
const SUBJECT = 'Plankurier – bitte bestätigen Sie diese E-Mail-Adresse';
const mailsTo = (address: string) => server.smtp.messages.filter((m) => m.envelopeTo.includes(address.toLowerCase()));
const confirmationTo = (address: string) =>
  server.smtp.waitFor((m) => m.envelopeTo.includes(address) && m.parsed.subject === SUBJECT);
const deliveryMail = (deliveryId: string) =>
  server.smtp.messages.find((m) => m.parsed.messageId?.startsWith(`<delivery-${deliveryId}.`))!;
const codeOf = (mail: { parsed: { text?: string | undefined } }) => codeFromMail(mail.parsed.text, CONFIRM_PATH);

const saveAddresses = (token: string, addresses: { bccEmail?: string; replyToEmail?: string }) =>
  http().put('/api/user', { updateType: 'UPDATE_PROFILE', ...addresses }, token);
const profile = async (token: string) => (await http().get('/api/user', token)).json<User>();
const confirm = (code: string) => http().post('/api/mail-address/confirm', { code });
const askAgain = (token: string, address: 'bcc' | 'replyTo') =>
  http().post('/api/user/mail-address-confirmation', { address }, token);
const countedConfirmations = async (officeId: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from mail_send
      where office_id = ${officeId} and kind = 'address_confirmation'`.execute(db())
  ).rows[0]!.n;

describe('BCC and Reply-To addresses are used only once their owner confirmed them (issue 36)', () => {
  test('a new address is mailed a link; until it is followed no copy goes and answers go to the sender', async () => {
    const { office, project, people } = await planWithReceivers(server, 1);
    const saved = await saveAddresses(office.token, {
      bccEmail: 'Kopie@Extern.example',
      replyToEmail: 'antwort@extern.example',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<User>()).toMatchObject({
      bccEmail: 'kopie@extern.example',
      bccState: 'pending',
      replyToState: 'pending',
    });
    const [bccMail, replyMail] = await Promise.all([
      confirmationTo('kopie@extern.example'),
      confirmationTo('antwort@extern.example'),
    ]);
    // It says who asks and for what, in the recipient's voice, and nothing else is mailed to them.
    expect(bccMail.parsed.text).toContain('Anna Architektin von Büro Anna');
    expect(bccMail.parsed.text).toContain('Kopie jedes Planversands (BCC)');
    expect(bccMail.parsed.text).not.toContain('Antworten der Empfänger');
    expect(replyMail.parsed.text).toContain('Antworten der Empfänger');
    expect(await countedConfirmations(office.id)).toBe(2);

    // A copy asked for the unconfirmed BCC address is refused, and nothing is sent.
    const refused = await http().post(
      '/api/delivery/participants',
      deliveryBody(project._id, people, { sendToBcc: true }),
      office.token,
    );
    expect([refused.statusCode, refused.json().msgCode]).toEqual([409, 'delivery.bcc_unconfirmed']);
    expect(await db().selectFrom('delivery').select('id').where('project_id', '=', project._id).execute()).toEqual([]);
    const plain = await startDelivery(server, office.token, project._id, people);
    expect(await deliveryFinished(server, plain._id)).toBe('DONE');
    const first = deliveryMail(plain._id);
    expect(first.parsed.replyTo?.map((a) => a.address)).toEqual([office.email]);

    // Followed twice (a mail scanner, then its owner): the same answer, confirmed once.
    const code = codeOf(replyMail);
    for (let i = 0; i < 2; i++) {
      const res = await confirm(code);
      expect([res.statusCode, res.json()]).toEqual([200, { email: 'antwort@extern.example' }]);
    }
    expect(await profile(office.token)).toMatchObject({ replyToState: 'confirmed', bccState: 'pending' });
    expect((await confirm(codeOf(bccMail))).statusCode).toBe(200);
    expect(await profile(office.token)).toMatchObject({ replyToState: 'confirmed', bccState: 'confirmed' });

    const withCopy = await startDelivery(server, office.token, project._id, people, {
      sendToBcc: true,
      sendAgain: true,
    });
    expect(await deliveryFinished(server, withCopy._id)).toBe('DONE');
    const copy = await server.smtp.waitFor(
      (m) => m.envelopeTo.includes('kopie@extern.example') && m.parsed.messageId!.includes(withCopy._id),
    );
    expect(copy.parsed.replyTo?.map((a) => a.address)).toEqual(['antwort@extern.example']);
    const second = deliveryMail(withCopy._id);
    expect(second.parsed.replyTo?.map((a) => a.address)).toEqual(['antwort@extern.example']);
  });

  test('one address for both uses gets one mail naming both; saving again without a change mails nothing', async () => {
    const office = await createTestOffice(server, 'P2');
    await saveAddresses(office.token, { bccEmail: 'buero@beide.example', replyToEmail: 'Buero@Beide.example' });
    const mail = await confirmationTo('buero@beide.example');
    expect(mail.parsed.text).toContain('Kopie jedes Planversands (BCC)');
    expect(mail.parsed.text).toContain('Antworten der Empfänger');
    expect((await saveAddresses(office.token, { bccEmail: 'buero@beide.example' })).statusCode).toBe(200);
    expect(await countedConfirmations(office.id)).toBe(1);
    expect((await confirm(codeOf(mail))).statusCode).toBe(200);
    expect(await profile(office.token)).toMatchObject({ bccState: 'confirmed', replyToState: 'confirmed' });
    expect(mailsTo('buero@beide.example')).toHaveLength(1);
  });

  test('the own confirmed address and a confirmed account of the office need no mail', async () => {
    const office = await createTestOffice(server, 'P2');
    const colleague = await createTestOffice(server, 'FREE');
    await db()
      .insertInto('office_member')
      .values({ office_id: office.id, user_id: colleague.userId, role: 'member' })
      .execute();
    const res = await saveAddresses(office.token, { bccEmail: office.email, replyToEmail: colleague.email });
    expect(res.json<User>()).toMatchObject({ bccState: 'confirmed', replyToState: 'confirmed' });
    expect(await countedConfirmations(office.id)).toBe(0);
    expect(await profile(office.token)).toMatchObject({ bccState: 'confirmed', replyToState: 'confirmed' });
    // Cleared: nothing to confirm.
    const cleared = await saveAddresses(office.token, { bccEmail: '', replyToEmail: '' });
    expect(cleared.json<User>()).toMatchObject({ bccState: 'none', replyToState: 'none' });
  });

  test('an unknown or expired link answers 404 and confirms nothing', async () => {
    const office = await createTestOffice(server, 'P2');
    await saveAddresses(office.token, { bccEmail: 'spaet@extern.example' });
    const code = codeOf(await confirmationTo('spaet@extern.example'));
    const unknown = await confirm('x'.repeat(43));
    expect([unknown.statusCode, unknown.json().msgCode]).toEqual([404, 'mail_address.link_invalid']);
    await db()
      .updateTable('mail_address_confirmation')
      .set({ requested_at: sql`now() - interval '8 days'` })
      .where('user_id', '=', office.userId)
      .execute();
    const expired = await confirm(code);
    expect([expired.statusCode, expired.json().msgCode]).toEqual([404, 'mail_address.link_invalid']);
    expect(await profile(office.token)).toMatchObject({ bccState: 'unconfirmed' });
    const bad = await http().post('/api/mail-address/confirm', { code: 'kurz' });
    expect([bad.statusCode, bad.json().msgCode]).toEqual([400, 'common.validation']);
  });

  test('asking again mails a new link (the old one stops working); limited per hour; refused when confirmed or unset', async () => {
    const office = await createTestOffice(server, 'P2');
    const missing = await askAgain(office.token, 'bcc');
    expect([missing.statusCode, missing.json().msgCode]).toEqual([400, 'mail_address.missing']);
    await saveAddresses(office.token, { bccEmail: 'nochmal@extern.example' });
    const firstCode = codeOf(await confirmationTo('nochmal@extern.example'));
    expect((await askAgain(office.token, 'bcc')).statusCode).toBe(204);
    const newest = await server.smtp.waitFor(
      (m) => m.envelopeTo.includes('nochmal@extern.example') && codeOf(m) !== firstCode,
    );
    expect((await confirm(firstCode)).statusCode).toBe(404);
    // The first mail and four more asks fill the person's five per hour; the sixth is refused.
    for (let i = 0; i < 3; i++) expect((await askAgain(office.token, 'bcc')).statusCode).toBe(204);
    const limited = await askAgain(office.token, 'bcc');
    expect([limited.statusCode, limited.json().msgCode]).toEqual([429, 'common.rate_limited']);
    expect(await countedConfirmations(office.id)).toBe(5);

    await until(async () => mailsTo('nochmal@extern.example').length === 5);
    const latest = mailsTo('nochmal@extern.example').at(-1)!;
    expect((await confirm(codeOf(latest))).statusCode).toBe(200);
    expect(codeOf(newest)).not.toBe(codeOf(latest));
    const already = await askAgain(office.token, 'bcc');
    expect([already.statusCode, already.json().msgCode]).toEqual([409, 'mail_address.already_confirmed']);
  });

  test('an account whose own address is unconfirmed keeps the address waiting and mails nobody', async () => {
    const fresh = await signUpOffice(server.app, server.smtp, {}, { confirmed: false });
    const saved = await saveAddresses(fresh.token, { bccEmail: 'fremd@extern.example' });
    expect(saved.json<User>()).toMatchObject({ bccState: 'unconfirmed' });
    const refused = await askAgain(fresh.token, 'bcc');
    expect([refused.statusCode, refused.json().msgCode]).toEqual([403, 'account.email_unconfirmed']);
    expect(mailsTo('fremd@extern.example')).toEqual([]);
  });

  test('an address changed or confirmed after its mail was queued is not mailed', async () => {
    const office = await createTestOffice(server, 'P2');
    await db()
      .updateTable('app_user')
      .set({ bcc_email: 'spaeter@extern.example' })
      .where('id', '=', office.userId)
      .execute();
    await sendMailAddressConfirmation(server.deps, {
      userId: office.userId,
      officeId: office.id,
      email: 'frueher@extern.example',
    });
    expect(mailsTo('frueher@extern.example')).toEqual([]);
  });

  test("another office's person cannot be fooled: a code confirms only the address of the person who asked", async () => {
    const asking = await createTestOffice(server, 'P2');
    const other = await createTestOffice(server, 'P2');
    await saveAddresses(asking.token, { bccEmail: 'geteilt@extern.example' });
    await db()
      .updateTable('app_user')
      .set({ bcc_email: 'geteilt@extern.example' })
      .where('id', '=', other.userId)
      .execute();
    expect((await confirm(codeOf(await confirmationTo('geteilt@extern.example')))).statusCode).toBe(200);
    expect(await profile(asking.token)).toMatchObject({ bccState: 'confirmed' });
    expect(await profile(other.token)).toMatchObject({ bccState: 'unconfirmed' });
  });
});
