import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { appError, isMsgCode } from '@plankurier/shared';
import type { ProcessCall, ProcessReply, ProcessWarmUp } from './pdf-process-protocol.ts';
import { createModuleProcessPool } from './process-pool.ts';
import { residentBytes } from './process-watch.ts';

/**
 * Reading, drawing and rewriting uploaded files is synchronous work on untrusted input: pdf.js
 * repairing a broken 90 MB file scans it for seconds, PDFium and the native canvas draw plans.
 * It runs in a child process, started on first use and reused, so the server keeps answering
 * meanwhile — and a native crash there (the canvas library is known to fault in worker threads)
 * ends that process, never the server: its calls fail, the next call starts a new one.
 * The process knows no module: a caller names the module file and the exported async function to
 * run there, with arguments and a result the structured clone carries (plain data). Application
 * errors keep their msgCode.
 *
 * A few kilobytes of nested form XObjects or DXF blocks can make one call draw for minutes and
 * take gigabytes: every call has a wall-clock limit and the process a memory cap (its V8 heap and
 * its resident memory, watched from here). A call past either is killed with its process
 * (ModuleProcessOverLimit: the file is too complex, never retried) and the next call gets a fresh
 * process. Calls wait here, not in the child, one at a time, and take turns by lane (an office):
 * one office's many files never queue ahead of another office's one.
 */
export interface ModuleProcess {
  /** Calls `exportName` of the module at `moduleUrl` in the process (pass files by path, not their bytes). */
  call: <R>(moduleUrl: URL, exportName: string, ...args: unknown[]) => Promise<R>;
  /** The same, in the turn of `lane` (an office's id): lanes take turns, calls in one lane keep their order. */
  callIn: <R>(lane: string, moduleUrl: URL, exportName: string, ...args: unknown[]) => Promise<R>;
  /** Stops the process (server stop, SIGTERM); calls still running or waiting reject. */
  close: () => Promise<void>;
  /** Whether a process is up with the modules of earlier calls loaded: a call there starts at once. */
  isWarm: () => boolean;
}

/** How long one call may run and how much memory its process may take (config.ts: fileProcesses). */
export interface ProcessLimits {
  timeLimitMs: number;
  memoryMb: number;
}

/** Without a configuration (a script, a test of one module): the defaults of config.ts. */
export const DEFAULT_PROCESS_LIMITS: ProcessLimits = { timeLimitMs: 120_000, memoryMb: 2048 };

/** What a call gets when the process ended under it (a crash, a kill): the caller's job retries. */
export class ModuleProcessEnded extends Error {}

/** What a call gets that ran past the time limit or the memory cap: its file is too complex to process. */
export class ModuleProcessOverLimit extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    message: string,
  ) {
    super(message);
  }
}

const bootstrap = fileURLToPath(new URL('./pdf-process-main.mjs', import.meta.url));
/** How often the resident memory of a busy process is read. */
const MEMORY_CHECK_MS = 50;
/**
 * The cap is a ceiling, not the trigger (issue 36: no process exceeds it): the watch kills at this
 * share of it, so what a drawing allocates between two reads (≈150 MB per 200 ms was seen) stays
 * under, and V8's heap stops at the same share, leaving the rest to native memory (canvas, PDFium).
 */
const CAP_SHARE = 0.85;

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

