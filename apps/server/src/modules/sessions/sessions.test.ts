import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SessionsResponse, UserWithToken } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, signUpOffice } from '../../../test/api.ts';
import { expectStatus } from '../../../test/factories.ts';
import { sha256 } from '../auth/secrets.ts';
import { deleteEndedSessions } from '../auth/sessions.ts';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let server: TestServer;
let clock = new Date();
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

const http = () => api(server.app);

async function signInFrom(email: string, userAgent: string, ip = '203.0.113.7') {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/signin',
    payload: { email, password: 'geheim123' },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expectStatus(res, 200, 'sign-in');
  return res.json<UserWithToken>().token;
}

const lastUsedOf = async (token: string) =>
  (
    await server.deps.db
      .selectFrom('session_token')
      .select('last_used_at')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow()
  ).last_used_at;

describe('sessions end by time', () => {
  test('a session unused for 30 days has ended; one used within them goes on', async () => {
    const { token } = await signUpOffice(server.app, server.smtp);
    later(29 * DAY_MS);
    expect((await http().get('/api/user', token)).statusCode).toBe(200);
    later(29 * DAY_MS);
    expect((await http().get('/api/user', token)).statusCode).toBe(200);
    later(30 * DAY_MS);
    const res = await http().get('/api/user', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().msgCode).toBe('common.unauthorized');
    // Ended is gone: the row is deleted, not kept.
    expect(
      await server.deps.db.selectFrom('session_token').where('token_hash', '=', sha256(token)).select('id').execute(),
    ).toEqual([]);
  });

  test('a session used every few days still ends 180 days after its sign-in', async () => {
    const { token } = await signUpOffice(server.app, server.smtp);
    for (let day = 20; day < 180; day += 20) {
      later(20 * DAY_MS);
      expect((await http().get('/api/user', token)).statusCode).toBe(200);
    }
    later(20 * DAY_MS);
    expect((await http().get('/api/user', token)).statusCode).toBe(401);
  });

  test('a session is touched at most once an hour, however often it is used', async () => {
    const { token } = await signUpOffice(server.app, server.smtp);
    const first = await lastUsedOf(token);
    later(10 * 60 * 1000);
    for (let i = 0; i < 3; i++) expect((await http().get('/api/user', token)).statusCode).toBe(200);
    expect(await lastUsedOf(token)).toEqual(first);
    later(HOUR_MS);
    expect((await http().get('/api/user', token)).statusCode).toBe(200);
    await expect.poll(() => lastUsedOf(token)).toEqual(clock);
  });

  test('the hourly sweep deletes the sessions that ended', async () => {
    const { token } = await signUpOffice(server.app, server.smtp);
    later(31 * DAY_MS);
    expect(await deleteEndedSessions(server.deps.db, server.config)).toBeGreaterThan(0);
    expect(
      await server.deps.db.selectFrom('session_token').where('token_hash', '=', sha256(token)).select('id').execute(),
    ).toEqual([]);
  });
});

describe("the person's list of signed-in devices", () => {
  test('lists every session with browser, system, address and times, this one marked', async () => {
    const office = await signUpOffice(server.app, server.smtp);
    const email = office.user.email;
    later(HOUR_MS);
    const laptop = await signInFrom(email, FIREFOX_ON_WINDOWS, '198.51.100.4');
    later(HOUR_MS);
    await signInFrom(email, SAFARI_ON_IPHONE);

    const res = await http().get('/api/sessions', laptop);
    expectStatus(res, 200, 'the list');
    const { sessions } = res.json<SessionsResponse>();
    expect(sessions).toHaveLength(3);
    // This session first, then the latest used.
    expect(sessions.map((s) => [s.browser, s.os, s.device, s.current])).toEqual([
      ['Firefox 135', 'Windows 10', 'desktop', true],
      ['Safari 18', 'iOS 18.1', 'mobile', false],
      // The sign-up came through app.inject: no browser to name.
      [null, null, null, false],
    ]);
    expect(sessions[0]).toMatchObject({
      ip: '198.51.100.4',
      createdAt: new Date(clock.getTime() - HOUR_MS).toISOString(),
    });
    expect(sessions[1]!.lastUsedAt).toBe(clock.toISOString());
  });

  test('signs one session out; another person cannot, and sees no foreign session', async () => {
    const office = await signUpOffice(server.app, server.smtp);
    const other = await signUpOffice(server.app, server.smtp);
    const phone = await signInFrom(office.user.email, SAFARI_ON_IPHONE);
    const { sessions } = (await http().get('/api/sessions', office.token)).json<SessionsResponse>();
    const phoneSession = sessions.find((s) => !s.current)!;

    const foreign = await http().delete(`/api/sessions/${phoneSession._id}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msgCode).toBe('common.not_found');
    expect((await http().get('/api/user', phone)).statusCode).toBe(200);
    expect((await http().get('/api/sessions', other.token)).json<SessionsResponse>().sessions).toHaveLength(1);
    expect((await http().delete('/api/sessions/kein-id', office.token)).statusCode).toBe(400);

    expect((await http().delete(`/api/sessions/${phoneSession._id}`, office.token)).statusCode).toBe(204);
    expect((await http().get('/api/user', phone)).statusCode).toBe(401);
    expect((await http().get('/api/user', office.token)).statusCode).toBe(200);
    // Twice is once: the second answers 404 and ends nothing else.
    expect((await http().delete(`/api/sessions/${phoneSession._id}`, office.token)).statusCode).toBe(404);
  });

  test('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const office = await signUpOffice(server.app, server.smtp);
    const laptop = await signInFrom(office.user.email, FIREFOX_ON_WINDOWS);
    const phone = await signInFrom(office.user.email, SAFARI_ON_IPHONE);
    const res = await http().post('/api/sessions/sign-out-others', {}, laptop);
    expectStatus(res, 200, 'sign-out others');
    expect(res.json<SessionsResponse>().sessions).toMatchObject([{ browser: 'Firefox 135', current: true }]);
    expect((await http().get('/api/user', phone)).statusCode).toBe(401);
    expect((await http().get('/api/user', office.token)).statusCode).toBe(401);
    expect((await http().get('/api/user', laptop)).statusCode).toBe(200);
  });

  test('sessions that ended by time are not listed', async () => {
    const office = await signUpOffice(server.app, server.smtp);
    later(20 * DAY_MS);
    const fresh = await signInFrom(office.user.email, FIREFOX_ON_WINDOWS);
    later(11 * DAY_MS);
    expect((await http().get('/api/sessions', fresh)).json<SessionsResponse>().sessions).toMatchObject([
      { current: true },
    ]);
  });
});
