import { Worker } from 'node:worker_threads';
import type { DocumentSource } from './document-builders.ts';
import type { PdfDocument, PdfRendered } from './pdf-types.ts';
import type { RenderJob, RenderReply, RenderRequest } from './render-protocol.ts';

export type { DocumentSource } from './document-builders.ts';
export type { PageFooter, PdfDocument, PdfRendered } from './pdf-types.ts';

interface Pending {
  resolve: (rendered: PdfRendered) => void;
  reject: (err: Error) => void;
}

/**
 * pdfmake lays out and draws synchronously (seconds for a 2,000-plan list), and building a long
 * list's definition takes a large part of a second: both run in one worker thread, started on
 * first use and reused, so requests and jobs go on meanwhile.
 */
let thread: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(err: Error): void {
  for (const { reject } of pending.values()) reject(err);
  pending.clear();
}

function startThread(): Worker {
  const worker = new Worker(new URL('./render-thread.mjs', import.meta.url));
  worker.on('message', (reply: RenderReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.rendered);
    else waiting.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
    // An idle render thread must not keep a process (a test run, a CLI) alive.
    if (pending.size === 0) worker.unref();
  });
  // A crash of the thread fails its renders, never the server; the next render starts a new thread.
  worker.on('error', (err) => {
    if (thread === worker) thread = undefined;
    failAll(err);
  });
  worker.on('exit', (code) => {
    if (thread === worker) thread = undefined;
    failAll(new Error(`PDF render thread exited (code ${code})`));
  });
  return worker;
}

function render(job: RenderJob, filename: string): Promise<PdfRendered> {
  thread ??= startThread();
  const worker = thread;
  const id = nextId++;
  const request: RenderRequest = { id, job, filename };
  return new Promise<PdfRendered>((resolve, reject) => {
    try {
      worker.postMessage(request); // throws DataCloneError for data holding functions
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    pending.set(id, { resolve, reject });
    worker.ref();
  });
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
  if (!worker) return;
  failAll(new Error('PDF renderer closed'));
  await worker.terminate();
}
