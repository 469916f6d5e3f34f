import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { User } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { api, signUpOffice } from '../../test/api.ts';
import { setBetaTester } from './beta-testers.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

describe('the beta tester flag', () => {
  test('a new account is no beta tester and cannot make itself one through PUT /user', async () => {
    const { user, token } = await signUpOffice(server.app, server.smtp);
    expect(user.isBetaTester).toBe(false);
    const res = await http.put(
      '/api/user',
      { updateType: 'UPDATE_PROFILE', firstName: 'Beate', isBetaTester: true },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ firstName: 'Beate', isBetaTester: false });
    expect((await http.get('/api/user', token)).json<User>().isBetaTester).toBe(false);
  });

  test('an operator sets and clears it by e-mail (any case); an unknown e-mail changes nobody', async () => {
    const { user, token } = await signUpOffice(server.app, server.smtp);
    expect(await setBetaTester(server.deps.db, user.email.toUpperCase(), true)).toBe(true);
    expect((await http.get('/api/user', token)).json<User>().isBetaTester).toBe(true);
    expect(await setBetaTester(server.deps.db, user.email, false)).toBe(true);
    expect((await http.get('/api/user', token)).json<User>().isBetaTester).toBe(false);
    const before = await server.deps.db.selectFrom('app_user').select(['id', 'is_beta_tester']).orderBy('id').execute();
    expect(await setBetaTester(server.deps.db, 'niemand@example.org', true)).toBe(false);
    expect(
      await server.deps.db.selectFrom('app_user').select(['id', 'is_beta_tester']).orderBy('id').execute(),
    ).toEqual(before);
  });

  test('npm run admin:beta flips it on the database of DATABASE_URL', async () => {
    const { user, token } = await signUpOffice(server.app, server.smtp);
    const run = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', path.resolve(import.meta.dirname, 'beta-cli.ts'), ...args], {
        env: { ...process.env, DATABASE_URL: server.databaseUrl },
      });
    await run(user.email, 'on');
    expect((await http.get('/api/user', token)).json<User>().isBetaTester).toBe(true);
    await run(user.email, 'off');
    expect((await http.get('/api/user', token)).json<User>().isBetaTester).toBe(false);
    await expect(run('niemand@example.org', 'on')).rejects.toMatchObject({ code: 1 });
    await expect(run(user.email, 'vielleicht')).rejects.toMatchObject({ code: 2 });
    // Four processes that each compile the CLI: on a busy machine that alone took more than 30 s.
  }, 120_000);
});
