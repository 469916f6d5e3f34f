import { afterAll, beforeAll, expect, test } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, codeFromMail, signUpOffice } from '../../../test/api.ts';

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
  const { token, mail } = await signUpOffice(server.app, server.smtp);
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
