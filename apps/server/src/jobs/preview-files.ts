import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../deps.ts';
import { StoredObjectMissing, type StoredObject } from '../storage/storage.ts';

/** Hands a file made in the temporary directory to storage (which moves it, or uploads and removes it). */
export async function adopt(deps: Pick<Deps, 'storage'>, file: string): Promise<StoredObject> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return deps.storage.adopt(file, { sha256: hash.digest('hex'), size: (await fsp.stat(file)).size });
}

/** Copies a stored file into a temporary one (streamed: S3 or local alike); a file gone from storage leaves none. */
export async function copyOutOfStorage(deps: Pick<Deps, 'storage'>, key: string, target: string): Promise<void> {
  try {
    await pipeline(await deps.storage.read(key), fs.createWriteStream(target));
  } catch (err) {
    if (!(err instanceof StoredObjectMissing)) throw err; // storage away: the job retries
  }
}
