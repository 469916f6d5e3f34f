import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import type { ReceivedHashes } from './received-hashes.ts';

export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What tus answers when the disk is full: 507 with the storage.full msgCode. */
export const STORAGE_FULL = {
  status_code: 507,
  body: JSON.stringify({ msgCode: 'storage.full', message: 'storage.full' }),
};

/**
 * The tus FileStore, with writes that tell a full disk apart from other failures: the stock store
 * turns every write error into a 500. On ENOSPC the partial upload is dropped (`onDiskFull`)
 * since resuming it could not succeed either. Each chunk is hashed as it is written (`hashes`), so
 * the finishing step can check the SHA-256 without reading the whole file again.
 */
export class UploadFileStore extends FileStore {
  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly onDiskFull: (uploadId: string) => Promise<void>,
    private readonly hashes: ReceivedHashes,
  ) {
    super(options);
  }

  override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
    if (!UPLOAD_ID.test(fileId)) throw ERRORS.FILE_NOT_FOUND;
    const target = fs.createWriteStream(path.join(this.directory, fileId), {
      flags: 'r+',
      start: offset,
      highWaterMark: 1024 * 1024,
    });
    const hasher = this.hashes.chunk(fileId, offset);
    // A second 'data' listener beside pipe's: the same chunks, hashed as they go to the file.
    readable.on('data', hasher.update);
    try {
      await writeInto(readable, target);
      hasher.written(target.bytesWritten);
    } catch (err) {
      hasher.fail();
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') {
        await this.onDiskFull(fileId).catch(() => undefined);
        throw STORAGE_FULL;
      }
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + target.bytesWritten;
  }

  override async remove(fileId: string): Promise<void> {
    this.hashes.forget(fileId);
    await super.remove(fileId);
  }
}

/**
 * Pipes without destroying the source on a write error (stream.pipeline would): the tus handler
 * must see this store's answer, after the cleanup, not the raw error of its own stream first.
 */
function writeInto(source: Readable, target: fs.WriteStream): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    target.once('error', (err) => {
      source.unpipe(target);
      source.resume();
      reject(err);
    });
    target.once('finish', () => resolve());
    source.once('error', (err) => {
      target.destroy();
      reject(err);
    });
    source.pipe(target);
  });
}
