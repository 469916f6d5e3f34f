import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { afterAll, expect, test } from 'vitest';
import { sha256Hex } from '../../../test/upload-fixtures.ts';
import { BODY_BUFFER_BYTES, recycleBodyBuffer } from './body-buffers.ts';
import { HashWorker } from './hash-worker.ts';
import { ReceivedHashes } from './received-hashes.ts';
import { UploadFileStore } from './upload-store.ts';
import { tusRequest } from './web-request.ts';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-upload-store-'));
const returned: number[] = [];
const worker = new HashWorker((buffer) => {
  returned.push(buffer.byteLength);
  recycleBodyBuffer(buffer);
});
const hashes = new ReceivedHashes(() => worker.hash());
const store = new UploadFileStore({ directory }, hashes, async () => undefined);
let server: http.Server | undefined;

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await worker.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** A real HTTP server that writes each PATCH's body into the store, as tus hands it over. */
async function serve(): Promise<number> {
  server = http.createServer((req, res) => {
    const body = tusRequest(req, res).body as unknown as NodeReadableStream<Uint8Array>;
    const offset = Number(req.headers['upload-offset']);
    store.write(Readable.fromWeb(body), req.url!.slice(1), offset).then(
      (next) => res.end(String(next)),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** One PATCH of `body` at `offset`, sent in 64 KB writes as a browser's arrives; answers the next offset. */
function patch(port: number, id: string, offset: number, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `/${id}`,
        headers: { 'Content-Length': body.length, 'Upload-Offset': String(offset) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => (res.statusCode === 200 ? resolve(Number(text)) : reject(new Error(text))));
      },
    );
    req.on('error', reject);
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
    req.end();
  });
}

test('PATCHes written by the store are hashed on the worker: the digest is the whole file, the chunks were moved, not copied', async () => {
  const port = await serve();
  const id = randomUUID();
  fs.writeFileSync(path.join(directory, id), '');
  const data = randomBytes(5 * 1024 * 1024 + 12_345);
  const cut = 3 * 1024 * 1024 + 777;

  expect(await patch(port, id, 0, data.subarray(0, cut))).toBe(cut);
  expect(await patch(port, id, cut, data.subarray(cut))).toBe(data.length);

  expect(fs.readFileSync(path.join(directory, id)).equals(data)).toBe(true);
  expect(await hashes.digest(id, data.length)).toBe(sha256Hex(data));
  // Gathered megabytes went to the worker in their body buffers (which came back); only the short ends were copied.
  expect(returned.filter((bytes) => bytes === BODY_BUFFER_BYTES).length).toBeGreaterThanOrEqual(4);
});
