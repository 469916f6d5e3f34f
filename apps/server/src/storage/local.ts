import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { measuring, StorageUnreachable, StoredObjectMissing, type Storage } from './storage.ts';

/** A missing file is StoredObjectMissing, so callers answer 410 instead of failing with ENOENT. */
const missingAs = (key: string) => (err: unknown) => {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredObjectMissing(key);
  throw err;
};

/** Files under DATA_DIR/files/<2 chars>/<uuid>: a generated key, never a user's name. */
export function createLocalStorage(root: string): Storage {
  const fullPath = (key: string) => {
    if (!/^[0-9a-f]{2}\/[0-9a-f-]{36}$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key);
  };
  const newKey = () => {
    const id = randomUUID();
    return `${id.slice(0, 2)}/${id}`;
  };
  // Writes grow here and are renamed into place when complete (same file system, so atomic).
  const partial = path.join(root, '.partial');

  return {
    kind: 'local',
    write: async (source) => {
      await fsp.mkdir(partial, { recursive: true });
      const key = newKey();
      const temp = path.join(partial, key.slice(3));
      const measure = measuring();
      try {
        await pipeline(source, measure, fs.createWriteStream(temp));
        const target = fullPath(key);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(temp, target);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        throw err;
      }
      return { key, ...measure.result() };
    },
    adopt: async (localPath, info) => {
      const key = newKey();
      const target = fullPath(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(localPath, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // Another file system: copy beside the target first, so no half file carries the key.
        const temp = `${target}.partial`;
        await fsp.copyFile(localPath, temp).catch(async (copyErr: unknown) => {
          await fsp.rm(temp, { force: true });
          throw copyErr;
        });
        await fsp.rename(temp, target);
        await fsp.rm(localPath, { force: true });
      }
      return { key, size: info.size, sha256: info.sha256 };
    },
    read: async (key, range) => {
      const file = fullPath(key);
      // Opened before the stream is handed out, so a missing file is an error here, not mid-response.
      const handle = await fsp.open(file, 'r').catch(missingAs(key));
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    size: async (key) => (await fsp.stat(fullPath(key)).catch(missingAs(key))).size,
    remove: async (key) => {
      await fsp.rm(fullPath(key), { force: true });
    },
    check: async () => {
      try {
        await fsp.mkdir(root, { recursive: true });
        await fsp.access(root, fs.constants.W_OK);
      } catch (err) {
        throw new StorageUnreachable(`file storage ${root} is not writable: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}
