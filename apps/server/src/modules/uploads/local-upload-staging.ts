import fs from 'node:fs';
import path from 'node:path';
import type { Storage } from '../../storage/storage.ts';
import type { ReceivedHashes } from './received-hashes.ts';
import { UPLOAD_ID, UploadFileStore } from './upload-store.ts';
import type { UploadStaging } from './upload-staging.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where uploads are staged with local storage. */
export const localUploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Uploads staged under DATA_DIR/uploads (tus FileStore) and renamed into local storage when finished. */
export function localUploadStaging(
  directory: string,
  storage: Storage,
  hashes: ReceivedHashes,
  /** Drops an upload's record whose creation found no room on the disk. */
  forgetUpload: (uploadId: string) => Promise<void>,
): UploadStaging {
  fs.mkdirSync(directory, { recursive: true });
  const store = new UploadFileStore({ directory, expirationPeriodInMilliseconds: DAY_MS }, hashes, forgetUpload);
  const dataPath = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new Error('invalid upload id');
    return path.join(directory, uploadId);
  };
  return {
    datastore: store,
    read: async (uploadId, range) =>
      fs.createReadStream(dataPath(uploadId), {
        highWaterMark: 1024 * 1024,
        ...(range ? { start: range.start, end: range.end } : {}),
      }),
    size: async (uploadId) => (await fs.promises.stat(dataPath(uploadId))).size,
    location: (uploadId) => ({ path: dataPath(uploadId) }),
    adopt: async (uploadId, info) => {
      const stored = await storage.adopt(dataPath(uploadId), info);
      await store.configstore.delete(uploadId).catch(() => undefined);
      return stored;
    },
    reopen: async (uploadId, size) => {
      if (size < 1) return false;
      // Shortening a file needs no space, and its running hash no longer covers it: the final
      // PATCH's finish reads the file again for the SHA-256 check.
      hashes.forget(uploadId);
      return fs.promises.truncate(dataPath(uploadId), size - 1).then(
        () => true,
        () => false,
      );
    },
    discard: (uploadId) => store.remove(uploadId),
    receivedSha256: (uploadId, size) => hashes.digest(uploadId, size),
  };
}
