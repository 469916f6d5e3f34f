import { Worker } from 'node:worker_threads';
import { appError, isMsgCode } from '@plankurier/shared';
import type { ThreadCall, ThreadReply } from './pdf-thread-protocol.ts';

/**
 * Reading and rewriting PDFs is synchronous work: pdf.js repairing a broken 90 MB file scans it for
 * seconds, pdf-lib parses a large plan in one go. It runs in a worker thread, started on first
 * use and reused, so the server keeps answering meanwhile. The thread knows no module: a caller
 * names the module file and the exported async function to run there, with arguments and a result
 * the structured clone carries (plain data). Application errors keep their msgCode.
 */
export interface ModuleThread {
  /** Calls `exportName` of the module at `moduleUrl` in the thread (pass files by path, not their bytes). */
  call: <R>(moduleUrl: URL, exportName: string, ...args: unknown[]) => Promise<R>;
  /** Stops the thread (server stop, SIGTERM); calls still running reject. */
  close: () => Promise<void>;
}

export function createModuleThread(label: string): ModuleThread {
  let thread: Worker | undefined;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 1;

  const failAll = (err: Error) => {
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };

  const startThread = () => {
    const worker = new Worker(new URL('./pdf-thread-main.mjs', import.meta.url));
    worker.on('message', (reply: ThreadReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else if (reply.msgCode && isMsgCode(reply.msgCode)) waiting.reject(appError(reply.msgCode, reply.status ?? 500));
      else waiting.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
      // An idle thread must not keep a process (a test run, a CLI) alive.
      if (pending.size === 0) worker.unref();
    });
    // A crash of the thread fails its calls, never the server; the next call starts a new thread.
    worker.on('error', (err) => {
      if (thread === worker) thread = undefined;
      failAll(err);
    });
    worker.on('exit', (code) => {
      if (thread === worker) thread = undefined;
      failAll(new Error(`${label} thread exited (code ${code})`));
    });
    return worker;
  };

  return {
    call: <R>(moduleUrl: URL, exportName: string, ...args: unknown[]) => {
      thread ??= startThread();
      const worker = thread;
      const id = nextId++;
      const call: ThreadCall = { id, module: moduleUrl.href, name: exportName, args };
      return new Promise<R>((resolve, reject) => {
        try {
          worker.postMessage(call); // throws DataCloneError for arguments holding functions
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.ref();
      });
    },
    close: async () => {
      const worker = thread;
      thread = undefined;
      if (!worker) return;
      failAll(new Error(`${label} thread closed`));
      await worker.terminate();
    },
  };
}

/** Checks of uploads and QR stamping: short waits for a person who is uploading or downloading. */
const pdfThread = createModuleThread('PDF');
/** Thumbnails and drawing previews: a thread of their own, so a batch of them never delays an upload's check. */
const previewThread = createModuleThread('Preview');

export const inPdfThread = pdfThread.call;
export const closePdfThread = pdfThread.close;
export const inPreviewThread = previewThread.call;
export const closePreviewThread = previewThread.close;
