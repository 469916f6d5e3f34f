import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { buildDocument } from './document-builders.ts';
import { renderPdf } from './pdf-render.ts';
import type { RenderJob, RenderReply, RenderRequest } from './render-protocol.ts';

/** The render thread: builds and renders one document after the other (one long list at a time bounds memory). */
const port = parentPort;
if (!port) throw new Error('render-thread.ts runs as a worker thread (see pdf-document.ts)');

const documentOf = (job: RenderJob) => ('document' in job ? job.document : buildDocument(job.source));
/** Epoch milliseconds, sub-millisecond precise and comparable across threads. */
const now = () => performance.timeOrigin + performance.now();

let queue: Promise<void> = Promise.resolve();

port.on('message', (request: RenderRequest) => {
  queue = queue.then(async () => {
    let reply: RenderReply;
    port.postMessage({ id: request.id, started: true } satisfies RenderReply);
    try {
      const startedAt = now();
      const document = documentOf(request.job);
      const builtAt = now();
      const { pageCount } = await renderPdf(document, request.filename);
      reply = { id: request.id, ok: true, rendered: { pageCount, timings: { startedAt, builtAt, writtenAt: now() } } };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      reply = { id: request.id, ok: false, message: error.message, stack: error.stack ?? '' };
    }
    port.postMessage(reply);
  });
});
