import { randomBytes } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../../test/upload-fixtures.ts';
import { HashWorker } from './hash-worker.ts';

describe('SHA-256 on a worker thread', () => {
  let worker = new HashWorker();
  afterEach(async () => {
    await worker.close();
    worker = new HashWorker();
  });

  test('interleaved hashes each give the SHA-256 of exactly their own bytes', async () => {
    const files = [randomBytes(3_000_000), randomBytes(1_000_001), Buffer.alloc(0)];
    const hashes = files.map(() => worker.hash());
    for (let at = 0; at < 3_000_000; at += 65_536)
      files.forEach((file, i) => {
        // A view into a larger buffer: only its own bytes count, not the whole backing store.
        if (at < file.length) void hashes[i]!.update(file.subarray(at, at + 65_536));
      });
    expect(await Promise.all(hashes.map((hash) => hash.digest()))).toEqual(files.map(sha256Hex));
  });

  test('the bytes the caller keeps are still there after the hand-over (the store writes them)', async () => {
    const chunk = randomBytes(1_000_000);
    const before = Buffer.from(chunk);
    const hash = worker.hash();
    void hash.update(chunk);
    expect(chunk.equals(before)).toBe(true);
    expect(await hash.digest()).toBe(sha256Hex(before));
  });

  test('a caller that waits whenever the worker is behind keeps its hash through any amount of bytes', async () => {
    const chunk = randomBytes(8 * 1024 * 1024);
    const hash = worker.hash();
    let waited = 0;
    for (let i = 0; i < 16; i++) {
      const behind = hash.update(chunk);
      if (behind) {
        waited++;
        await behind;
      }
    }
    expect(waited).toBeGreaterThan(0);
    expect(await hash.digest()).toBe(sha256Hex(Buffer.concat(Array.from({ length: 16 }, () => chunk))));
  });

  test('a chunk handed over is moved with its whole buffer, hashed as the view it is, and its buffer comes back', async () => {
    const returned: ArrayBuffer[] = [];
    const recycling = new HashWorker((buffer) => returned.push(buffer));
    try {
      const whole = new Uint8Array(randomBytes(200_000));
      const expected = sha256Hex(Buffer.from(whole.subarray(50_000, 150_000)));
      const view = whole.subarray(50_000, 150_000);
      const moved = recycling.hash();
      void moved.update(view, true);
      expect(whole.byteLength).toBe(0); // moved, not copied
      expect(await moved.digest()).toBe(expected);
      expect(returned.map((buffer) => buffer.byteLength)).toEqual([200_000]);

      const kept = new Uint8Array(randomBytes(100_000));
      const copied = recycling.hash();
      void copied.update(kept);
      expect(kept.byteLength).toBe(100_000);
      expect(await copied.digest()).toBe(sha256Hex(Buffer.from(kept)));
    } finally {
      await recycling.close();
    }
  });

  test('a digest is given once; a dropped hash gives none', async () => {
    const hash = worker.hash();
    void hash.update(Buffer.from('plan'));
    expect(await hash.digest()).toBe(sha256Hex(Buffer.from('plan')));
    expect(await hash.digest()).toBeNull();
    const dropped = worker.hash();
    void dropped.update(Buffer.from('plan'));
    dropped.drop();
    expect(await dropped.digest()).toBeNull();
  });

  test('a hash the worker falls too far behind on gives up (null: the file is read again), others go on', async () => {
    const flood = worker.hash();
    const chunk = randomBytes(8 * 1024 * 1024);
    // Handed over in one synchronous run: the worker cannot confirm any of it in between.
    for (let i = 0; i < 6; i++) void flood.update(chunk);
    expect(await flood.digest()).toBeNull();
    // Once the worker has caught up (its answers keep their order), hashes are taken again.
    expect(await worker.hash().digest()).toBe(sha256Hex(''));
    const next = worker.hash();
    void next.update(chunk);
    expect(await next.digest()).toBe(sha256Hex(chunk));
  });

  test('a worker that ended takes its hashes with it; the next hash starts a new one', async () => {
    const cut = worker.hash();
    void cut.update(Buffer.from('first half'));
    const pending = cut.digest();
    await worker.close();
    expect(await pending).toBeNull();

    const before = worker.hash();
    void before.update(Buffer.from('a'));
    await worker.close();
    // More bytes after the end must not make a digest of only the later part.
    void before.update(Buffer.from('b'));
    expect(await before.digest()).toBeNull();

    const fresh = worker.hash();
    void fresh.update(Buffer.from('b'));
    expect(await fresh.digest()).toBe(sha256Hex(Buffer.from('b')));
  });

  test("the worker runs under the upload checks' heap cap, and a digest past their time limit ends it (null), the next starts a new one", async () => {
    const limits = { timeLimitMs: 1, memoryMb: 96 };
    const bounded = new HashWorker(undefined, () => limits);
    try {
      const slow = bounded.hash();
      // 24 MB take the worker tens of milliseconds: far past a limit of 1 ms.
      void slow.update(randomBytes(24 * 1024 * 1024));
      const thread = (bounded as unknown as { worker?: Worker }).worker;
      expect(thread?.resourceLimits?.maxOldGenerationSizeMb).toBe(96);
      expect(await slow.digest()).toBeNull();
      expect((bounded as unknown as { worker?: Worker }).worker).toBeUndefined();

      limits.timeLimitMs = 60_000;
      const next = bounded.hash();
      void next.update(Buffer.from('plan'));
      expect(await next.digest()).toBe(sha256Hex(Buffer.from('plan')));
    } finally {
      await bounded.close();
    }
  });
});
