import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { until } from '../../../test/until.ts';
import { sendResponse, tusRequest, type TusRequest } from './web-request.ts';

const MB = 1024 * 1024;
let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A real HTTP server whose handler gets the tus Request of each request. */
async function serve(handle: (request: TusRequest, raw: http.IncomingMessage, res: http.ServerResponse) => void) {
  server = http.createServer((req, res) => handle(tusRequest(req, res), req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends `body` in 64 KB writes, as a browser's upload arrives. */
function put(port: number, body: Buffer, headers: http.OutgoingHttpHeaders = {}) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'PATCH',
    path: '/api/uploads/abc?x=1',
    headers: { 'Content-Length': body.length, 'Upload-Offset': '0', ...headers },
  });
  req.on('error', () => undefined);
  const response = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  let at = 0;
  const next = () => {
    while (at < body.length) {
      const ok = req.write(body.subarray(at, (at += 64 * 1024)));
      if (!ok) return void req.once('drain', next);
    }
    req.end();
  };
  next();
  return { req, response };
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Reads a web stream to its end, chunk by chunk. */
async function eachChunk(stream: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => void) {
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) onChunk(next.value);
}

describe('tusRequest', () => {
  test('carries method, URL and headers, and hands the body on byte-identical in 1 MB chunks', async () => {
    const body = randomBytes(5 * MB + 12_345);
    const seen = new Promise<{ request: TusRequest; chunks: Uint8Array[] }>((resolve) => {
      void serve(async (request, _raw, res) => {
        const chunks: Uint8Array[] = [];
        await eachChunk(request.body!, (chunk) => chunks.push(chunk));
        res.end();
        resolve({ request, chunks });
      }).then((port) => put(port, body, { 'Tus-Resumable': '1.0.0' }));
    });
    const { request, chunks } = await seen;

    expect(request.method).toBe('PATCH');
    expect(new URL(request.url).pathname).toBe('/api/uploads/abc');
    expect(new URL(request.url).search).toBe('?x=1');
    expect(request.headers.get('tus-resumable')).toBe('1.0.0');
    expect(request.headers.get('upload-offset')).toBe('0');
    expect(request.runtime.node.req.method).toBe('PATCH');
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(body));
    // Every chunk but the last holds at least a megabyte; the socket delivered 64 KB pieces.
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(MB);
    expect(chunks.length).toBeLessThanOrEqual(6);
  });

  test('a body nobody reads pauses the socket: only a few megabytes of 40 MB are taken in', async () => {
    let raw: http.IncomingMessage | undefined;
    const port = await serve((_request, req) => (raw = req));
    const { req } = put(port, randomBytes(40 * MB));
    await until(async () => (raw?.socket.bytesRead ?? 0) > MB);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const taken = raw!.socket.bytesRead;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(raw!.socket.bytesRead).toBe(taken);
    expect(taken).toBeLessThan(4 * MB);
    req.destroy();
  });

  test('a client that drops the connection mid-body makes the body stream fail instead of ending short', async () => {
    let outcome: Promise<unknown> | undefined;
    let received = 0;
    const port = await serve((request) => {
      outcome = (async () => {
        await eachChunk(request.body!, (chunk) => (received += chunk.length));
        return 'ended';
      })().catch((err: unknown) => err);
    });
    // 3 MB of a declared 30 MB, then the connection drops.
    const req = http.request({ host: '127.0.0.1', port, method: 'PATCH', headers: { 'Content-Length': 30 * MB } });
    req.on('error', () => undefined);
    req.write(randomBytes(3 * MB));
    await until(async () => received >= 2 * MB);
    req.destroy();
    await until(async () => outcome !== undefined);
    expect(await outcome).toBeInstanceOf(Error);
    expect(received).toBeLessThanOrEqual(3 * MB);
  });

  test('a request without a body (HEAD) has none', async () => {
    const seen = new Promise<TusRequest>((resolve) => {
      void serve((request, _raw, res) => {
        res.end();
        resolve(request);
      }).then((port) => http.request({ host: '127.0.0.1', port, method: 'HEAD', path: '/api/uploads/abc' }).end());
    });
    expect((await seen).body).toBeNull();
  });
});

describe('sendResponse', () => {
  test('writes status, headers and body of the web Response', async () => {
    const port = await serve((_request, _raw, res) => {
      void sendResponse(
        res,
        new Response('{"msgCode":"storage.full"}', {
          status: 507,
          headers: { 'Upload-Offset': '42', 'Tus-Resumable': '1.0.0' },
        }),
      );
    });
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(507);
    expect(response.headers.get('upload-offset')).toBe('42');
    expect(response.headers.get('tus-resumable')).toBe('1.0.0');
    expect(await response.json()).toEqual({ msgCode: 'storage.full' });
  });
});
