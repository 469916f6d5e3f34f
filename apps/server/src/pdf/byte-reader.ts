import fsp from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { S3Settings, S3Storage } from '../storage/s3.ts';

/**
 * Where a file's bytes are, as plain data the PDF process can be handed: a file on this machine, or
 * an object in the S3 bucket (a finished upload with STORAGE=s3, read in ranges, never fetched whole).
 */
export type ByteLocation = { path: string } | { s3: S3Settings; key: string };

/** Random access to a file's bytes; a read past the end returns what there is. */
export interface ByteReader {
  size: number;
  read: (position: number, length: number) => Promise<Buffer>;
  close: () => Promise<void>;
}

export async function openByteReader(location: ByteLocation, size: number): Promise<ByteReader> {
  if ('path' in location) {
    const handle = await fsp.open(location.path, 'r');
    return {
      size,
      read: async (position, length) => {
        const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
        const { bytesRead } = await handle.read(bytes, 0, bytes.length, position);
        return bytes.subarray(0, bytesRead);
      },
      close: () => handle.close(),
    };
  }
  const storage = await bucketOf(location.s3);
  return {
    size,
    read: async (position, length) => {
      const end = Math.min(size, position + length) - 1;
      if (end < position) return Buffer.alloc(0);
      return buffer(await storage.read(location.key, { start: position, end }));
    },
    close: async () => undefined,
  };
}

// One client per bucket for the process's lifetime (its connections are kept alive between reads);
// the SDK is loaded only when a bucket is read.
const buckets = new Map<string, Promise<S3Storage>>();
function bucketOf(settings: S3Settings): Promise<S3Storage> {
  const id = JSON.stringify(settings);
  let storage = buckets.get(id);
  if (!storage) {
    storage = import('../storage/s3.ts').then(({ createS3Storage }) => createS3Storage(settings));
    buckets.set(id, storage);
  }
  return storage;
}
