import { isAppError } from '@plankurier/shared';
import type { ProcessCall, ProcessReply, ProcessWarmUp } from './pdf-process-protocol.ts';

/** A module process: runs one call after the other (one large file at a time bounds memory). */
const toParent = process.send?.bind(process);
if (!toParent) throw new Error('pdf-process-child.ts runs as a child process with IPC (see pdf-process.ts)');

// The server gone (its channel closed): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));

/** An answer to a server that is closing its channel fails (EPIPE): that ends this process quietly. */
const send = (message: ProcessReply) => {
  if (!process.connected) return;
  toParent(message, undefined, undefined, (err) => {
    if (err) process.exit(0);
  });
};

let queue: Promise<void> = Promise.resolve();

process.on('message', (call: ProcessCall | ProcessWarmUp) => {
  if ('warmUp' in call) {
    // A module that fails to load fails again, with its error, in the call that needs it.
    const ignore = () => undefined;
    for (const module of call.warmUp) queue = queue.then(() => import(module).then(ignore, ignore));
    queue = queue.then(() => send({ warmedUp: true }));
    return;
  }
  queue = queue.then(async () => {
    let reply: ProcessReply;
    try {
      const mod = (await import(call.module)) as Record<string, unknown>;
      const fn = mod[call.name];
      if (typeof fn !== 'function') throw new Error(`${call.module} has no function ${call.name}`);
      send({ id: call.id, started: true });
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
    send(reply);
  });
});
