import fsp from 'node:fs/promises';

export interface DiskReport {
  /** Bytes an unprivileged process may still write under DATA_DIR; null when it cannot be read. */
  freeBytes: number | null;
  minFreeBytes: number;
  ok: boolean;
}

/**
 * Free space of the file system DATA_DIR lives on (uploads are staged and files stored there):
 * below the threshold, uploads will soon meet a full disk (507 storage.full).
 */
export async function diskReport(dataDir: string, minFreeBytes: number): Promise<DiskReport> {
  try {
    const { bavail, bsize } = await fsp.statfs(dataDir);
    const freeBytes = bavail * bsize;
    return { freeBytes, minFreeBytes, ok: freeBytes >= minFreeBytes };
  } catch {
    return { freeBytes: null, minFreeBytes, ok: false };
  }
}
