import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { StoredObjectMissing, type Storage } from './storage.ts';

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
  return {
    adopt: async (localPath, info) => {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}`;
      const target = fullPath(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(localPath, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fsp.copyFile(localPath, target);
        await fsp.rm(localPath, { force: true });
      }
      return { key, size: info.size, sha256: info.sha256 };
    },
    read: async (key, range) => {
      const file = fullPath(key);
      await fsp.access(file).catch(missingAs(key));
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    size: async (key) => (await fsp.stat(fullPath(key)).catch(missingAs(key))).size,
    remove: async (key) => {
      await fsp.rm(fullPath(key), { force: true });
    },
  };
}
