import fs from 'node:fs';
import path from 'node:path';
import type { Storage } from '../../storage/storage.ts';
import type { ReceivedHashes } from './received-hashes.ts';
import { UPLOAD_ID, UploadFileStore } from './upload-store.ts';
import type { UploadStaging } from './upload-staging.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Uploads staged under DATA_DIR/uploads (tus FileStore) and renamed into local storage when finished. */
export function localUploadStaging(
  directory: string,
  storage: Storage,
  hashes: ReceivedHashes,
  onDiskFull: (uploadId: string) => Promise<void>,
): UploadStaging {
  fs.mkdirSync(directory, { recursive: true });
  const store: UploadFileStore = new UploadFileStore(
    { directory, expirationPeriodInMilliseconds: DAY_MS },
    async (uploadId) => {
      await store.remove(uploadId).catch(() => undefined);
      await onDiskFull(uploadId);
    },
    hashes,
  );
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
    discard: (uploadId) => store.remove(uploadId),
    receivedSha256: (uploadId, size) => hashes.digest(uploadId, size),
  };
}
