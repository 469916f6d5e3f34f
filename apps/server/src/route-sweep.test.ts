import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { changedTables, databaseSnapshot, jobsIdle } from '../test/sweep/database.ts';
import {
  EXPECTED,
  fillPath,
  PRIVATE_ROUTES,
  sceneIds,
  type Outcome,
  type RouteCase,
  type Run,
} from '../test/sweep/private-routes.ts';
import { PUBLIC_ROUTES, type PublicCall } from '../test/sweep/public-routes.ts';
import { PERSONAS, secretsOf, seedScene, type Persona, type Scene } from '../test/sweep/scene.ts';
import { throwaways, type Throwaways } from '../test/sweep/throwaways.ts';

/**
 * The route sweep: every route of the app, called by every kind of person, on one rich project of
 * office A. Whoever may not see A's project gets 404, whoever may not act there 403, whoever has no
 * session 401 — and none of these refusals changes a row or says anything about A. Whoever may act
 * gets the route's success. A route the sweep does not know fails it.
 */

let server: TestServer;
let scene: Scene;
let make: Throwaways;
let secrets: Awaited<ReturnType<typeof secretsOf>>;
let runs = 0;

beforeAll(async () => {
  server = await startTestServer({ bounceWebhookSecret: 'route-sweep-webhook-secret' });
  scene = await seedScene(server);
  make = throwaways(scene);
  await jobsIdle(server.deps.db);
  secrets = await secretsOf(scene);
}, 240_000);
afterAll(() => server.stop());

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const split = (key: string) => key.split(' ') as ['GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', string];

/** Fastify answers HEAD for a GET route with the GET's handler: it is swept as its GET. */
const headOf = (entries: [string, unknown][]) =>
  entries.filter(([key]) => key.startsWith('GET ')).map(([key]) => key.replace(/^GET /, 'HEAD '));
const PRIVATE_HEADS = headOf(Object.entries(PRIVATE_ROUTES));
const PUBLIC_HEADS = headOf(Object.entries(PUBLIC_ROUTES)).filter((key) => !(key in PUBLIC_ROUTES));

const REFUSAL_CODE: Record<Exclude<Outcome, 'ok'>, string> = {
  401: 'common.unauthorized',
  403: 'common.forbidden',
  404: 'common.not_found',
};

/** Refusals first (their snapshots must see nothing change), the owner last. */
const order = (access: RouteCase['access']) =>
  [...PERSONAS].sort(
    (a, b) =>
      Number(EXPECTED[access][a] === 'ok') - Number(EXPECTED[access][b] === 'ok') ||
      Number(a === 'owner') - Number(b === 'owner'),
  );

/** What this person must never read: anything of A for another office, A's project for a member not on it. */
function leaked(persona: Persona, res: LightMyRequestResponse): string[] {
  const hidden =
    persona === 'stranger' ? [...secrets.project, ...secrets.office] : persona === 'outsider' ? secrets.project : [];
  return hidden.filter((secret) => res.body.includes(secret));
}

