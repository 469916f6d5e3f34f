import { parentPort } from 'node:worker_threads';
import { isAppError } from '@plankurier/shared';
import type { ThreadCall, ThreadReply } from './pdf-thread-protocol.ts';

/** The PDF thread: runs one call after the other (one large file at a time bounds memory). */
const port = parentPort;
if (!port) throw new Error('pdf-thread-worker.ts runs as a worker thread (see pdf-thread.ts)');

let queue: Promise<void> = Promise.resolve();

port.on('message', (call: ThreadCall) => {
  queue = queue.then(async () => {
    let reply: ThreadReply;
    try {
      const mod = (await import(call.module)) as Record<string, unknown>;
      const fn = mod[call.name];
      if (typeof fn !== 'function') throw new Error(`${call.module} has no function ${call.name}`);
      reply = { id: call.id, ok: true, result: await (fn as (...args: unknown[]) => Promise<unknown>)(...call.args) };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      reply = {
        id: call.id,
        ok: false,
        message: error.message,
        stack: error.stack ?? '',
        ...(isAppError(error) ? { msgCode: error.msgCode, status: error.status } : {}),
      };
    }
    port.postMessage(reply);
  });
});
