import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { writeZipFile, type ZipProgress } from './write-zip-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archives-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const source = (name: string, data: Buffer | string) => ({
  path: name,
  counted: true,
  open: () => Promise.resolve(Readable.from([Buffer.from(data)])),
});

describe('writeZipFile', () => {
  test('more entries than the classic ZIP format can count: ZIP64 records, and unzip reads them all', async () => {
    const target = path.join(dir, 'many.zip');
    const count = 65_540;
    const sources = Array.from({ length: count }, (_, i) => source(`Ordner/${i}.txt`, String(i)));
    const progress: ZipProgress = { bytesWritten: 0, filesWritten: 0 };
    const result = await writeZipFile(target, sources, { signal: new AbortController().signal, progress });
    expect(progress.filesWritten).toBe(count);
    expect(result.size).toBe(fs.statSync(target).size);
    const zip = fs.readFileSync(target);
    // The ZIP64 end of central directory record and its locator.
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBe(true);
    const names = execFileSync('unzip', ['-Z1', target], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean);
    expect(names).toHaveLength(count);
    expect(execFileSync('unzip', ['-p', target, 'Ordner/65539.txt'], { encoding: 'utf8' })).toBe('65539');
  }, 120_000);

  test('an abort stops the writing with the abort reason', async () => {
    const target = path.join(dir, 'aborted.zip');
    const stop = new AbortController();
    const reason = new Error('cancelled');
    const endless = {
      path: 'endlos.bin',
      open: () =>
        Promise.resolve(
          new Readable({
            read() {
              this.push(Buffer.alloc(64 * 1024));
            },
          }),
        ),
    };
    const progress: ZipProgress = { bytesWritten: 0, filesWritten: 0 };
    const writing = writeZipFile(target, [endless], { signal: stop.signal, progress });
    while (progress.bytesWritten < 1024 * 1024) await new Promise((resolve) => setTimeout(resolve, 5));
    stop.abort(reason);
    await expect(writing).rejects.toBe(reason);
  });
});
