import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UserWithToken } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, codeFromMail, signUpOffice, uniqueEmail } from '../../../test/api.ts';
import { createTestOffice, expectStatus } from '../../../test/factories.ts';
import { inviteByMail } from '../../../test/team.ts';
import type { ReceivedMail } from '../../../test/smtp-sink.ts';
import { hashPassword } from './secrets.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const http = () => api(server.app);

/** The next mail to `address` with this subject, arrived after the call. */
const mailTo = (address: string, subject: string, after: number) =>
  server.smtp.waitFor(
    (m: ReceivedMail) =>
      m.envelopeTo.includes(address) && m.parsed.subject === subject && server.smtp.messages.indexOf(m) >= after,
  );

async function resetLinkFor(email: string) {
  const before = server.smtp.messages.length;
  expectStatus(await http().post('/api/user/reset', { email }), 204, 'the reset request');
  return codeFromMail(
    (await mailTo(email, 'Plankurier – Passwort zurücksetzen', before)).parsed.text,
    '/reset-password',
  );
}

const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  http().put('/api/user', { updateType: 'UPDATE_PASSWORD', currentPassword, newPassword }, token);

describe('open reset links end with a change of password or address', () => {
  test('a reset link asked for before an in-app password change is refused afterwards', async () => {
    const { user, token, password } = await signUpOffice(server.app, server.smtp);
    const code = await resetLinkFor(user.email);
    expectStatus(await changePassword(token, password, 'Sonnenuhr-Kastanie'), 200, 'the password change');
    const res = await http().post('/api/user/reset', { code, password: 'Fremdes-Passwort-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msgCode).toBe('auth.invalid_code');
    expect((await http().post('/api/signin', { email: user.email, password: 'Sonnenuhr-Kastanie' })).statusCode).toBe(
      200,
    );
  });

  test('a reset link asked for before an e-mail change is refused afterwards', async () => {
    const { user, token, password } = await signUpOffice(server.app, server.smtp);
    const code = await resetLinkFor(user.email);
    expectStatus(
      await http().put('/api/user', { updateType: 'UPDATE_EMAIL', email: uniqueEmail('neu'), password }, token),
      200,
      'the e-mail change',
    );
    const res = await http().post('/api/user/reset', { code, password: 'Fremdes-Passwort-9' });
    expect(res.json().msgCode).toBe('auth.invalid_code');
  });

  test('a refused new password leaves the reset link usable', async () => {
    const { user } = await signUpOffice(server.app, server.smtp);
    const code = await resetLinkFor(user.email);
    const common = await http().post('/api/user/reset', { code, password: 'password' });
    expect(common.statusCode).toBe(400);
    expect(common.json().msgCode).toBe('auth.password_too_common');
    expect((await http().post('/api/user/reset', { code, password: 'Sonnenuhr-Kastanie' })).statusCode).toBe(204);
  });
});

describe('the account hears of a changed password or address', () => {
  test('a password change mails the account, in German', async () => {
    const { user, token, password } = await signUpOffice(server.app, server.smtp);
    const before = server.smtp.messages.length;
    expectStatus(await changePassword(token, password, 'Sonnenuhr-Kastanie'), 200, 'the password change');
    const mail = await mailTo(user.email, 'Plankurier – dein Passwort wurde geändert', before);
    expect(mail.parsed.text).toContain('Alle Geräte, auf denen du angemeldet warst, wurden abgemeldet.');
    expect(mail.parsed.text).toContain('http://plankurier.test/forgot-password');
  });

  test('a reset through the mailed link mails the account too, in English for an English account', async () => {
    const { user } = await signUpOffice(server.app, server.smtp, { locale: 'en' });
    const before = server.smtp.messages.length;
    expectStatus(await http().post('/api/user/reset', { email: user.email }), 204, 'the reset request');
    const link = await mailTo(user.email, 'Plankurier – reset your password', before);
    const code = codeFromMail(link.parsed.text, '/reset-password');
    expectStatus(await http().post('/api/user/reset', { code, password: 'Sonnenuhr-Kastanie' }), 204, 'the reset');
    const notice = await mailTo(user.email, 'Plankurier – your password was changed', before);
    expect(notice.parsed.text).toContain('Every device you were signed in on has been signed out.');
  });

  test('an e-mail change mails the old address, naming the new one', async () => {
    const { user, token, password } = await signUpOffice(server.app, server.smtp);
    const newEmail = uniqueEmail('neu');
    const before = server.smtp.messages.length;
    expectStatus(
      await http().put('/api/user', { updateType: 'UPDATE_EMAIL', email: newEmail, password }, token),
      200,
      'the e-mail change',
    );
    const notice = await mailTo(user.email, 'Plankurier – deine E-Mail-Adresse wurde geändert', before);
    expect(notice.parsed.text).toContain(`wurde soeben zu ${newEmail} geändert`);
    // The new address gets its confirmation link, not the notice.
    await mailTo(newEmail, 'Willkommen bei Plankurier – bitte bestätige deine E-Mail-Adresse', before);
    expect(
      server.smtp.messages.some((m) => m.envelopeTo.includes(newEmail) && m.parsed.subject?.includes('geändert')),
    ).toBe(false);
  });
});

describe('new passwords are neither common nor made of the account', () => {
  const signUp = (body: Record<string, unknown>) =>
    http().post('/api/user', {
      email: uniqueEmail('anna'),
      password: 'Sonnenuhr-Kastanie',
      firstName: 'Anna',
      lastName: 'Berg',
      company: 'Architekturbüro Berg',
      ...body,
    });

  test.each([
    ['123456', 'auth.password_too_common'],
    ['password', 'auth.password_too_common'],
    ['Passwort1', 'auth.password_too_common'],
    ['12345', 'auth.password_too_short'],
    ['Berg2026!', 'auth.password_like_account'],
  ])('sign-up with %s answers 400 %s and makes no account', async (password, msgCode) => {
    const email = uniqueEmail('anna');
    const res = await signUp({ email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().msgCode).toBe(msgCode);
    expect(await server.deps.db.selectFrom('app_user').where('email', '=', email).select('id').execute()).toEqual([]);
  });

  test('sign-up with the e-mail address as password is refused', async () => {
    const email = uniqueEmail('kastanienbaum');
    const res = await signUp({ email, password: email });
    expect(res.json().msgCode).toBe('auth.password_like_account');
  });

  test('a password change to a common password, or one with the company in it, is refused and changes nothing', async () => {
    const { user, token, password } = await signUpOffice(server.app, server.smtp);
    const common = await changePassword(token, password, 'qwertz');
    expect(common.statusCode).toBe(400);
    expect(common.json().msgCode).toBe('auth.password_too_common');
    // signUpOffice's company is 'Büro Anna'.
    const like = await changePassword(token, password, 'Anna-Kastanie');
    expect(like.json().msgCode).toBe('auth.password_like_account');
    expect((await http().get('/api/user', token)).statusCode).toBe(200);
    expect((await http().post('/api/signin', { email: user.email, password })).statusCode).toBe(200);
  });

  test('accepting an invitation with a common password is refused', async () => {
    const owner = await createTestOffice(server, 'P1');
    const link = await inviteByMail(server, owner.token, uniqueEmail('mia'));
    const res = await http().post(`/api/invitation/${link}/accept`, {
      password: '123456',
      firstName: 'Mia',
      lastName: 'Mitarbeiterin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msgCode).toBe('auth.password_too_common');
  });

  test('an existing common password still signs in', async () => {
    const { user } = await signUpOffice(server.app, server.smtp);
    await server.deps.db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword('123456') })
      .where('id', '=', user._id)
      .execute();
    const res = await http().post('/api/signin', { email: user.email, password: '123456' });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserWithToken>().token).toBeTruthy();
  });
});
