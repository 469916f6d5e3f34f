import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { socketOrigin } from './app.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Plankurier</title><div id="root"></div>');
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("plankurier")');
// As the build writes them (apps/web/precompress-plugin.ts): brotli and gzip copies beside the asset.
const bigScript = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Text ${i}`))};`;
fs.writeFileSync(path.join(webDist, 'assets', 'index-4f2a9c.js'), bigScript);
fs.writeFileSync(path.join(webDist, 'assets', 'index-4f2a9c.js.br'), zlib.brotliCompressSync(bigScript));
fs.writeFileSync(path.join(webDist, 'assets', 'index-4f2a9c.js.gz'), zlib.gzipSync(bigScript));

describe('the web app is served by the same server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webDist });
  });
  afterAll(() => server.stop());

  test('a deep link of the single-page app gets index.html (history fallback)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/project/123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  test("a recipient's personal link /d/<token> gets index.html without leaking a Referer", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/d/Ab-_0123456789abcdefghijklmnopqrstuvwxyzABC' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  test('built assets are served as files', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("plankurier")');
  });

  test('hashed assets are kept by browsers for a year; index.html is asked again each time', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/projects', '/project/123']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  test('browsers that accept brotli get the copy compressed at build, others gzip or the plain file', async () => {
    const plain = fs.readFileSync(path.join(webDist, 'assets', 'index-4f2a9c.js'), 'utf8');
    const br = await server.app.inject({
      method: 'GET',
      url: '/assets/index-4f2a9c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);

    const gz = await server.app.inject({
      method: 'GET',
      url: '/assets/index-4f2a9c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);

    const identity = await server.app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('large JSON answers are gzipped for clients that accept it', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  test('a missing asset of an older build answers 404, not index.html', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/index-0ld.js' });
    expect(res.statusCode).toBe(404);
  });

  test('an unknown API path stays a JSON 404, not the app', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msgCode).toBe('common.not_found');
  });

  test('the development mailbox lists mails in development', async () => {
    const outbox = await startTestServer({ smtpUrl: undefined });
    try {
      const { user } = await signUpOfficeInOutbox(outbox);
      const res = await outbox.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(user.email);
      const file = fs.readdirSync(outbox.config.outboxDir).find((n) => n.endsWith('.eml'))!;
      const mail = await outbox.app.inject({ method: 'GET', url: `/dev/outbox/${file}` });
      expect(mail.body).toContain('/user/validate/');
      expect((await outbox.app.inject({ method: 'GET', url: '/dev/outbox/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
        404,
      );
    } finally {
      await outbox.stop();
    }
  });
});

test('the development mailbox is off in production', async () => {
  const server = await startTestServer({ env: 'production' });
  try {
    expect((await server.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  } finally {
    await server.stop();
  }
});

test("the CSP's socket origin follows PUBLIC_URL's scheme and host", () => {
  expect(socketOrigin('https://plankurier.example/')).toBe('wss://plankurier.example');
  expect(socketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
});

test('production serves no API docs unless API_DOCS=on', async () => {
  const closed = await startTestServer({ env: 'production', apiDocs: false });
  const open = await startTestServer({ env: 'production', apiDocs: true });
  try {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await closed.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msgCode, url).toBe('common.not_found');
    }
    const spec = await open.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().info.title).toBe('Plankurier API');
  } finally {
    await closed.stop();
    await open.stop();
  }
});

/** Without SMTP_URL mails become .eml files in the outbox: wait for the first one. */
async function signUpOfficeInOutbox(server: TestServer) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/user',
    payload: { email: `outbox-${Date.now()}@example.org`, password: 'geheim123' },
  });
  const user = res.json<{ email: string }>();
  for (let i = 0; i < 60; i++) {
    if (fs.existsSync(server.config.outboxDir) && fs.readdirSync(server.config.outboxDir).length > 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { user };
}
