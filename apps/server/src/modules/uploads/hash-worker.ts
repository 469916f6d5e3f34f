import { Worker } from 'node:worker_threads';
import { DEFAULT_PROCESS_LIMITS, type ProcessLimits } from '../../pdf/pdf-process.ts';

/** One SHA-256 that is fed bytes and answers its hex digest (or null when it broke on the way). */
export interface RunningHash {
  /**
   * `handOver`: the caller is done with the chunk and nothing else views its ArrayBuffer (all of
   * it, beyond the chunk too); it is then moved, not copied. Answers a promise when the worker is behind: a caller that waits for it
   * before taking more bytes keeps the hash (one that does not may lose it, see HashWorker).
   */
  update: (chunk: Uint8Array, handOver?: boolean) => Promise<void> | undefined;
  digest: () => Promise<string | null>;
  drop: () => void;
}

/** Bytes handed to the worker and not yet hashed, over all uploads: from here on, callers wait… */
const BEHIND_BYTES = 8 * 1024 * 1024;
/** …and beyond this, a hash gives up (its digest is null) rather than hold more memory. */
const MAX_QUEUED_BYTES = 32 * 1024 * 1024;

// Plain CommonJS evaluated in the worker: no loader or build step between the server and it.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'update') {
    let hash = hashes.get(message.key);
    if (!hash) hashes.set(message.key, (hash = createHash('sha256')));
    hash.update(message.bytes);
    const { buffer } = message.bytes;
    parentPort.postMessage({ type: 'hashed', bytes: message.bytes.byteLength, buffer }, [buffer]);
  } else if (message.type === 'digest') {
    const hash = hashes.get(message.key) ?? createHash('sha256');
    hashes.delete(message.key);
    parentPort.postMessage({ type: 'digest', key: message.key, hex: hash.digest('hex') });
  } else if (message.type === 'drop') {
    hashes.delete(message.key);
  }
});
`;

type Reply = { type: 'hashed'; bytes: number; buffer: ArrayBuffer } | { type: 'digest'; key: number; hex: string };

/**
 * SHA-256 on a worker thread. Hashing a gigabyte costs the main thread most of a second, and while
 * it hashes the socket and the file wait: on a worker the upload's bytes are hashed beside their
 * writes. A chunk the store has written and no longer needs is moved to the worker (no copy);
 * any other is copied once and the copy moved. The messages keep their order, so a digest asked
 * after the last update covers every byte. A worker that falls far behind, or ends, breaks the
 * hashes it holds: their digest is null and the finishing step reads the file again, as after a
 * restart. Bounded as the file processes are (issue 36): a heap cap (resourceLimits) and a
 * wall-clock limit on each digest; a worker past either is ended, its hashes give null.
 */
export class HashWorker {
  /**
   * `recycle` gets each chunk's memory back once hashed (a moved chunk's whole ArrayBuffer);
   * `limitsOf` the upload checks' limits (config.ts' fileProcesses.checks), read at each start.
   */
  constructor(
    private readonly recycle: (buffer: ArrayBuffer) => void = () => undefined,
    private readonly limitsOf: () => ProcessLimits = () => DEFAULT_PROCESS_LIMITS,
  ) {}

  private worker: Worker | undefined;
  private nextKey = 1;
  private queuedBytes = 0;
  private readonly waiting = new Map<number, (hex: string | null) => void>();
  private readonly broken = new Set<number>();
  private caughtUp: { promise: Promise<void>; resolve: () => void } | undefined;
  /** Counts the workers that ended: a hash begun under an earlier one lost its bytes. */
  private generation = 0;

  hash(): RunningHash {
    const key = this.nextKey++;
    const generation = this.generation;
    let ended = false;
    const end = () => {
      ended = true;
      this.broken.delete(key);
    };
    const lost = () => this.broken.has(key) || generation !== this.generation;
    return {
      update: (chunk, handOver = false) => {
        if (ended || lost()) return undefined;
        if (this.queuedBytes + chunk.byteLength > MAX_QUEUED_BYTES) {
          this.breakHash(key);
          return undefined;
        }
        const movable = handOver && chunk.buffer instanceof ArrayBuffer;
        // Moved, the chunk is empty here afterwards; otherwise the worker gets a copy of its own.
        const bytes = movable ? chunk : new Uint8Array(chunk);
        this.queuedBytes += bytes.byteLength;
        this.post({ type: 'update', key, bytes }, [bytes.buffer as ArrayBuffer]);
        return this.queuedBytes >= BEHIND_BYTES ? this.whenCaughtUp() : undefined;
      },
      digest: () => {
        if (ended) return Promise.resolve(null);
        const broken = lost();
        end();
        if (broken) return Promise.resolve(null);
        return new Promise<string | null>((resolve) => {
          this.waiting.set(key, resolve);
          this.post({ type: 'digest', key });
          // A digest not answered in time ends the worker: this hash and those it holds give null.
          const worker = this.worker;
          const timer = setTimeout(() => {
            if (this.waiting.has(key) && worker && this.worker === worker) void this.endWorker(worker);
          }, this.limitsOf().timeLimitMs);
          timer.unref();
        });
      },
      drop: () => {
        if (ended) return;
        const wasLost = lost();
        end();
        if (!wasLost) this.post({ type: 'drop', key });
      },
    };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll();
    if (worker) await worker.terminate();
  }

  private whenCaughtUp(): Promise<void> {
    if (!this.caughtUp) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.caughtUp = { promise, resolve };
    }
    return this.caughtUp.promise;
  }

  private releaseWaiters(): void {
    this.caughtUp?.resolve();
    this.caughtUp = undefined;
  }

  private breakHash(key: number): void {
    this.broken.add(key);
    this.post({ type: 'drop', key });
  }

  private post(message: object, transfer: ArrayBuffer[] = []): void {
    this.started().postMessage(message, transfer);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: this.limitsOf().memoryMb },
    });
    // A server, not the hashing, keeps the process alive.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if (reply.type === 'hashed') {
        this.queuedBytes -= reply.bytes;
        this.recycle(reply.buffer);
        if (this.queuedBytes < BEHIND_BYTES) this.releaseWaiters();
        return;
      }
      const resolve = this.waiting.get(reply.key);
      this.waiting.delete(reply.key);
      resolve?.(reply.hex);
    });
    const ended = () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll();
    };
    worker.on('error', ended);
    worker.on('exit', ended);
    this.worker = worker;
    return worker;
  }

  /** Ends a worker past its limit; the next hash starts a fresh one. */
  private async endWorker(worker: Worker): Promise<void> {
    this.worker = undefined;
    this.failAll();
    await worker.terminate();
  }

  /** The worker is gone with every hash it held: none of them may give a digest. */
  private failAll(): void {
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
    this.queuedBytes = 0;
    this.releaseWaiters();
    this.broken.clear();
    this.generation += 1;
  }
}
