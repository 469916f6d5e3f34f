import fs from 'node:fs';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import type { ReceivedHashes } from './received-hashes.ts';
import { ownsItsMemory } from './web-request.ts';

export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What tus answers when the disk is full: 507 with the storage.full msgCode. */
export const STORAGE_FULL = {
  status_code: 507,
  body: JSON.stringify({ msgCode: 'storage.full', message: 'storage.full' }),
};

/**
 * The tus FileStore, with writes that tell a full disk apart from other failures: the stock store
 * turns every write error into a 500. On ENOSPC the upload stays as it is — its record and the
 * bytes written in whole, cut back to the last one that was written — so the same upload URL
 * continues from there once space is freed (HEAD answers that offset); like any unfinished upload
 * it expires after a day. Each chunk is hashed as it is written (`hashes`), so the finishing step
 * can check the SHA-256 without reading the whole file again.
 */
export class UploadFileStore extends FileStore {
  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly hashes: ReceivedHashes,
    /** Drops the upload's record: its creation failed after the record was made (tus' POST order). */
    private readonly forgetUpload: (uploadId: string) => Promise<void>,
  ) {
    super(options);
  }

  /** An upload the disk had no room to create leaves nothing behind: no files, no record to block its kind. */
  override async create(upload: Parameters<FileStore['create']>[0]) {
    try {
      return await super.create(upload);
    } catch (err) {
      await super.remove(upload.id).catch(() => undefined);
      await this.forgetUpload(upload.id).catch(() => undefined);
      throw (err as NodeJS.ErrnoException).code === 'ENOSPC' ? STORAGE_FULL : err;
    }
  }

  override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
    if (!UPLOAD_ID.test(fileId)) throw ERRORS.FILE_NOT_FOUND;
    const filePath = path.join(this.directory, fileId);
    const hasher = this.hashes.chunk(fileId, offset);
    let target: ChunkFileWriter | undefined;
    try {
      // Each chunk is hashed once it is in the file: a chunk of memory of its own is then moved
      // to the hash worker instead of copied.
      const file = await fs.promises.open(filePath, 'r+').catch((err: unknown) => {
        readable.resume(); // the request's bytes are read and dropped, as after a failed write
        throw err;
      });
      target = new ChunkFileWriter(file, offset, (chunk) => hasher.update(chunk, ownsItsMemory(chunk)));
      await writeInto(readable, target);
      hasher.written(target.bytesWritten);
    } catch (err) {
      hasher.fail();
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') {
        // A write cut short may leave the file longer than what was confirmed: the offset tus
        // answers next is the file's length, so it must end at the last byte written.
        // (Shortening a file needs no space; a device in its place, as in a test, cannot be cut.)
        await fs.promises.truncate(filePath, offset + (target?.bytesWritten ?? 0)).catch(() => undefined);
        throw STORAGE_FULL;
      }
      throw ERRORS.FILE_WRITE_ERROR;
    } finally {
      await target?.closeFile();
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
function writeInto(source: Readable, target: Writable): Promise<void> {
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

/**
 * Writes a PATCH's chunks into the upload's file from `offset` on, one at a time, and tells
 * `onWritten` of each chunk once all its bytes are in the file (it may then give the chunk away).
 */
class ChunkFileWriter extends Writable {
  bytesWritten = 0;
  private position: number;

  constructor(
    private readonly file: FileHandle,
    offset: number,
    /** May answer a promise: the next chunk waits for it (the hash worker is behind). */
    private readonly onWritten: (chunk: Buffer) => Promise<void> | undefined,
  ) {
    super({ highWaterMark: 1024 * 1024 });
    this.position = offset;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.writeAll(chunk).then(() => done(), done);
  }

  async closeFile(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }

  private async writeAll(chunk: Buffer): Promise<void> {
    // A full disk can take part of a chunk before it refuses the rest.
    for (let at = 0; at < chunk.length;) {
      const { bytesWritten } = await this.file.write(chunk, at, chunk.length - at, this.position);
      at += bytesWritten;
      this.position += bytesWritten;
      this.bytesWritten += bytesWritten;
    }
    await this.onWritten(chunk);
  }
}
