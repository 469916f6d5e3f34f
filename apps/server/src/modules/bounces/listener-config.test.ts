import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTestServer } from '../../../test/test-server.ts';

/** A production setting needs a MAIL_FROM of a real domain. */
const production = { NODE_ENV: 'production', MAIL_FROM: 'Büro <noreply@buero.example>' } as const;

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
});
