import { expect, test } from 'vitest';
import { BODY_CHUNK_BYTES, bodyBuffer, recycleBodyBuffer } from './body-buffers.ts';

test('a body buffer given back is reused for the next chunk; other memory is not taken in', () => {
  const first = bodyBuffer(BODY_CHUNK_BYTES)!;
  expect(first.byteOffset).toBe(0);
  expect(first.length).toBeGreaterThan(BODY_CHUNK_BYTES);
  recycleBodyBuffer(first.buffer as ArrayBuffer);
  expect(bodyBuffer(BODY_CHUNK_BYTES)!.buffer).toBe(first.buffer);

  recycleBodyBuffer(new ArrayBuffer(1000));
  expect(bodyBuffer(BODY_CHUNK_BYTES)!.buffer.byteLength).toBe(first.buffer.byteLength);
  // More than a buffer holds is gathered elsewhere (Buffer.concat).
  expect(bodyBuffer(first.length + 1)).toBeUndefined();
});
