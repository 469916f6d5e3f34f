import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

// Two processes on one database: the count lives in PostgreSQL, so together they allow `max` only.
let first: TestServer;
let second: TestServer;
const max = 5;

beforeAll(async () => {
  first = await startTestServer({ publicRequestsPerIpPerMinute: max });
  second = await startTestServer({ publicRequestsPerIpPerMinute: max, databaseUrl: first.databaseUrl });
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const guessedToken = () => randomBytes(32).toString('base64url');
const from = (app: FastifyInstance, remoteAddress: string, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, remoteAddress, ...(method === 'POST' ? { payload: {} } : {}) });

describe('public link routes are limited per client address', () => {
  test('past the limit an address gets 429 with Retry-After on every public link route; others do not', async () => {
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await from(first.app, attacker, 'GET', `/api/d/${guessedToken()}`)).statusCode);
    for (let i = 0; i < 2; i++)
      statuses.push((await from(second.app, attacker, 'GET', `/api/q/${guessedToken()}`)).statusCode);
    expect(statuses.every((s) => s !== 429)).toBe(true);

    const refused = await from(second.app, attacker, 'GET', `/api/d/${guessedToken()}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msgCode).toBe('common.rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().retryAfterSeconds).toBe(retryAfter);

    for (const [method, url] of [
      ['GET', `/api/q/${guessedToken()}`],
      ['POST', `/api/d/${guessedToken()}/receipt`],
      ['POST', `/api/d/${guessedToken()}/zip/link`],
      ['GET', `/api/invitation/${guessedToken()}`],
      ['POST', `/api/invitation/${guessedToken()}/accept`],
    ] as const) {
      const res = await from(first.app, attacker, method, url);
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['retry-after'], url).toBeDefined();
    }

    // Another address is not held up, and private routes of the same address are not counted.
    expect((await from(first.app, '198.51.100.20', 'GET', `/api/d/${guessedToken()}`)).statusCode).toBe(404);
    expect((await from(first.app, attacker, 'GET', '/api/health')).statusCode).not.toBe(429);
    expect((await from(first.app, attacker, 'GET', '/api/user')).statusCode).toBe(401);
  });

  test('once the window has passed the address is served again', async () => {
    const address = '203.0.113.8';
    for (let i = 0; i <= max; i++) await from(first.app, address, 'GET', `/api/d/${guessedToken()}`);
    expect((await from(first.app, address, 'GET', `/api/d/${guessedToken()}`)).statusCode).toBe(429);
    await first.deps.db
      .updateTable('rate_limit')
      .set({ window_start: new Date(Date.parse('2000-01-01T00:00:00Z')) })
      .where('key', '=', `public:ip:${address}`)
      .execute();
    expect((await from(first.app, address, 'GET', `/api/d/${guessedToken()}`)).statusCode).toBe(404);
  });
});
