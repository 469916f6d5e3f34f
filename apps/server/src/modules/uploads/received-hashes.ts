import { createHash } from 'node:crypto';
import type { RunningHash } from './hash-worker.ts';

interface Running {
  hash: RunningHash;
  /** Bytes hashed so far: the hash covers exactly [0, offset) of the upload. */
  offset: number;
}

/** One PATCH's bytes as they pass into the data file; `written` confirms them, `fail` drops the hash. */
export interface ChunkHasher {
  /** `handOver`: the chunk was written and nothing else views its memory; a promise: wait (see RunningHash). */
  update: (chunk: Buffer, handOver?: boolean) => Promise<void> | undefined;
  /** The store wrote `bytes` at the chunk's offset: the hash continues only if it saw exactly those. */
  written: (bytes: number) => void;
  fail: () => void;
}

const IGNORE: ChunkHasher = { update: () => undefined, written: () => undefined, fail: () => undefined };

/** A SHA-256 on this thread (tests, tools); the server hashes on a worker (HashWorker). */
export function hashHere(): RunningHash {
  const hash = createHash('sha256');
  return {
    update: (chunk) => {
      hash.update(chunk);
      return undefined;
    },
    digest: () => Promise.resolve(hash.digest('hex')),
    drop: () => undefined,
  };
}

/**
 * SHA-256 of each upload as its PATCHes arrive, in the same pass that writes them, so the last
 * PATCH needs no second read of the whole file. In memory per upload id: it holds only while the
 * chunks come in order into this process. A chunk at any other offset (a restart, another server
 * process took a PATCH, a write that failed halfway) drops the running hash, and `digest` answers
 * null: the finishing step then hashes the file from disk as before.
 */
export class ReceivedHashes {
  private readonly running = new Map<string, Running>();

  constructor(
    /** Starts one SHA-256: on the server a worker thread's, so the hashing runs beside the writes. */
    private readonly startHash: () => RunningHash = hashHere,
    /** At most this many uploads keep a running hash (a few hundred bytes each); more fall back. */
    private readonly limit = 1000,
  ) {}

  /** Starts hashing one PATCH whose bytes go to `offset` onwards. */
  chunk(uploadId: string, offset: number): ChunkHasher {
    let state = this.running.get(uploadId);
    if (offset === 0) {
      if (!state && this.running.size >= this.limit) return IGNORE;
      state?.hash.drop();
      state = { hash: this.startHash(), offset: 0 };
      this.running.set(uploadId, state);
    } else if (!state || state.offset !== offset) {
      this.forget(uploadId);
      return IGNORE;
    }
    const own = state;
    let seen = 0;
    const drop = () => {
      if (this.running.get(uploadId) === own) this.forget(uploadId);
    };
    return {
      update: (chunk, handOver) => {
        seen += chunk.length;
        return own.hash.update(chunk, handOver);
      },
      written: (bytes) => {
        if (bytes === seen && this.running.get(uploadId) === own) own.offset += bytes;
        else drop();
      },
      fail: drop,
    };
  }

  /** The hex SHA-256 of the upload when the running hash covers exactly `size` bytes; else null. Ends it. */
  async digest(uploadId: string, size: number): Promise<string | null> {
    const state = this.running.get(uploadId);
    if (!state) return null;
    this.running.delete(uploadId);
    if (state.offset === size) return state.hash.digest();
    state.hash.drop();
    return null;
  }

  forget(uploadId: string): void {
    this.running.get(uploadId)?.hash.drop();
    this.running.delete(uploadId);
  }
}