async function sweep(method: string, url: string, routeCase: RouteCase, persona: Persona) {
  const { db } = server.deps;
  await jobsIdle(db);
  const run: Run = { scene, persona, make, uniq: String(++runs) };
  const prepared = (await routeCase.prepare?.(run)) ?? {};
  try {
    const ids = { ...sceneIds(scene), ...prepared.ids };
    const path = fillPath(url, ids) + (routeCase.query ? `?${routeCase.query(run)}` : '');
    const token = persona === 'anonymous' ? undefined : (prepared.token ?? scene.people[persona].token);
    const raw = routeCase.raw?.(run, ids);
    const body = await routeCase.body?.(run, ids);
    const expected = EXPECTED[routeCase.access][persona];
    await jobsIdle(db);
    const before = expected === 'ok' ? undefined : await databaseSnapshot(db);
    const res = await server.app.inject({
      method: method as 'GET',
      url: path,
      headers: { ...raw?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(raw?.payload ? { payload: raw.payload } : body === undefined ? {} : { payload: body as object }),
    });
    const what = `${persona}: ${method} ${path} answered ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(leaked(persona, res), what).toEqual([]);
    if (expected === 'ok') {
      expect(res.statusCode, what).toBe(routeCase.status);
      return;
    }
    expect(res.statusCode, what).toBe(expected);
    if (method !== 'HEAD')
      expect(res.json(), what).toEqual({
        msgCode: (expected === 403 && routeCase.forbiddenCode) || REFUSAL_CODE[expected],
        message: expect.any(String),
      });
    await jobsIdle(db);
    expect(changedTables(before!, await databaseSnapshot(db)), `${what} and changed`).toEqual([]);
  } finally {
    await prepared.cleanup?.();
  }
}

describe('the sweep knows every route', () => {
  test('each registered route is in the table of private or of public routes, and each entry is registered', () => {
    const registered = new Map(server.routes.map((route) => [keyOf(route), route]));
    const privateKeys = [...Object.keys(PRIVATE_ROUTES), ...PRIVATE_HEADS];
    const publicKeys = [...Object.keys(PUBLIC_ROUTES), ...PUBLIC_HEADS];
    const known = new Set([...privateKeys, ...publicKeys]);
    expect(
      [...registered.keys()].filter((key) => !known.has(key)),
      'routes the sweep does not know',
    ).toEqual([]);
    expect(
      [...known].filter((key) => !registered.has(key)),
      'entries without a route',
    ).toEqual([]);
    expect(
      privateKeys.filter((key) => registered.get(key)?.public),
      'private entries of public routes',
    ).toEqual([]);
    // The OpenAPI pages are hidden rather than public (authentication lets hidden /api/docs pages through).
    const publicByConfig = publicKeys.filter((key) => !split(key)[1].startsWith('/api/docs'));
    expect(
      publicByConfig.filter((key) => !registered.get(key)?.public),
      'public entries of private routes',
    ).toEqual([]);
  });
});

describe('private routes, called by each person', () => {
  const cases = [
    ...Object.entries(PRIVATE_ROUTES),
    ...PRIVATE_HEADS.map((key) => [key, PRIVATE_ROUTES[key.replace(/^HEAD /, 'GET ')]!] as const),
  ];
  test.each(cases)(
    '%s',
    async (key, routeCase) => {
      const [method, url] = split(key);
      for (const persona of order(routeCase.access)) await sweep(method, url, routeCase, persona);
    },
    180_000,
  );
});

async function callPublic(method: string, call: PublicCall) {
  return server.app.inject({
    method: method as 'GET',
    url: call.url,
    headers: call.headers ?? {},
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
}

describe('public routes, called with their credential and with a forged one', () => {
  const cases = [
    ...Object.entries(PUBLIC_ROUTES),
    ...PUBLIC_HEADS.map((key) => [key, PUBLIC_ROUTES[key.replace(/^HEAD /, 'GET ')]!] as const),
  ];
  test.each(cases)('%s', async (key, publicCase) => {
    const [method] = split(key);
    const valid = await callPublic(method, await publicCase.valid(scene));
    expect(valid.statusCode, `${key}: ${valid.body.slice(0, 300)}`).toBe(publicCase.status);
    if (!publicCase.forged) return;
    const { db } = server.deps;
    await jobsIdle(db);
    const before = await databaseSnapshot(db);
    const forged = await callPublic(method, publicCase.forged.call(scene));
    expect(forged.statusCode, `${key} forged: ${forged.body.slice(0, 300)}`).toBe(publicCase.forged.status);
    expect([...secrets.project, ...secrets.office].filter((secret) => forged.body.includes(secret))).toEqual([]);
    await jobsIdle(db);
    expect(changedTables(before, await databaseSnapshot(db))).toEqual([]);
  });

  test('download links a member made stop working when the member is removed from the office', async () => {
    const answers: Record<string, number> = {};
    for (const [kind, url] of Object.entries(scene.removedLinks))
      answers[kind] = (await server.app.inject({ method: 'GET', url })).statusCode;
    expect(answers).toEqual({ file: 404, print: 404, archive: 404 });
  });

  test('download links stop working when their maker loses the project or the invoices but stays in the office', async () => {
    const answers: Record<string, number> = {};
    for (const [kind, url] of Object.entries(scene.lostLinks))
      answers[kind] = (await server.app.inject({ method: 'GET', url })).statusCode;
    expect(answers).toEqual(Object.fromEntries(Object.keys(scene.lostLinks).map((kind) => [kind, 404])));
    expect(Object.keys(answers)).toHaveLength(7);
  });
});
