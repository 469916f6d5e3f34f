import { createRequire } from 'node:module';
import zlib from 'node:zlib';

interface Crc32Module {
  buf: (data: number[] | Uint8Array, seed?: unknown) => number;
}

/**
 * archiver (through zip-stream, compress-commons and crc32-stream) computes every entry's CRC-32
 * with the `crc-32` package, in JavaScript: about 1.2 GB/s here, where node:zlib's native crc32
 * runs at 6.5 GB/s — 1.4 s of the server's CPU saved on a 2 GB project archive. The packages read
 * `crc32.buf` from the shared module object at each call, so replacing it there swaps the
 * implementation for all of them; `native-crc32.test.ts` holds it to the same results as the
 * original (signed 32-bit, seeds chained the same way, a non-number seed counting as 0). The ZIP
 * writers import archiver's ZipArchive from here, so none can use it without the swap (lint holds
 * every other import of archiver off).
 */
const crc32 = createRequire(import.meta.url)('crc-32') as Crc32Module;

export const javascriptCrc32 = crc32.buf;

export function nativeCrc32(data: number[] | Uint8Array, seed?: unknown): number {
  // crc-32 takes the seed as a signed int and `seed ^ -1` turns anything else into 0 (crc32-stream
  // starts with a Buffer); zlib wants it unsigned.
  const start = typeof seed === 'number' ? seed >>> 0 : 0;
  const bytes = data instanceof Uint8Array ? data : Uint8Array.from(data);
  return zlib.crc32(bytes, start) | 0;
}

crc32.buf = nativeCrc32;

export { ZipArchive } from 'archiver';
