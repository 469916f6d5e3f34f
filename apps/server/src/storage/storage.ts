import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

/**
 * An object whose row exists but whose content is gone (a lost disk, a database restored without its
 * files). Requests answer 410 `file.missing` and the server logs it as an error (http/error-handler).
 */
export class StoredObjectMissing extends Error {
  constructor(readonly key: string) {
    super(`stored object ${key} is missing`);
    this.name = 'StoredObjectMissing';
  }
}

/** Where file contents live; keys are generated, never a user's file name. */
export interface Storage {
  /** Moves a finished local file into storage (a rename where possible) under a new key. */
  adopt: (localPath: string, info: { sha256: string; size: number }) => Promise<StoredObject>;
  /** Streams an object, or a byte range of it (inclusive end, as in HTTP); StoredObjectMissing when it is gone. */
  read: (key: string, range?: { start: number; end: number }) => Promise<Readable>;
  /** The object's size; StoredObjectMissing when it is gone. */
  size: (key: string) => Promise<number>;
  remove: (key: string) => Promise<void>;
}

/**
 * Throws StoredObjectMissing unless every object is there. Checked before a download is granted or
 * starts, so it answers 410 `file.missing` instead of breaking off mid-stream or counting a download
 * that never happened.
 */
export async function requireStored(storage: Pick<Storage, 'size'>, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.size(key)));
}
