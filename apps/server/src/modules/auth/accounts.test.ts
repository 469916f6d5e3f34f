import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { User, UserWithToken } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, codeFromMail, signUpOffice, uniqueEmail } from '../../../test/api.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

describe('an office signs up, validates, signs in and manages its account', () => {
  test('sign-up sends a validation mail over SMTP whose link validates the account', async () => {
    const { user, token, mail } = await signUpOffice(server.app, server.smtp, {}, { confirmed: false });
    expect(user.validated).toBe(false);
    expect(user.tier).toBe('FREE');
    expect(user.features).toEqual({
      maxNumberOfProjects: 1,
      maxNumberOfDocs: 30,
      maxNumberOfParticipants: 5,
      maxNumberOfUsers: 1,
    });
    // Who signs up founds an office of their own and owns it.
    expect(user.role).toBe('owner');
    expect(user.officeId).not.toBe(user._id);
    expect(user.offices).toEqual([{ _id: user.officeId, company: 'Büro Anna', role: 'owner' }]);
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('passwordHash');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(mail.parsed.subject).toBe('Willkommen bei Plankurier – bitte bestätige deine E-Mail-Adresse');
    expect(mail.parsed.html).toContain('http://plankurier.test/user/validate/');
    expect(mail.parsed.text).toContain('Hallo Anna,');
    const code = codeFromMail(mail.parsed.text, '/user/validate');

    const validated = await http.post('/api/user/validate', { validationCode: code });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toEqual({ validated: true });
    expect((await http.get('/api/user', token)).json<User>().validated).toBe(true);

    // the link opened again says the account is confirmed already; an unknown code stays invalid
    const again = await http.post('/api/user/validate', { validationCode: code });
    expect(again.statusCode).toBe(409);
    expect(again.json().msgCode).toBe('auth.already_validated');
    const unknown = await http.post('/api/user/validate', { validationCode: `${code.slice(0, -2)}xx` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msgCode).toBe('auth.invalid_code');
  });

  test('the session token is stored only as its SHA-256', async () => {
    const { user, token } = await signUpOffice(server.app, server.smtp);
    const rows = await server.deps.db
      .selectFrom('session_token')
      .select('token_hash')
      .where('user_id', '=', user._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash.toString('hex')).toHaveLength(64);
    expect(rows[0]!.token_hash.toString('hex')).not.toContain(Buffer.from(token).toString('hex'));
  });

  test('a mail in English for an English sign-up', async () => {
    const { mail } = await signUpOffice(server.app, server.smtp, { locale: 'en' });
    expect(mail.parsed.subject).toBe('Welcome to Plankurier – please confirm your e-mail address');
  });

  test('sign-in gives a new token each time; wrong password answers 401 with the German text code', async () => {
    const { user, token, password } = await signUpOffice(server.app, server.smtp);
    const first = await http.post('/api/signin', { email: user.email.toUpperCase(), password });
    expect(first.statusCode).toBe(200);
    const second = await http.post('/api/signin', { email: user.email, password });
    expect(new Set([token, first.json<UserWithToken>().token, second.json<UserWithToken>().token]).size).toBe(3);

    const wrong = await http.post('/api/signin', { email: user.email, password: 'falsch123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msgCode: 'auth.wrong_credentials', message: 'auth.wrong_credentials' });
    const unknown = await http.post('/api/signin', { email: uniqueEmail(), password });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().msgCode).toBe('auth.wrong_credentials');
  });

  test('profile update changes names, billing address, addresses for copies and the QR defaults', async () => {
    const { token } = await signUpOffice(server.app, server.smtp);
    const res = await http.put(
      '/api/user',
      {
        updateType: 'UPDATE_PROFILE',
        firstName: 'Jörg',
        lastName: 'Müller',
        company: 'Müller & Söhne Architekten',
        streetName: 'Hauptstraße',
        streetNumber: '12a',
        cityCode: '80331',
        cityName: 'München',
        bccEmail: 'archiv@mueller.de',
        replyToEmail: 'info@mueller.de',
        locale: 'en',
        qrDefaults: { x: 15, y: 12, width: 25, autoEmbed: true, hasBorder: false },
        onboardingMuted: { emptyDocfolders: true },
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    const user = res.json<User>();
    expect(user).toMatchObject({
      firstName: 'Jörg',
      lastName: 'Müller',
      acronym: 'JM',
      company: 'Müller & Söhne Architekten',
      cityName: 'München',
      bccEmail: 'archiv@mueller.de',
      locale: 'en',
      qrDefaults: { x: 15, y: 12, width: 25, autoEmbed: true, hasBorder: false },
      onboardingMuted: { emptyDocfolders: true },
    });
    expect((await http.get('/api/user', token)).json<User>().streetName).toBe('Hauptstraße');

    const badMail = await http.put('/api/user', { updateType: 'UPDATE_PROFILE', bccEmail: 'kein-mail' }, token);
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().msgCode).toBe('common.validation');
  });

  test('a password change needs the current password, ends every other session and returns a new token', async () => {
    const { user, token, password } = await signUpOffice(server.app, server.smtp);
    const other = (await http.post('/api/signin', { email: user.email, password })).json<UserWithToken>().token;

    const wrong = await http.put(
      '/api/user',
      { updateType: 'UPDATE_PASSWORD', currentPassword: 'nicht-es', newPassword: 'neues-geheim' },
      token,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msgCode).toBe('auth.wrong_password');
    const missing = await http.put(
      '/api/user',
      { updateType: 'UPDATE_PASSWORD', currentPassword: '', newPassword: 'neues-geheim' },
      token,
    );
    expect(missing.json().msgCode).toBe('auth.password_required');
    const short = await http.put(
      '/api/user',
      { updateType: 'UPDATE_PASSWORD', currentPassword: password, newPassword: '12345' },
      token,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().msgCode).toBe('auth.password_too_short');

    const ok = await http.put(
      '/api/user',
      { updateType: 'UPDATE_PASSWORD', currentPassword: password, newPassword: 'neues-geheim' },
      token,
    );
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json<UserWithToken>().token;
    expect((await http.get('/api/user', token)).statusCode).toBe(401);
    expect((await http.get('/api/user', other)).statusCode).toBe(401);
    expect((await http.get('/api/user', fresh)).statusCode).toBe(200);
    expect((await http.post('/api/signin', { email: user.email, password })).statusCode).toBe(401);
    expect((await http.post('/api/signin', { email: user.email, password: 'neues-geheim' })).statusCode).toBe(200);
  });

  test('an e-mail change needs the password, refuses a taken address and asks to validate the new one', async () => {
    const first = await signUpOffice(server.app, server.smtp, {}, { confirmed: false });
    const { token, password } = await signUpOffice(server.app, server.smtp);

    const taken = await http.put(
      '/api/user',
      { updateType: 'UPDATE_EMAIL', email: first.user.email.toUpperCase(), password },
      token,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msgCode).toBe('auth.email_taken');
    const wrong = await http.put(
      '/api/user',
      { updateType: 'UPDATE_EMAIL', email: uniqueEmail(), password: 'falsch123' },
      token,
    );
    expect(wrong.json().msgCode).toBe('auth.wrong_password');

    const oldCode = codeFromMail(
      (await server.smtp.waitFor((m) => m.envelopeTo.includes(first.user.email))).parsed.text,
      '/user/validate',
    );
    const newEmail = uniqueEmail('neu');
    const res = await http.put('/api/user', { updateType: 'UPDATE_EMAIL', email: newEmail, password }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ email: newEmail, validated: false });
    const mail = await server.smtp.waitFor((m) => m.envelopeTo.includes(newEmail));
    const code = codeFromMail(mail.parsed.text, '/user/validate');
    expect((await http.post('/api/user/validate', { validationCode: code })).statusCode).toBe(200);
    expect((await http.get('/api/user', token)).json<User>()).toMatchObject({ email: newEmail, validated: true });
    // a code of another account validates only that account
    expect((await http.post('/api/user/validate', { validationCode: oldCode })).statusCode).toBe(200);
    expect((await http.post('/api/signin', { email: newEmail, password })).statusCode).toBe(200);
  });

  test('password reset through the mailed link; the link works once and ends all sessions', async () => {
    const { user, token } = await signUpOffice(server.app, server.smtp);
    const request = await http.post('/api/user/reset', { email: user.email });
    expect(request.statusCode).toBe(204);
    const mail = await server.smtp.waitFor(
      (m) => m.envelopeTo.includes(user.email) && m.parsed.subject === 'Plankurier – Passwort zurücksetzen',
    );
    const code = codeFromMail(mail.parsed.text, '/reset-password');

    const short = await http.post('/api/user/reset', { code, password: 'kurz' });
    expect(short.json().msgCode).toBe('auth.password_too_short');
    expect((await http.post('/api/user/reset', { code, password: 'frisches-pw' })).statusCode).toBe(204);
    expect((await http.get('/api/user', token)).statusCode).toBe(401);
    expect((await http.post('/api/signin', { email: user.email, password: 'frisches-pw' })).statusCode).toBe(200);
    const reuse = await http.post('/api/user/reset', { code, password: 'noch-eins-1' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().msgCode).toBe('auth.invalid_code');
  });

  test('a reset request answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('niemand');
    const res = await http.post('/api/user/reset', { email });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.smtp.messages.some((m) => m.envelopeTo.includes(email))).toBe(false);
  });

  test('resend-welcome mails a new link; refused once validated', async () => {
    const { user, token, mail } = await signUpOffice(server.app, server.smtp, {}, { confirmed: false });
    expect((await http.post('/api/user/resend-welcome', {}, token)).statusCode).toBe(204);
    await server.smtp.waitFor((m) => m.envelopeTo.includes(user.email) && m !== mail);
    await http.post('/api/user/validate', { validationCode: codeFromMail(mail.parsed.text, '/user/validate') });
    const after = await http.post('/api/user/resend-welcome', {}, token);
    expect(after.statusCode).toBe(409);
    expect(after.json().msgCode).toBe('auth.already_validated');
  });

  test('sign-out revokes the token', async () => {
    const { token } = await signUpOffice(server.app, server.smtp);
    expect((await http.post('/api/signout', {}, token)).statusCode).toBe(204);
    const res = await http.get('/api/user', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().msgCode).toBe('common.unauthorized');
  });
});

describe('bad input gets a clear 4xx and changes nothing', () => {
  test('a duplicate e-mail is refused with 409, whatever its case', async () => {
    const { user } = await signUpOffice(server.app, server.smtp);
    const res = await http.post('/api/user', { email: user.email.toUpperCase(), password: 'geheim123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msgCode).toBe('auth.email_taken');
  });

  test('a password of five characters is refused and no account is made', async () => {
    const email = uniqueEmail();
    const res = await http.post('/api/user', { email, password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msgCode).toBe('auth.password_too_short');
    const missing = await http.post('/api/user', { email, password: '' });
    expect(missing.json().msgCode).toBe('auth.password_required');
    const count = await server.deps.db
      .selectFrom('app_user')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('email', '=', email)
      .executeTakeFirst();
    expect(count?.n).toBe(0);
  });

  test('an invalid e-mail address is a validation error', async () => {
    const res = await http.post('/api/user', { email: 'keine-email', password: 'geheim123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msgCode).toBe('common.validation');
  });

  test('malformed JSON answers 400', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.de",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msgCode).toBe('common.bad_json');
  });

  test('an oversized body answers 413', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: uniqueEmail(), password: 'geheim123', company: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().msgCode).toBe('common.payload_too_large');
  });

  test('unknown fields are ignored', async () => {
    const res = await http.post('/api/user', {
      email: uniqueEmail(),
      password: 'geheim123',
      tier: 'P2',
      isBetaTester: true,
      validated: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<User>()).toMatchObject({ tier: 'FREE', isBetaTester: false, validated: false });
  });

  test('SQL-looking strings are stored literally', async () => {
    const company = "Robert'); drop table app_user; --";
    const res = await http.post('/api/user', { email: uniqueEmail(), password: 'geheim123', company });
    expect(res.statusCode).toBe(201);
    const { token } = res.json<UserWithToken>();
    expect((await http.get('/api/user', token)).json<User>().company).toBe(company);
  });

  test('a forged or malformed token answers 401', async () => {
    expect((await http.get('/api/user', 'A'.repeat(43))).statusCode).toBe(401);
    const res = await server.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
  });

  test('repeated failed sign-ins for one address answer 429, and the real user gets in again later', async () => {
    const { user, password } = await signUpOffice(server.app, server.smtp);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await http.post('/api/signin', { email: user.email, password: `falsch-${i}` })).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    const blocked = await http.post('/api/signin', { email: user.email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msgCode).toBe('common.rate_limited');
    // the lock is a short window: once it has passed the right password works again
    await server.deps.db
      .updateTable('rate_limit')
      .set({ window_start: sql`now() - interval '6 minutes'` })
      .execute();
    expect((await http.post('/api/signin', { email: user.email, password })).statusCode).toBe(200);
  });

  test('failed sign-ins lock the address that made them for that account only, never the account for everyone', async () => {
    const { user, password } = await signUpOffice(server.app, server.smtp);
    const signInFrom = (remoteAddress: string, pw: string, email = user.email) =>
      server.app.inject({ method: 'POST', url: '/api/signin', remoteAddress, payload: { email, password: pw } });
    for (let i = 0; i < 8; i++) expect((await signInFrom('203.0.113.50', `falsch-${i}`)).statusCode).toBe(401);
    // Address A is locked for this account, even with the right password.
    expect((await signInFrom('203.0.113.50', password)).statusCode).toBe(429);
    // The owner signing in from address B is not.
    const owner = await signInFrom('198.51.100.60', password);
    expect(owner.statusCode).toBe(200);
    // And address A may still sign in to another account.
    const other = await signUpOffice(server.app, server.smtp);
    expect((await signInFrom('203.0.113.50', other.password, other.user.email)).statusCode).toBe(200);
  });

  test('an unknown API path answers 404 as JSON', async () => {
    const res = await http.get('/api/nirgendwo');
    expect(res.statusCode).toBe(404);
    expect(res.json().msgCode).toBe('common.not_found');
  });
});

describe('the server itself', () => {
  test('health reports the database', async () => {
    const res = await http.get('/api/health');
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  test('responses carry the security headers', async () => {
    const res = await http.get('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Scripts may talk to the app's own origin only (the test server's PUBLIC_URL is http://plankurier.test).
    const connectSrc = /(?:^|;)\s*connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(connectSrc?.trim().split(/\s+/)).toEqual(["'self'", 'ws://plankurier.test']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  test('the OpenAPI document lists the account calls', async () => {
    const res = await http.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user', '/api/signin', '/api/user/reset', '/api/user/validate']),
    );
  });
});

describe('sign-ups per IP address', () => {
  test('past the configured number an hour the next sign-up answers 429 and creates no account', async () => {
    const limited = await startTestServer({ signUpsPerIpPerHour: 2 });
    try {
      const client = api(limited.app);
      const signUp = (email: string) => client.post('/api/user', { email, password: 'geheim123', company: 'Büro' });
      expect((await signUp(uniqueEmail())).statusCode).toBe(201);
      expect((await signUp(uniqueEmail())).statusCode).toBe(201);
      const third = uniqueEmail();
      const refused = await signUp(third);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msgCode).toBe('common.rate_limited');
      const rows = await limited.deps.db.selectFrom('app_user').select('id').where('email', '=', third).execute();
      expect(rows).toEqual([]);
    } finally {
      await limited.stop();
    }
  });
});
