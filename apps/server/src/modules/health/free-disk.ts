import fsp from 'node:fs/promises';
import path from 'node:path';
import type { WrittenPlace } from './written-places.ts';

/** One file system, with the places on it. */
export interface DiskPlaceReport {
  names: string[];
  /** Bytes an unprivileged process may still write there; null when it cannot be read. */
  freeBytes: number | null;
  ok: boolean;
}

export interface DiskReport {
  /** The least free space of them all. */
  freeBytes: number | null;
  minFreeBytes: number;
  ok: boolean;
  /** The places on a disk below the threshold (or unreadable). */
  low: string[];
  places: DiskPlaceReport[];
}

/**
 * Free space of each file system the server writes to, each once: places on one device are one
 * entry. Below the threshold, uploads and jobs writing there will soon meet a full disk (507
 * storage.full). A folder not made yet counts on the disk it will be made on.
 */
export async function diskReport(places: readonly WrittenPlace[], minFreeBytes: number): Promise<DiskReport> {
  const measured = await Promise.all(places.map(async (place) => ({ place, disk: await measure(place.path) })));
  const byDevice = new Map<string, DiskPlaceReport>();
  for (const { place, disk } of measured) {
    const key = disk ? String(disk.device) : `unreadable:${place.name}`;
    const entry = byDevice.get(key);
    if (entry) {
      entry.names.push(place.name);
      continue;
    }
    const freeBytes = disk?.freeBytes ?? null;
    byDevice.set(key, { names: [place.name], freeBytes, ok: freeBytes !== null && freeBytes >= minFreeBytes });
  }
  const reports = [...byDevice.values()];
  const free = reports.map((r) => r.freeBytes);
  return {
    freeBytes: free.includes(null) ? null : Math.min(...(free as number[])),
    minFreeBytes,
    ok: reports.every((r) => r.ok),
    low: reports.filter((r) => !r.ok).flatMap((r) => r.names),
    places: reports,
  };
}

/** The device and free bytes of the nearest existing folder at or above `target`. */
async function measure(target: string): Promise<{ device: number; freeBytes: number } | null> {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    try {
      const [{ dev }, { bavail, bsize }] = await Promise.all([fsp.stat(dir), fsp.statfs(dir)]);
      return { device: dev, freeBytes: bavail * bsize };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dir === path.dirname(dir)) return null;
    }
  }
}
