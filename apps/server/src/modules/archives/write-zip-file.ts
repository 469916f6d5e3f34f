import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from './native-crc32.ts';

export interface ZipSource {
  /** The entry's path inside the ZIP (already safe). */
  path: string;
  open: () => Promise<Readable>;
  date?: Date;
  /** One of the project's files (counted in the progress), not the index or the plan list. */
  counted?: boolean;
}

/** Mutated while writing, so a timer can report it without events per chunk. */
export interface ZipProgress {
  bytesWritten: number;
  filesWritten: number;
}

/**
 * Streams the entries into a ZIP file: every entry stored (PDFs and DWGs do not compress, and
 * storing keeps the bytes identical), one source open at a time, so memory stays flat whatever
 * the sizes. archiver switches to ZIP64 records by itself past 4 GiB or 65,535 entries and marks
 * non-ASCII names with the UTF-8 flag. An abort stops at once; the caller removes the file.
 */
export async function writeZipFile(
  target: string,
  sources: readonly ZipSource[],
  options: { signal: AbortSignal; progress: ZipProgress },
): Promise<{ size: number; sha256: string }> {
  const { progress } = options;
  const stop = new AbortController();
  const abort = (reason: unknown) => {
    if (!stop.signal.aborted) stop.abort(reason);
  };
  const onOuterAbort = () => abort(options.signal.reason);
  if (options.signal.aborted) onOuterAbort();
  options.signal.addEventListener('abort', onOuterAbort, { once: true });

  const archive = new ZipArchive({ store: true });
  const hash = createHash('sha256');
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      progress.bytesWritten += chunk.length;
      done(null, chunk);
    },
  });
  let current: Readable | undefined;
  stop.signal.addEventListener('abort', () => current?.destroy(), { once: true });

  const written = pipeline(archive, counting, fs.createWriteStream(target), { signal: stop.signal });
  const filled = (async () => {
    for (const source of sources) {
      stop.signal.throwIfAborted();
      const entryWritten = once(archive, 'entry', { signal: stop.signal });
      // Awaited below; when opening the source fails first, its abort must not go unhandled.
      entryWritten.catch(() => undefined);
      current = await source.open();
      stop.signal.throwIfAborted();
      archive.append(current, { name: source.path, store: true, ...(source.date ? { date: source.date } : {}) });
      await entryWritten;
      if (source.counted) progress.filesWritten++;
    }
    current = undefined;
    await archive.finalize();
  })();
  const results = await Promise.allSettled([
    filled.catch((err: unknown) => {
      abort(err);
      throw err;
    }),
    written.catch((err: unknown) => {
      abort(err);
      throw err;
    }),
  ]);
  options.signal.removeEventListener('abort', onOuterAbort);
  current?.destroy();
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw stop.signal.aborted ? stop.signal.reason : failed.reason;
  return { size: progress.bytesWritten, sha256: hash.digest('hex') };
}
