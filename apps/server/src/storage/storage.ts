import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Where file contents live (plan files, add-ons, stamped QR copies, prints, archives, contact
 * imports): a local directory or an S3-compatible bucket, chosen by STORAGE. Keys are generated,
 * never a user's file name. An object exists only once it was written completely.
 */
export interface Storage {
  kind: 'local' | 's3';
  /** Streams new content into storage under a new key; an interrupted write leaves no object. */
  write: (source: Readable) => Promise<StoredObject>;
  /** Moves a finished local file into storage under a new key and removes the local file. */
  adopt: (localPath: string, info: { sha256: string; size: number }) => Promise<StoredObject>;
  /** Streams an object, or a byte range of it (inclusive end, as in HTTP). A missing key throws StorageMissing. */
  read: (key: string, range?: { start: number; end: number }) => Promise<Readable>;
  /** The object's size in bytes; a missing key throws StorageMissing. */
  size: (key: string) => Promise<number>;
  /** Removes an object; a missing one is no error. */
  remove: (key: string) => Promise<void>;
  /** Start-up check: throws StorageUnreachable with the reason when the store cannot be used. */
  check: () => Promise<void>;
}

/** A key that names no object (never written, or removed). */
export class StorageMissing extends Error {
  constructor(key: string) {
    super(`no stored object under ${key}`);
    this.name = 'StorageMissing';
  }
}

/** The store does not answer (start-up check, or a request while it is away): 503, not 500. */
export class StorageUnreachable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnreachable';
  }
}

/** A key as this installation makes them: a UUID, and for local storage its two-character directory. */
export const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A pass-through that counts and hashes what streams into storage. */
export function measuring(): Transform & { result: () => { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(transform, { result: () => ({ size, sha256: hash.digest('hex') }) });
}
