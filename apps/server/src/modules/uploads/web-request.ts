import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import { BODY_CHUNK_BYTES, bodyBuffer } from './body-buffers.ts';

/** A web Request as tus expects it, with the Node request beside it (tus aborts on its 'error'). */
export type TusRequest = Request & { runtime: { node: { req: IncomingMessage; res: ServerResponse } } };

/**
 * The Node request as the web Request tus handles. tus reads a body through four stream layers
 * (web stream, back to Node, a proxy, a size limiter) before the store writes it; each layer costs
 * per chunk, so the socket's 64 KB reads are gathered into 1 MB chunks first. That also lets the
 * store write and hash a megabyte per call. Backpressure holds: the socket pauses while a
 * gathered chunk waits to be read.
 */
export function tusRequest(req: IncomingMessage, res: ServerResponse): TusRequest {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // tus answers relative locations: the host plays no part, and a strange Host header can't break the URL.
  const request = new Request(`http://localhost${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody ? gatheredBody(req) : null,
    duplex: 'half',
  } as RequestInit) as TusRequest;
  Object.defineProperty(request, 'runtime', { value: { node: { req, res } } });
  return request;
}

/** Per request with a body: how many of its bytes arrived, and how to drop the rest (discardUnreadBody). */
const bodies = new WeakMap<IncomingMessage, { received: number; discard: () => void }>();

/**
 * Reads and drops what is left of a request's body before the answer goes out. tus answers a
 * refusal (507 for a full disk, 409, 404) while the chunk is still arriving, and Node then closes
 * the connection with bytes unread: the client gets a reset (EPIPE) instead of the status, and a
 * browser never sees the 507. A body larger than `limitBytes` (no upload may be) is not waited for.
 */
export async function discardUnreadBody(req: IncomingMessage, limitBytes: number): Promise<void> {
  const body = bodies.get(req);
  if (!body || req.complete || req.destroyed) return;
  if (Number(req.headers['content-length']) > limitBytes) return;
  await new Promise<void>((resolve) => {
    finished(req, () => resolve());
    req.on('data', () => {
      if (body.received > limitBytes) {
        req.pause();
        resolve();
      }
    });
    body.discard();
  });
}

/** Chunks this module gathered into a body buffer: nothing else views that buffer. */
const gathered = new WeakSet<Uint8Array>();

/**
 * Whether a body chunk's whole ArrayBuffer is the chunk's alone (gathered here, not a view into
 * the socket's buffers): once written, it may be moved to another thread instead of copied.
 */
export const ownsItsMemory = (chunk: Uint8Array) => gathered.has(chunk);

function gatheredBody(source: IncomingMessage): ReadableStream<Uint8Array> {
  let parts: Buffer[] = [];
  let bytes = 0;
  const take = () => {
    let chunk = parts[0]!;
    const target = parts.length > 1 ? bodyBuffer(bytes) : undefined;
    if (target) {
      let at = 0;
      for (const part of parts) at += part.copy(target, at);
      chunk = target.subarray(0, bytes);
      gathered.add(chunk);
    } else if (parts.length > 1) {
      chunk = Buffer.concat(parts, bytes);
    }
    parts = [];
    bytes = 0;
    return chunk;
  };
  let discarding = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const body = {
          received: 0,
          discard: () => {
            discarding = true;
            parts = [];
            bytes = 0;
            // Nobody reads on: whatever still held the stream learns it ends here.
            controller.error(new Error('request body discarded'));
            source.resume();
          },
        };
        bodies.set(source, body);
        source.on('data', (chunk: Buffer) => {
          body.received += chunk.length;
          if (discarding) return;
          parts.push(chunk);
          bytes += chunk.length;
          if (bytes < BODY_CHUNK_BYTES) return;
          controller.enqueue(take());
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        // An aborted request ends in an error (or a bare 'close'): the stream errors, and the
        // bytes gathered but not handed on are sent again when the client resumes.
        finished(source, (err) => {
          if (discarding) return;
          if (err) return controller.error(err);
          if (bytes > 0) controller.enqueue(take());
          controller.close();
        });
        source.pause();
      },
      pull() {
        source.resume();
      },
      cancel() {
        source.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}

/** Writes tus's web Response to the Node response. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: string[] = [];
  response.headers.forEach((value, name) => headers.push(name, value));
  res.writeHead(response.status, headers);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  await new Promise<void>((resolve) => res.end(body, resolve));
}
