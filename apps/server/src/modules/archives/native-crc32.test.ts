import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { javascriptCrc32, nativeCrc32 } from './native-crc32.ts';

const crc32 = createRequire(import.meta.url)('crc-32') as { buf: typeof nativeCrc32 };

describe("archiver's CRC-32 runs on node:zlib with the results of the crc-32 package", () => {
  test('the shared crc-32 module now answers with the native function', () => {
    expect(crc32.buf).toBe(nativeCrc32);
    expect(javascriptCrc32).not.toBe(nativeCrc32);
  });

  test("the crc-32 that archiver's own dependencies load is that module (no copy of their own)", () => {
    // archiver → zip-stream → compress-commons → crc-32, and compress-commons → crc32-stream → crc-32,
    // each resolved from the package that imports it, as Node resolves it for them.
    const from = (file: string) => createRequire(file);
    const archiver = from(import.meta.url).resolve('archiver');
    const zipStream = from(archiver).resolve('zip-stream');
    const compressCommons = from(zipStream).resolve('compress-commons');
    const crc32Stream = from(compressCommons).resolve('crc32-stream');
    for (const user of [compressCommons, crc32Stream]) {
      expect((from(user)('crc-32') as { buf: unknown }).buf).toBe(nativeCrc32);
    }
  });

  test('a known value: "123456789" gives 0xCBF43926, as a signed 32-bit number like crc-32', () => {
    const value = nativeCrc32(Buffer.from('123456789'));
    expect(value >>> 0).toBe(0xcbf43926);
    expect(value).toBe(javascriptCrc32(Buffer.from('123456789')));
    expect(value).toBeLessThan(0);
  });

  test('the same value as the JavaScript one for empty, small and large buffers and byte arrays', () => {
    for (const size of [0, 1, 7, 64, 1000, 65_536, 1_048_583]) {
      const data = randomBytes(size);
      expect(nativeCrc32(data)).toBe(javascriptCrc32(data));
    }
    expect(nativeCrc32([1, 2, 3, 250])).toBe(javascriptCrc32([1, 2, 3, 250]));
  });

  test('chained over chunks as crc32-stream does (unsigned seeds, the first one a Buffer) it gives the whole', () => {
    const whole = randomBytes(300_000);
    const chunks = [whole.subarray(0, 1), whole.subarray(1, 65_537), whole.subarray(65_537)];
    let seedNative: unknown = Buffer.alloc(4);
    let seedJs: unknown = Buffer.alloc(4);
    for (const chunk of chunks) {
      seedNative = nativeCrc32(chunk, seedNative) >>> 0;
      seedJs = javascriptCrc32(chunk, seedJs) >>> 0;
      expect(seedNative).toBe(seedJs);
    }
    expect(seedNative).toBe(javascriptCrc32(whole) >>> 0);
    // A signed seed, as crc-32's own callers pass it, reads the same.
    const first = javascriptCrc32(chunks[0]!);
    expect(nativeCrc32(chunks[1]!, first)).toBe(javascriptCrc32(chunks[1]!, first));
  });
});
