import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export * from './storage.ts';

/** Where local storage keeps its files. */
export const localFilesDir = (dataDir: string) => path.join(dataDir, 'files');

/** The storage STORAGE names: a directory under DATA_DIR (the default) or an S3-compatible bucket. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir' | 's3'>): Storage {
  if (config.storage === 's3') {
    if (!config.s3) throw new Error('STORAGE=s3 needs S3_BUCKET');
    return createS3Storage(config.s3);
  }
  return createLocalStorage(localFilesDir(config.dataDir));
}
