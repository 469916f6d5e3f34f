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
  /** Streams an object, or a byte range of it (inclusive end, as in HTTP); StoredObjectMissing when it is gone. */
  read: (key: string, range?: { start: number; end: number }) => Promise<Readable>;
  /** The object's size in bytes; StoredObjectMissing when it is gone. */
  size: (key: string) => Promise<number>;
  /** Removes an object; a missing one is no error. */
  remove: (key: string) => Promise<void>;
  /** Start-up check: throws StorageUnreachable with the reason when the store cannot be used. */
  check: () => Promise<void>;
}

/**
 * A key that names no object: never written, removed, or a row whose content is gone (a lost disk, a
 * database restored without its files). Requests answer 410 `file.missing` and the server logs it as
 * an error (http/error-handler).
 */
export class StoredObjectMissing extends Error {
  constructor(readonly key: string) {
    super(`stored object ${key} is missing`);
    this.name = 'StoredObjectMissing';
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

/**
 * Throws StoredObjectMissing unless every object is there. Checked before a download is granted or
 * starts, so it answers 410 `file.missing` instead of breaking off mid-stream or counting a download
 * that never happened.
 */
export async function requireStored(storage: Pick<Storage, 'size'>, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.size(key)));
}
