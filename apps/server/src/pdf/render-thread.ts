import { parentPort } from 'node:worker_threads';
import { renderPdf } from './pdf-render.ts';
import type { RenderReply, RenderRequest } from './render-protocol.ts';

/** The render thread: renders one document after the other (one long list at a time bounds memory). */
const port = parentPort;
if (!port) throw new Error('render-thread.ts runs as a worker thread (see pdf-document.ts)');

let queue: Promise<void> = Promise.resolve();

port.on('message', (request: RenderRequest) => {
  queue = queue.then(async () => {
    let reply: RenderReply;
    try {
      const { pageCount } = await renderPdf(request.document, request.filename);
      reply = { id: request.id, ok: true, pageCount };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      reply = { id: request.id, ok: false, message: error.message, stack: error.stack ?? '' };
    }
    port.postMessage(reply);
  });
});
