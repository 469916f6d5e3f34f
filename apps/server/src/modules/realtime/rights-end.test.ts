/**
 * A live socket keeps no right its session lost (issue 36): two server processes on one database,
 * the socket on B and the change made through A, with real socket.io clients that never
 * authenticate again by themselves (as an attacker's would not).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { UserWithToken } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { createTestOffice, createTestProject, expectStatus, folderOf } from '../../../test/factories.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';

const DAY_MS = 24 * 3600 * 1000;
let clock = new Date();
/** A and B: the periodic check as in production (60 s), so only the events can explain what a test sees. */
let a: TestServer;
let b: TestServer;
/** C checks its sockets every 0.2 s: for the sessions that end by time. */
let c: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  a = await startTestServer({ now: () => clock });
  // Web processes without job workers: every mail goes through A's SMTP sink.
  const beside = { now: () => clock, databaseUrl: a.databaseUrl, workers: false };
  b = await startTestServer(beside);
  c = await startTestServer({ ...beside, socketRecheckSeconds: 0.2 });
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await Promise.all([a.stop(), b.stop(), c.stop()]);
});

const nextEvent = <T>(socket: Socket, event: string, timeoutMs = 10_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

async function signedInTab(server: TestServer, token: string) {
  const tab = io(server.baseUrl, { transports: ['websocket'], reconnection: false });
  sockets.push(tab);
  const authenticated = nextEvent(tab, 'authenticated');
  tab.emit('authenticate', token);
  await authenticated;
  return tab;
}

/** The project ids of the 'updateData' events the tab hears, in order. */
function projectEventsOf(tab: Socket) {
  const heard: string[] = [];
  tab.on('updateData', (payload: { projectId?: string; entity?: string }) => {
    if (payload.entity === 'doc' && payload.projectId) heard.push(payload.projectId);
  });
  return heard;
}

const createPlan = async (server: TestServer, token: string, folderId: string, number: string) =>
  expectStatus(
    await api(server.app).post('/api/doc', { folderId, doctype: 'plan', number, name: 'Grundriss' }, token),
    201,
    'a new plan',
  );

const signInAgain = async (email: string, password = 'geheim123') => {
  const res = await api(a.app).post('/api/signin', { email, password });
  expectStatus(res, 200, 'sign-in');
  return res.json<UserWithToken>().token;
};

describe('rights that end reach the socket on another process', () => {
  test('an admin lowered to member stops hearing the rows of a project they are not on, without authenticating again', async () => {
    const office = await createTestOffice(a, 'P1');
    const admin = await addTestMember(a, office.token, 'admin');
    const p = await createTestProject(a.app, office.token);
    const q = await createTestProject(a.app, office.token);
    // On Q's team as well: a member still sees Q.
    await addToProject(a, office.token, q.project._id, admin.userId);

    const tab = await signedInTab(b, admin.token);
    const heard = projectEventsOf(tab);
    await createPlan(a, office.token, folderOf(p.bundle)._id, 'P-1');
    await createPlan(a, office.token, folderOf(q.bundle)._id, 'Q-1');
    await expect.poll(() => heard).toEqual([p.project._id, q.project._id]);

    // The server moves the socket into the rooms of the new role and says so.
    const moved = nextEvent(tab, 'authenticated');
    expectStatus(
      await api(a.app).put(`/api/office/members/${admin.userId}`, { role: 'member' }, office.token),
      200,
      'lowering the role',
    );
    await moved;
    // Events from one process arrive in order: had P's plan reached the tab, it would come before Q's.
    heard.length = 0;
    await createPlan(a, office.token, folderOf(p.bundle)._id, 'P-2');
    await createPlan(a, office.token, folderOf(q.bundle)._id, 'Q-2');
    await expect.poll(() => heard).toEqual([q.project._id]);
  });

  test("a member taken off the project's team stops hearing it", async () => {
    const office = await createTestOffice(a, 'P1');
    const member = await addTestMember(a, office.token);
    const p = await createTestProject(a.app, office.token);
    const q = await createTestProject(a.app, office.token);
    await addToProject(a, office.token, p.project._id, member.userId);
    await addToProject(a, office.token, q.project._id, member.userId);
    const tab = await signedInTab(b, member.token);
    const heard = projectEventsOf(tab);

    const removed = nextEvent(tab, 'updateData');
    expectStatus(
      await api(a.app).delete(`/api/project/${p.project._id}/team/${member.userId}`, office.token),
      200,
      'taking off the team',
    );
    await removed;
    await createPlan(a, office.token, folderOf(p.bundle)._id, 'P-1');
    await createPlan(a, office.token, folderOf(q.bundle)._id, 'Q-1');
    await expect.poll(() => heard).toEqual([q.project._id]);
  });

  test("signing out ends that session's socket at once", async () => {
    const office = await createTestOffice(a);
    const tab = await signedInTab(b, office.token);
    const ended = nextEvent<{ type: string }>(tab, 'unauthorized');
    const disconnected = nextEvent(tab, 'disconnect');
    expectStatus(await api(a.app).post('/api/signout', {}, office.token), 204, 'sign-out');
    expect(await ended).toEqual({ type: 'session_ended' });
    await disconnected;
  });

  test('a password change ends the sockets of every other session; the new token works', async () => {
    const office = await createTestOffice(a);
    const laptop = await signInAgain(office.email);
    const laptopTab = await signedInTab(b, laptop);
    const ended = nextEvent<{ type: string }>(laptopTab, 'unauthorized');
    const disconnected = nextEvent(laptopTab, 'disconnect');
    const res = await api(a.app).put(
      '/api/user',
      { updateType: 'UPDATE_PASSWORD', currentPassword: 'geheim123', newPassword: 'Sonnenuhr-Kastanie' },
      office.token,
    );
    expectStatus(res, 200, 'the password change');
    expect(await ended).toEqual({ type: 'session_ended' });
    await disconnected;
    await signedInTab(b, res.json<UserWithToken>().token);
  });

  test('signing out everywhere else ends the other sockets and keeps this one', async () => {
    const office = await createTestOffice(a);
    const phone = await signInAgain(office.email);
    const phoneTab = await signedInTab(b, phone);
    const here = await signedInTab(b, office.token);
    const ended = nextEvent<{ type: string }>(phoneTab, 'unauthorized');
    const hereEnded: unknown[] = [];
    here.on('unauthorized', (p) => hereEnded.push(p));
    expectStatus(await api(a.app).post('/api/sessions/sign-out-others', {}, office.token), 200, 'sign-out others');
    expect(await ended).toEqual({ type: 'session_ended' });
    // The tab of this session still hears what happens (its own profile change arrives).
    const update = nextEvent(here, 'updateData');
    expectStatus(
      await api(a.app).put('/api/user', { updateType: 'UPDATE_PROFILE', firstName: 'Anne' }, office.token),
      200,
      'a profile change',
    );
    await update;
    expect(hereEnded).toEqual([]);
    expect(here.connected).toBe(true);
  });
});

describe('sessions that end by time', () => {
  test('an open socket whose session has gone unused too long is ended by the periodic check', async () => {
    const office = await createTestOffice(a);
    const tab = await signedInTab(c, office.token);
    const ended = nextEvent<{ type: string }>(tab, 'unauthorized');
    clock = new Date(clock.getTime() + 31 * DAY_MS);
    try {
      expect(await ended).toEqual({ type: 'session_ended' });
      expect((await api(a.app).get('/api/user', office.token)).statusCode).toBe(401);
    } finally {
      clock = new Date(clock.getTime() - 31 * DAY_MS);
    }
  });
});
