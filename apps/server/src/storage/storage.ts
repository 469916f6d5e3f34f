import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

/** Where file contents live; keys are generated, never a user's file name. */
export interface Storage {
  /** Moves a finished local file into storage (a rename where possible) under a new key. */
  adopt: (localPath: string, info: { sha256: string; size: number }) => Promise<StoredObject>;
  /** Streams an object, or a byte range of it (inclusive end, as in HTTP). */
  read: (key: string, range?: { start: number; end: number }) => Promise<Readable>;
  size: (key: string) => Promise<number>;
  remove: (key: string) => Promise<void>;
}
