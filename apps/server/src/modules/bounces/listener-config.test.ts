import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { captureLog, LOG_LEVEL } from '../../../test/log-capture.ts';

/** A production setting needs a MAIL_FROM of a real domain and a relay. */
const production = {
  NODE_ENV: 'production',
  MAIL_FROM: 'Büro <noreply@buero.example>',
  SMTP_URL: 'smtp://relay.buero.example:587',
} as const;

describe('the bounce listener setting', () => {
  test('off in production unless BOUNCE_SMTP_PORT is set; on in development and tests; the host configurable', () => {
    expect(loadConfig(production).bounceSmtp).toBeUndefined();
    expect(loadConfig({ ...production, BOUNCE_SMTP_PORT: '2526', BOUNCE_SMTP_HOST: '0.0.0.0' }).bounceSmtp).toEqual({
      port: 2526,
      host: '0.0.0.0',
    });
    expect(loadConfig({ NODE_ENV: 'development' }).bounceSmtp).toEqual({ port: 2525, host: '127.0.0.1' });
    expect(loadConfig({ NODE_ENV: 'test' }).bounceSmtp).toEqual({ port: 0, host: '127.0.0.1' });
    expect(loadConfig(production).bounceWebhookSecret).toBeUndefined();
    expect(() => loadConfig({ BOUNCE_WEBHOOK_SECRET: 'too-short' })).toThrow();
  });

  test('the listener takes connections while the server runs and is closed when it stops', async () => {
    const server = await startTestServer();
    const port = server.bounceListener!.port;
    const connect = () =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('data', (greeting) => {
          socket.destroy();
          resolve(greeting.toString().slice(0, 3));
        });
        socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      });
    expect(await connect()).toBe('220');
    await server.stop();
    expect(await connect()).toBe('ECONNREFUSED');
  });

  test('a port another program holds (a second instance on this machine): the server starts without the listener and says so in one warning line', async () => {
    const holder = await new Promise<net.Server>((resolve) => {
      const other = net.createServer().listen(0, '127.0.0.1', () => resolve(other));
    });
    const port = (holder.address() as net.AddressInfo).port;
    const log = captureLog();
    try {
      const server = await startTestServer({
        bounceSmtp: { port, host: '127.0.0.1' },
        logLevel: 'info',
        logDestination: log.destination,
      });
      try {
        expect(server.bounceListener).toBeUndefined();
        expect((await api(server.app).get('/api/health')).statusCode).toBe(200);
        const said = log.lines.filter((l) => l.level >= LOG_LEVEL.warn && /bounce|BOUNCE_SMTP/.test(JSON.stringify(l)));
        expect(said.map((l) => [l.level, l.msg])).toEqual([
          [
            LOG_LEVEL.warn,
            `BOUNCE_SMTP_PORT ${port} on 127.0.0.1 is in use by another program: this process receives no returned mail by SMTP (set BOUNCE_SMTP_PORT to a free port)`,
          ],
        ]);
      } finally {
        await server.stop();
      }
    } finally {
      holder.close();
    }
  });
});
