import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { localFilesDir } from '../../storage/index.ts';
import { localUploadsDir } from '../uploads/local-upload-staging.ts';

/** A folder the server writes to, by the name /api/health reports it under. */
export interface WrittenPlace {
  name: string;
  path: string;
}

/**
 * Every folder the server writes to. Any of them may be a disk of its own (a mount under
 * DATA_DIR), so each one's free space counts, not only DATA_DIR's.
 */
export function writtenPlaces(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'storage' | 'smtpUrl' | 'outboxDir'>) {
  const { dataDir } = config;
  const places: WrittenPlace[] = [{ name: 'data', path: dataDir }];
  if (!config.databaseUrl) places.push({ name: 'database', path: path.join(dataDir, 'pg') });
  if (config.storage === 'local') {
    // With STORAGE=s3 both are in the bucket.
    places.push({ name: 'uploads', path: localUploadsDir(dataDir) }, { name: 'files', path: localFilesDir(dataDir) });
  }
  if (!config.smtpUrl) places.push({ name: 'outbox', path: config.outboxDir });
  places.push(
    // Prints, previews, sheets, QR-stamped copies and contact imports are made here first.
    { name: 'temp', path: path.join(dataDir, 'tmp') },
    { name: 'archives', path: path.join(dataDir, 'archives-tmp') },
    { name: 'title-blocks', path: path.join(dataDir, 'title-blocks') },
    // Invoices and copies of drawings being checked.
    { name: 'system-temp', path: os.tmpdir() },
  );
  return places;
}
