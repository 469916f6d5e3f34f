import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { appError, isMsgCode } from '@plankurier/shared';
import type { ProcessCall, ProcessReply } from './pdf-process-protocol.ts';

/**
 * Reading, drawing and rewriting uploaded files is synchronous work on untrusted input: pdf.js
 * repairing a broken 90 MB file scans it for seconds, PDFium and the native canvas draw plans.
 * It runs in a child process, started on first use and reused, so the server keeps answering
 * meanwhile — and a native crash there (the canvas library is known to fault in worker threads)
 * ends that process, never the server: its calls fail, the next call starts a new one.
 * The process knows no module: a caller names the module file and the exported async function to
 * run there, with arguments and a result the structured clone carries (plain data). Application
 * errors keep their msgCode.
 */
export interface ModuleProcess {
  /** Calls `exportName` of the module at `moduleUrl` in the process (pass files by path, not their bytes). */
  call: <R>(moduleUrl: URL, exportName: string, ...args: unknown[]) => Promise<R>;
  /** Stops the process (server stop, SIGTERM); calls still running reject. */
  close: () => Promise<void>;
}

/** What a call gets when the process ended under it (a crash, a kill): the caller's job retries. */
export class ModuleProcessEnded extends Error {}

const bootstrap = fileURLToPath(new URL('./pdf-process-main.mjs', import.meta.url));

/** An idle process must not keep the server's process (a test run, a CLI) alive; a busy one must. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

export function createModuleProcess(label: string): ModuleProcess {
  let current: ChildProcess | undefined;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 1;

  const failAll = (err: Error) => {
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };

  const start = () => {
    // No inherited flags (tsx's loader, Vitest's): the bootstrap registers tsx itself.
    const child = fork(bootstrap, [], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (reply: ProcessReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else if (reply.msgCode && isMsgCode(reply.msgCode)) waiting.reject(appError(reply.msgCode, reply.status ?? 500));
      else waiting.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
      if (pending.size === 0) holdOpen(child, false);
    });
    child.on('error', (err) => {
      if (current === child) current = undefined;
      failAll(err);
    });
    child.on('exit', (code, signal) => {
      if (current === child) current = undefined;
      failAll(new ModuleProcessEnded(`${label} process ended (${signal ?? `code ${code}`})`));
    });
    return child;
  };

  return {
    call: <R>(moduleUrl: URL, exportName: string, ...args: unknown[]) => {
      current ??= start();
      const child = current;
      const id = nextId++;
      const call: ProcessCall = { id, module: moduleUrl.href, name: exportName, args };
      return new Promise<R>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        holdOpen(child, true);
        try {
          // Throws DataCloneError for arguments holding functions; a closed channel reports here.
          child.send(call, (err) => {
            if (!err || !pending.delete(id)) return;
            reject(err);
          });
        } catch (err) {
          pending.delete(id);
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    },
    close: async () => {
      const child = current;
      current = undefined;
      if (!child) return;
      // Not a ModuleProcessEnded: a call cut by a stop is no sign of its file (the job runs it again later).
      failAll(new Error(`${label} process closed`));
      if (child.exitCode !== null || child.signalCode !== null) return;
      const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill();
      await ended;
    },
  };
}

/**
 * Runs a call; when its process ended under it (a crash: possibly of another file's call before
 * it), once more in a fresh process. Ending a second time marks the file as the cause: null.
 */
export async function onceMoreAfterCrash<T>(call: () => Promise<T>): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ModuleProcessEnded)) throw err;
      if (attempt === 2) return null;
    }
  }
}

/** Checks of uploads and QR stamping: short waits for a person who is uploading or downloading. */
const pdfProcess = createModuleProcess('PDF');
/** Thumbnails and drawing previews: a process of their own, so a batch of them never delays an upload's check. */
const previewProcess = createModuleProcess('Preview');

export const inPdfProcess = pdfProcess.call;
export const closePdfProcess = pdfProcess.close;
export const inPreviewProcess = previewProcess.call;
export const closePreviewProcess = previewProcess.close;
