import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';
import type { ByteLocation } from '../../pdf/byte-reader.ts';
import type { StoredObject } from '../../storage/storage.ts';

/**
 * Where a resumable upload collects its bytes until the last one arrived (the tus data store), and
 * how the finished upload is read for its checks and becomes a stored object. Local storage stages
 * under DATA_DIR/uploads (one machine); S3 stages in the bucket as a multipart upload, so a PATCH
 * may go to any process of the installation.
 */
export interface UploadStaging {
  datastore: DataStore;
  /** The finished upload's bytes, or a range of them (inclusive end). */
  read: (uploadId: string, range?: { start: number; end: number }) => Promise<Readable>;
  size: (uploadId: string) => Promise<number>;
  /** Where the finished upload's bytes are, for the PDF process to read them in ranges itself. */
  location: (uploadId: string) => ByteLocation;
  /**
   * The finished, checked upload becomes a stored object; its tus bookkeeping goes. When it
   * fails, the staged upload is as it was.
   */
  adopt: (uploadId: string, info: { sha256: string; size: number }) => Promise<StoredObject>;
  /**
   * A finished upload that storage had no room for becomes resumable again: it keeps all its bytes
   * but the last, so HEAD answers `size - 1` and the client's resume sends one final PATCH that
   * finishes it (tus clients send nothing to an upload whose offset is its length). Answers false
   * where that cannot be done; the upload is then dropped.
   */
  reopen: (uploadId: string, size: number) => Promise<boolean>;
  /** Drops an unfinished or refused upload: its data and bookkeeping. */
  discard: (uploadId: string) => Promise<void>;
  /** The SHA-256 of the bytes this process received while they were written, when it covers exactly `size` bytes. */
  receivedSha256: (uploadId: string, size: number) => Promise<string | null>;
}
