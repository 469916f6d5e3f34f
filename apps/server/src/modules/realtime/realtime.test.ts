import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, codeFromMail, signUpOffice } from '../../../test/api.ts';
import { createTestOffice, createTestProject } from '../../../test/factories.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';

let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server.stop();
});

const connect = () => {
  const socket = io(server.baseUrl, { transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return socket;
};

const nextEvent = <T>(socket: Socket, event: string, timeoutMs = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

test('every open tab of the office learns live that the account was validated', async () => {
  const { token, mail } = await signUpOffice(server.app, server.smtp, {}, { confirmed: false });
  const tabs = [connect(), connect()];
  await Promise.all(
    tabs.map((tab) => {
      const authenticated = nextEvent(tab, 'authenticated');
      tab.emit('authenticate', token);
      return authenticated;
    }),
  );
  const updates = tabs.map((tab) => nextEvent<{ validated: boolean }>(tab, 'updateData'));
  const res = await api(server.app).post('/api/user/validate', {
    validationCode: codeFromMail(mail.parsed.text, '/user/validate'),
  });
  expect(res.statusCode).toBe(200);
  expect(await Promise.all(updates)).toEqual([{ validated: true }, { validated: true }]);
});

test('another office does not hear of it', async () => {
  const first = await signUpOffice(server.app, server.smtp);
  const second = await signUpOffice(server.app, server.smtp);
  const tab = connect();
  const authenticated = nextEvent(tab, 'authenticated');
  tab.emit('authenticate', second.token);
  await authenticated;
  const heard: unknown[] = [];
  tab.on('updateData', (p) => heard.push(p));
  await api(server.app).post('/api/user/validate', {
    validationCode: codeFromMail(first.mail.parsed.text, '/user/validate'),
  });
  await new Promise((r) => setTimeout(r, 500));
  expect(heard).toEqual([]);
});

test('a bad token gets unauthorized and is disconnected', async () => {
  const tab = connect();
  const unauthorized = nextEvent<{ type: string }>(tab, 'unauthorized');
  const disconnected = nextEvent(tab, 'disconnect');
  tab.emit('authenticate', 'kein-gueltiges-token-aaaaaaaaaaaaaaaaaaaaa');
  expect(await unauthorized).toEqual({ type: 'invalid_token' });
  await disconnected;
});

test('a revoked token is refused as well', async () => {
  const { token } = await signUpOffice(server.app, server.smtp);
  await api(server.app).post('/api/signout', {}, token);
  const tab = connect();
  const unauthorized = nextEvent<{ type: string }>(tab, 'unauthorized');
  tab.emit('authenticate', token);
  expect(await unauthorized).toEqual({ type: 'invalid_token' });
});

describe('a team', () => {
  const signedInTab = async (token: string) => {
    const tab = connect();
    const authenticated = nextEvent(tab, 'authenticated');
    tab.emit('authenticate', token);
    await authenticated;
    return tab;
  };
  const createPlan = (token: string, folderId: string, number: string) =>
    api(server.app).post('/api/doc', { folderId, doctype: 'plan', number, name: 'Grundriss' }, token);

  test("a colleague's new plan reaches everyone who may see the project, and nobody else", async () => {
    const office = await createTestOffice(server, 'P1');
    const onProject = await addTestMember(server, office.token);
    const offProject = await addTestMember(server, office.token);
    const { project, bundle } = await createTestProject(server.app, office.token);
    await addToProject(server, office.token, project._id, onProject.userId);
    const folder = bundle.docfolders.find((f) => f.category === 'plans')!;

    const ownerTab = await signedInTab(office.token);
    const onTab = await signedInTab(onProject.token);
    const offTab = await signedInTab(offProject.token);
    const offHeard: unknown[] = [];
    offTab.on('updateData', (p) => offHeard.push(p));
    const heardByOwner = nextEvent<{ projectId: string; entity: string }>(ownerTab, 'updateData');
    const heardOnProject = nextEvent<{ projectId: string; entity: string }>(onTab, 'updateData');
    expect((await createPlan(onProject.token, folder._id, 'A-1')).statusCode).toBe(201);
    expect(await heardByOwner).toMatchObject({ projectId: project._id, entity: 'doc' });
    expect(await heardOnProject).toMatchObject({ projectId: project._id, entity: 'doc' });
    await new Promise((r) => setTimeout(r, 500));
    expect(offHeard).toEqual([]);

    // Added to the project, the open tab hears of it at once, without signing in again.
    const added = nextEvent<{ projects?: boolean }>(offTab, 'updateData');
    await addToProject(server, office.token, project._id, offProject.userId);
    expect(await added).toMatchObject({ projectId: project._id, projects: true });
    const next = nextEvent<{ entity: string }>(offTab, 'updateData');
    await createPlan(office.token, folder._id, 'A-2');
    expect(await next).toMatchObject({ projectId: project._id, entity: 'doc' });
  });

  test("a removed member's open tabs hear 'unauthorized' and are disconnected", async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token);
    const tab = await signedInTab(member.token);
    const unauthorized = nextEvent<{ type: string }>(tab, 'unauthorized');
    const disconnected = nextEvent(tab, 'disconnect');
    expect((await api(server.app).delete(`/api/office/members/${member.userId}`, office.token)).statusCode).toBe(200);
    expect(await unauthorized).toEqual({ type: 'removed' });
    await disconnected;
    // Its token no longer authenticates a socket either.
    const again = connect();
    const refused = nextEvent<{ type: string }>(again, 'unauthorized');
    again.emit('authenticate', member.token);
    expect(await refused).toEqual({ type: 'invalid_token' });
  });

  test('a lowered role reaches the open tabs, which authenticate again with the new rights', async () => {
    const office = await createTestOffice(server, 'P1');
    const admin = await addTestMember(server, office.token, 'admin');
    const { bundle } = await createTestProject(server.app, office.token);
    const folder = bundle.docfolders.find((f) => f.category === 'plans')!;
    const tab = await signedInTab(admin.token);
    const changed = nextEvent(tab, 'membershipChanged');
    await api(server.app).put(`/api/office/members/${admin.userId}`, { role: 'member' }, office.token);
    await changed;
    const reauthenticated = nextEvent(tab, 'authenticated');
    tab.emit('authenticate', admin.token);
    await reauthenticated;
    const heard: unknown[] = [];
    tab.on('updateData', (p) => heard.push(p));
    await createPlan(office.token, folder._id, 'B-1');
    await new Promise((r) => setTimeout(r, 500));
    expect(heard).toEqual([]);
  });
});
