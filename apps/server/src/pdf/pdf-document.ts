import { Worker } from 'node:worker_threads';
import type { DocumentSource } from './document-builders.ts';
import type { PdfDocument, PdfRendered } from './pdf-types.ts';
import type { RenderJob, RenderReply, RenderRequest } from './render-protocol.ts';

export type { DocumentSource } from './document-builders.ts';
export type { PageFooter, PdfDocument, PdfRendered } from './pdf-types.ts';

interface Pending {
  request: RenderRequest;
  resolve: (rendered: PdfRendered) => void;
  reject: (err: Error) => void;
}

/** How long one render may take and how much heap the render thread may hold (config.ts: pdfRender). */
export interface RenderLimits {
  timeLimitMs: number;
  memoryMb: number;
}
let limits: RenderLimits = { timeLimitMs: 300_000, memoryMb: 1024 };
/** Set at start (and by tests); a thread already running keeps the heap it was started with. */
export function configurePdfRenderer(next: RenderLimits): void {
  limits = next;
}

/** What a render gets that ran past the time limit or the thread's heap: the thread was ended under it. */
export class RenderOverLimit extends Error {}

/**
 * pdfmake lays out and draws synchronously (seconds for a 2,000-plan list), and building a long
 * list's definition takes a large part of a second: both run in one worker thread, started on
 * first use and reused, so requests and jobs go on meanwhile. The thread's heap is bounded
 * (resourceLimits) and each render has a time limit, counted from when the thread begins it (it
 * renders one after the other): past either, the thread is ended, that render fails
 * with RenderOverLimit and the renders that waited behind it go to a fresh thread.
 */
let thread: Worker | undefined;
/** In the order the thread takes them: the first is the one it is rendering. */
const pending = new Map<number, Pending>();
let nextId = 1;
let timer: NodeJS.Timeout | undefined;

function failAll(err: Error): void {
  for (const { reject } of pending.values()) reject(err);
  pending.clear();
}

/** The time limit of render `id`, which the thread has just begun. */
function watchCurrent(worker: Worker, id: number): void {
  clearTimeout(timer);
  timer = setTimeout(
    () => overLimit(worker, id, `a render ran longer than ${limits.timeLimitMs} ms`),
    limits.timeLimitMs,
  );
}

/** Ends the thread under render `id`: it fails, the others are sent again to a new thread. */
function overLimit(worker: Worker, id: number, detail: string): void {
  if (thread !== worker) return;
  thread = undefined;
  clearTimeout(timer);
  timer = undefined;
  const cut = pending.get(id);
  pending.delete(id);
  cut?.reject(new RenderOverLimit(`PDF render thread ended: ${detail}`));
  const again = [...pending.values()];
  pending.clear();
  void worker.terminate();
  for (const waiting of again) send(waiting);
}

function startThread(): Worker {
  const worker = new Worker(new URL('./render-thread.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
  });
  worker.on('message', (reply: RenderReply) => {
    if (thread !== worker) return; // an ended thread's late answer: its renders went to the new one
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    if ('started' in reply) {
      watchCurrent(worker, reply.id);
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.rendered);
    else waiting.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
    // An idle render thread must not keep a process (a test run, a CLI) alive.
    if (pending.size === 0) worker.unref();
  });
  // A crash of the thread fails its renders, never the server; the next render starts a new thread.
  // Past its heap the thread ends with ERR_WORKER_OUT_OF_MEMORY: the render it was at is too large.
  worker.on('error', (err) => {
    if (thread !== worker) return;
    if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      const current = pending.keys().next();
      if (!current.done) {
        overLimit(worker, current.value, `its heap passed ${limits.memoryMb} MB`);
        return;
      }
    }
    thread = undefined;
    clearTimeout(timer);
    failAll(err);
  });
  worker.on('exit', (code) => {
    if (thread !== worker) return;
    thread = undefined;
    clearTimeout(timer);
    failAll(new Error(`PDF render thread exited (code ${code})`));
  });
  return worker;
}

/** Posts a render to the thread (a new one if none runs). */
function send(waiting: Pending): void {
  thread ??= startThread();
  const worker = thread;
  try {
    worker.postMessage(waiting.request); // throws DataCloneError for data holding functions
  } catch (err) {
    waiting.reject(err instanceof Error ? err : new Error(String(err)));
    return;
  }
  pending.set(waiting.request.id, waiting);
  worker.ref();
}

function render(job: RenderJob, filename: string): Promise<PdfRendered> {
  const request: RenderRequest = { id: nextId++, job, filename };
  return new Promise<PdfRendered>((resolve, reject) => send({ request, resolve, reject }));
}

/**
 * Renders a document (plain data, see PdfDocument) into a file in the render thread, default font
 * Roboto. A broken document rejects; it never takes the process down.
 */
export function writePdf(document: PdfDocument, filename: string): Promise<PdfRendered> {
  return render({ document }, filename);
}

/**
 * Builds a document from its rows in the render thread (see document-builders.ts) and renders it
 * into a file: the caller's thread only posts the rows. A failing build rejects like a failing render.
 */
export function buildPdf(source: DocumentSource, filename: string): Promise<PdfRendered> {
  return render({ source }, filename);
}

/** Stops the render thread (server stop, SIGTERM); renders still running reject. */
export async function closePdfRenderer(): Promise<void> {
  const worker = thread;
  thread = undefined;
  clearTimeout(timer);
  if (!worker) return;
  failAll(new Error('PDF renderer closed'));
  await worker.terminate();
}