interface Waiting {
  call: ProcessCall;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** V8 aborts a process that reaches its heap limit ("Reached heap limit"): that is the memory cap. */
const heapLimitReached = (code: number | null, signal: NodeJS.Signals | null) => signal === 'SIGABRT' || code === 134;

export function createModuleProcess(label: string, limitsOf: () => ProcessLimits = () => DEFAULT_PROCESS_LIMITS) {
  let current: ChildProcess | undefined;
  /** Waiting calls by lane; a Map keeps insertion order, and a lane that had its turn goes to the end. */
  const lanes = new Map<string, Waiting[]>();
  let running: { waiting: Waiting; child: ChildProcess; timer: NodeJS.Timeout; watch: NodeJS.Timeout } | undefined;
  let nextId = 1;
  /** The modules calls named so far: a process started after a kill loads them before it is needed. */
  const usedModules = new Set<string>();
  /** The process that has loaded them (after a call or its warm-up). */
  let warmChild: ChildProcess | undefined;

  const settleRunning = (child: ChildProcess): Waiting | undefined => {
    if (!running || running.child !== child) return undefined;
    const { waiting, timer, watch } = running;
    clearTimeout(timer);
    clearInterval(watch);
    running = undefined;
    return waiting;
  };

  /** Kills a process past a limit: its call fails with the limit, the next call starts a new process. */
  const killOverLimit = (child: ChildProcess, limit: 'time' | 'memory', detail: string) => {
    const waiting = settleRunning(child);
    if (current === child) current = undefined;
    child.kill('SIGKILL');
    waiting?.reject(new ModuleProcessOverLimit(limit, `${label} process killed: ${detail}`));
    startWarm();
    queueMicrotask(next);
  };

  /**
   * The replacement of a killed process starts at once and loads the modules used so far (issue 36):
   * a fresh process spends seconds on tsx, pdf.js and the canvas before its first call, and the
   * call after an attack file's kill is usually another office's.
   */
  const startWarm = () => {
    if (current || usedModules.size === 0) return;
    const child = start(limitsOf());
    current = child;
    holdOpen(child, false);
    child.send({ warmUp: [...usedModules] } satisfies ProcessWarmUp, () => undefined);
  };

  const start = (limits: ProcessLimits) => {
    // No inherited flags (tsx's loader, Vitest's): the bootstrap registers tsx itself.
    const child = fork(bootstrap, [], {
      execArgv: [`--max-old-space-size=${Math.floor(limits.memoryMb * CAP_SHARE)}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (reply: ProcessReply) => {
      if ('warmedUp' in reply) {
        warmChild = child;
        return;
      }
      if (running?.child !== child || running.waiting.call.id !== reply.id) return;
      if ('started' in reply) {
        running.timer.refresh(); // loading the module was not the call's time
        return;
      }
      const waiting = settleRunning(child)!;
      warmChild = child;
      if (reply.ok) waiting.resolve(reply.result);
      else if (reply.msgCode && isMsgCode(reply.msgCode)) waiting.reject(appError(reply.msgCode, reply.status ?? 500));
      else waiting.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
      next();
    });
    const ended = (err: Error) => {
      if (current === child) current = undefined;
      const waiting = settleRunning(child);
      if (waiting) {
        waiting.reject(err);
        next();
      }
    };
    child.on('error', ended);
    child.on('exit', (code, signal) => {
      const how = signal ?? `code ${code}`;
      ended(
        heapLimitReached(code, signal)
          ? new ModuleProcessOverLimit('memory', `${label} process reached its heap limit (${how})`)
          : new ModuleProcessEnded(`${label} process ended (${how})`),
      );
    });
    return child;
  };

  /** The lane of the call before: it comes after every other lane that waits. */
  let lastLane: string | undefined;
  const takeNext = (): Waiting | undefined => {
    const order = [...lanes.keys()];
    const lane = order.find((l) => l !== lastLane) ?? order[0];
    if (lane === undefined) return undefined;
    const calls = lanes.get(lane)!;
    const waiting = calls.shift();
    lanes.delete(lane);
    if (calls.length > 0) lanes.set(lane, calls); // to the end: the other lanes come first
    lastLane = lane;
    return waiting;
  };

  function next(): void {
    if (running) return;
    const waiting = takeNext();
    if (!waiting) {
      if (current) holdOpen(current, false);
      return;
    }
    const limits = limitsOf();
    current ??= start(limits);
    const child = current;
    holdOpen(child, true);
    const killAtBytes = limits.memoryMb * CAP_SHARE * 1024 * 1024;
    running = {
      waiting,
      child,
      timer: setTimeout(
        () => killOverLimit(child, 'time', `a call ran longer than ${limits.timeLimitMs} ms`),
        limits.timeLimitMs,
      ),
      watch: setInterval(() => {
        const rss = child.pid === undefined ? null : residentBytes(child.pid);
        if (rss !== null && rss > killAtBytes)
          killOverLimit(child, 'memory', `${Math.round(rss / 2 ** 20)} MB resident`);
      }, MEMORY_CHECK_MS),
    };
    try {
      // Throws DataCloneError for arguments holding functions; a closed channel reports here.
      child.send(waiting.call, (err) => {
        if (!err || settleRunning(child) !== waiting) return;
        waiting.reject(err);
        next();
      });
    } catch (err) {
      settleRunning(child);
      waiting.reject(err instanceof Error ? err : new Error(String(err)));
      queueMicrotask(next);
    }
  }

  const callIn = <R>(lane: string, moduleUrl: URL, exportName: string, ...args: unknown[]) =>
    new Promise<R>((resolve, reject) => {
      const call: ProcessCall = { id: nextId++, module: moduleUrl.href, name: exportName, args };
      usedModules.add(call.module);
      const calls = lanes.get(lane) ?? [];
      calls.push({ call, resolve: resolve as (value: unknown) => void, reject });
      lanes.set(lane, calls);
      next();
    });

  const moduleProcess: ModuleProcess = {
    call: (moduleUrl, exportName, ...args) => callIn('', moduleUrl, exportName, ...args),
    callIn,
    isWarm: () => current !== undefined && warmChild === current,
    close: async () => {
      const child = current;
      current = undefined;
      // Not a ModuleProcessEnded: a call cut by a stop is no sign of its file (the job runs it again later).
      const stopped = new Error(`${label} process closed`);
      const cut = child ? settleRunning(child) : undefined;
      cut?.reject(stopped);
      for (const calls of lanes.values()) for (const waiting of calls) waiting.reject(stopped);
      lanes.clear();
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill();
      await ended;
    },
  };
  return moduleProcess;
}

/** How a bounded call ended: its value, or why there is none. */
export type Outcome<T> = { done: T } | { failed: 'crashed' | 'too_complex' };

/**
 * Runs a call; when its process ended under it (a native crash), once more in a fresh process.
 * Ending a second time marks the file as the cause: crashed. A call past a limit is not run
 * again — the same file would only take the same minutes and gigabytes: too_complex.
 */
export async function onceMoreAfterCrash<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { done: await call() };
    } catch (err) {
      if (err instanceof ModuleProcessOverLimit) return { failed: 'too_complex' };
      if (!(err instanceof ModuleProcessEnded)) throw err;
      if (attempt === 2) return { failed: 'crashed' };
    }
  }
}

/** Installation-wide limits (config.ts' fileProcesses), set at start before the first call. */
let configured: { checks: ProcessLimits; previews: ProcessLimits } = {
  checks: DEFAULT_PROCESS_LIMITS,
  previews: DEFAULT_PROCESS_LIMITS,
};
export function configureFileProcesses(limits: { checks: ProcessLimits; previews: ProcessLimits }): void {
  configured = limits;
}

/** Checks of uploads and title blocks: short waits for a person who is uploading. */
const pdfProcess = createModuleProcess('PDF', () => configured.checks);
/** QR stamping rewrites every page of a PDF: a process of its own, so a long file never delays an upload's check. */
const stampProcess = createModuleProcess('QR stamp', () => configured.checks);
/**
 * Thumbnails, sheets and drawing scenes: processes of their own, so a batch of them never delays an
 * upload's check; two, each office in one at a time, so one office's file drawn up to its limit
 * leaves the other to every other office (issue 36).
 */
export const PREVIEW_PROCESSES = 2;
const previewProcess = createModuleProcessPool(
  Array.from({ length: PREVIEW_PROCESSES }, () => createModuleProcess('Preview', () => configured.previews)),
);

export const inPdfProcess = pdfProcess.call;
export const inPdfProcessFor = pdfProcess.callIn;
export const closePdfProcess = pdfProcess.close;
export const inStampProcessFor = stampProcess.callIn;
export const closeStampProcess = stampProcess.close;
export const inPreviewProcess = previewProcess.call;
export const inPreviewProcessFor = previewProcess.callIn;
export const closePreviewProcess = previewProcess.close;
