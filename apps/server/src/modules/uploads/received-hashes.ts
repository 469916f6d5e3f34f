import { createHash, type Hash } from 'node:crypto';

interface Running {
  hash: Hash;
  /** Bytes hashed so far: the hash covers exactly [0, offset) of the upload. */
  offset: number;
}

/** One PATCH's bytes as they pass into the data file; `written` confirms them, `fail` drops the hash. */
export interface ChunkHasher {
  update: (chunk: Buffer) => void;
  /** The store wrote `bytes` at the chunk's offset: the hash continues only if it saw exactly those. */
  written: (bytes: number) => void;
  fail: () => void;
}

const IGNORE: ChunkHasher = { update: () => undefined, written: () => undefined, fail: () => undefined };

/**
 * SHA-256 of each upload as its PATCHes arrive, in the same pass that writes them, so the last
 * PATCH needs no second read of the whole file. In memory per upload id: it holds only while the
 * chunks come in order into this process. A chunk at any other offset (a restart, another server
 * process took a PATCH, a write that failed halfway) drops the running hash, and `digest` answers
 * null: the finishing step then hashes the file from disk as before.
 */
export class ReceivedHashes {
  private readonly running = new Map<string, Running>();

  /** At most this many uploads keep a running hash (a few hundred bytes each); more fall back. */
  constructor(private readonly limit = 1000) {}

  /** Starts hashing one PATCH whose bytes go to `offset` onwards. */
  chunk(uploadId: string, offset: number): ChunkHasher {
    let state = this.running.get(uploadId);
    if (offset === 0) {
      if (!state && this.running.size >= this.limit) return IGNORE;
      state = { hash: createHash('sha256'), offset: 0 };
      this.running.set(uploadId, state);
    } else if (!state || state.offset !== offset) {
      this.running.delete(uploadId);
      return IGNORE;
    }
    const own = state;
    let seen = 0;
    const drop = () => {
      if (this.running.get(uploadId) === own) this.running.delete(uploadId);
    };
    return {
      update: (chunk) => {
        own.hash.update(chunk);
        seen += chunk.length;
      },
      written: (bytes) => {
        if (bytes === seen && this.running.get(uploadId) === own) own.offset += bytes;
        else drop();
      },
      fail: drop,
    };
  }

  /** The hex SHA-256 of the upload when the running hash covers exactly `size` bytes; else null. Ends it. */
  digest(uploadId: string, size: number): string | null {
    const state = this.running.get(uploadId);
    this.running.delete(uploadId);
    return state && state.offset === size ? state.hash.digest('hex') : null;
  }

  forget(uploadId: string): void {
    this.running.delete(uploadId);
  }
}
