import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../../test/upload-fixtures.ts';
import { HashWorker } from './hash-worker.ts';
import { hashHere, ReceivedHashes as HashesWith } from './received-hashes.ts';

const ID = '3f1c2a7e-9d4b-4c1a-8e2f-5b6a7c8d9e0f';

/** One PATCH as the store runs it: the chunk's bytes pass the hasher, then the write is confirmed. */
function receive(hashes: HashesWith, offset: number, bytes: Buffer, pieces = 3) {
  const hasher = hashes.chunk(ID, offset);
  const step = Math.ceil(bytes.length / pieces);
  for (let at = 0; at < bytes.length; at += step) hasher.update(bytes.subarray(at, at + step));
  hasher.written(bytes.length);
}

const worker = new HashWorker();
afterAll(() => worker.close());

describe.each([
  ['on this thread', hashHere],
  ['on the worker thread', () => worker.hash()],
])('the SHA-256 of an upload hashed while its chunks are written (%s)', (_where, startHash) => {
  class ReceivedHashes extends HashesWith {
    constructor(limit?: number) {
      super(startHash, limit);
    }
  }
  const data = randomBytes(300_000);

  test('chunks in order: the digest is the SHA-256 of the whole file, once', async () => {
    const hashes = new ReceivedHashes();
    receive(hashes, 0, data.subarray(0, 100_000));
    receive(hashes, 100_000, data.subarray(100_000, 250_000));
    receive(hashes, 250_000, data.subarray(250_000));
    expect(await hashes.digest(ID, data.length)).toBe(sha256Hex(data));
    expect(await hashes.digest(ID, data.length)).toBeNull();
  });

  test('after a restart (a new process) the first chunk it sees is not at 0: no digest, the full pass decides', async () => {
    const before = new ReceivedHashes();
    receive(before, 0, data.subarray(0, 100_000));
    const after = new ReceivedHashes();
    receive(after, 100_000, data.subarray(100_000));
    expect(await after.digest(ID, data.length)).toBeNull();
  });

  test('a chunk at another offset than the hash has reached drops the hash for good', async () => {
    const hashes = new ReceivedHashes();
    receive(hashes, 0, data.subarray(0, 100_000));
    // Another process took the PATCH of 100,000–200,000; this one sees the next.
    receive(hashes, 200_000, data.subarray(200_000));
    expect(await hashes.digest(ID, data.length)).toBeNull();
  });

  test('a write that failed, or wrote other than it was given, leaves no digest', async () => {
    const failed = new ReceivedHashes();
    receive(failed, 0, data.subarray(0, 100_000));
    const hasher = failed.chunk(ID, 100_000);
    hasher.update(data.subarray(100_000, 150_000));
    hasher.fail();
    receive(failed, 150_000, data.subarray(150_000));
    expect(await failed.digest(ID, data.length)).toBeNull();

    const short = new ReceivedHashes();
    const partial = short.chunk(ID, 0);
    partial.update(data.subarray(0, 100_000));
    partial.written(60_000);
    receive(short, 60_000, data.subarray(60_000));
    expect(await short.digest(ID, data.length)).toBeNull();
  });

  test('a digest is only given for exactly the expected size', async () => {
    const hashes = new ReceivedHashes();
    receive(hashes, 0, data.subarray(0, 100_000));
    expect(await hashes.digest(ID, data.length)).toBeNull();
  });

  test('a chunk at 0 starts over; different bytes give a different digest (the check then refuses)', async () => {
    const hashes = new ReceivedHashes();
    receive(hashes, 0, randomBytes(100_000));
    const tampered = Buffer.from(data);
    tampered[123_456] = 0xff - data[123_456]!;
    receive(hashes, 0, tampered);
    const digest = await hashes.digest(ID, data.length);
    expect(digest).toBe(sha256Hex(tampered));
    expect(digest).not.toBe(sha256Hex(data));
  });

  test('forget ends a hash; beyond the limit new uploads are not hashed in memory', async () => {
    const hashes = new ReceivedHashes(1);
    receive(hashes, 0, data);
    hashes.forget(ID);
    expect(await hashes.digest(ID, data.length)).toBeNull();

    const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    hashes.chunk(other, 0).written(0);
    receive(hashes, 0, data);
    expect(await hashes.digest(ID, data.length)).toBeNull();
  });
});
