import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { until } from '../../test/until.ts';
import { isLoopbackAddress } from './outbox-routes.ts';

/** An address of this machine that is not loopback: a connection to it comes from the network's side. */
function networkAddress(): string {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a !== undefined && !a.internal && a.family === 'IPv4');
  if (!found) throw new Error('this test needs a network interface besides loopback (os.networkInterfaces())');
  return found.address;
}

const portOf = (server: TestServer) => (server.app.server.address() as { port: number }).port;

/** Signs up an office, so the outbox holds its validation mail with a secret link. */
async function mailInOutbox(server: TestServer): Promise<string> {
  await server.app.inject({
    method: 'POST',
    url: '/api/user',
    payload: { email: `mailbox-${Date.now()}@example.org`, password: 'geheim123' },
  });
  return until(async () =>
    fs.existsSync(server.config.outboxDir)
      ? fs.readdirSync(server.config.outboxDir).find((n) => n.endsWith('.eml'))
      : undefined,
  );
}

test('npm start listens on this machine only unless HOST says otherwise; production serves the network', () => {
  expect(loadConfig({}).host).toBe('localhost');
  expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('localhost');
  expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  expect(
    loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.buero.example', MAIL_FROM: 'noreply@buero.example' })
      .host,
  ).toBe('0.0.0.0');
});

test('loopback peers are this machine, whether written as IPv4, IPv6 or IPv4-mapped', () => {
  for (const local of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
    expect(isLoopbackAddress(local)).toBe(true);
  for (const remote of ['192.0.2.10', '10.0.0.1', 'fd00::2', '::ffff:192.0.2.10', '::', undefined, 'localhost'])
    expect(isLoopbackAddress(remote)).toBe(false);
});

describe('the development mailbox answers only this machine', () => {
  let server: TestServer;
  let file: string;
  beforeAll(async () => {
    // Served to the network on purpose (HOST=0.0.0.0), as an office would to reach it from other desks.
    server = await startTestServer({ smtpUrl: undefined, host: '0.0.0.0' });
    file = await mailInOutbox(server);
  });
  afterAll(() => server.stop());

  test('a browser on another machine is refused, list and message alike', async () => {
    const base = `http://${networkAddress()}:${portOf(server)}`;
    for (const path of ['/dev/outbox', `/dev/outbox/${file}`]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ msgCode: 'common.forbidden' });
    }
    // A header claiming to be local changes nothing: the socket's peer decides.
    const forwarded = await fetch(`${base}/dev/outbox`, { headers: { 'X-Forwarded-For': '127.0.0.1' } });
    expect(forwarded.status).toBe(403);
    // The rest of the app is served to the network as asked.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  test('a browser on this machine reads the mailbox', async () => {
    const list = await fetch(`http://127.0.0.1:${portOf(server)}/dev/outbox`);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(file);
    const mail = await fetch(`http://127.0.0.1:${portOf(server)}/dev/outbox/${file}`);
    expect(await mail.text()).toContain('/user/validate/');
  });
});

test('with the default HOST the development server cannot be reached from the network at all', async () => {
  const server = await startTestServer({ smtpUrl: undefined, host: loadConfig({}).host });
  try {
    expect((await fetch(`http://127.0.0.1:${portOf(server)}/dev/outbox`)).status).toBe(200);
    await expect(fetch(`http://${networkAddress()}:${portOf(server)}/dev/outbox`)).rejects.toThrow();
  } finally {
    await server.stop();
  }
});
