/**
 * The storage contract, run against both implementations: the local directory and a real S3
 * protocol server (s3rver) on 127.0.0.1.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openUploadsDirectory, startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage, S3_PART_BYTES } from './s3.ts';
import { StoredObjectMissing, StorageUnreachable, type Storage } from './storage.ts';

interface Subject {
  storage: Storage;
  /** Every object the store holds, finished or not (local: every file under the root; S3: objects and open multipart uploads). */
  everything: () => Promise<string[]>;
}

let s3: TestS3;
const roots: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

async function walk(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

const subjects: Record<'local' | 's3', () => Subject> = {
  local: () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-storage-'));
    roots.push(root);
    return { storage: createLocalStorage(root), everything: () => walk(root) };
  },
  s3: () => {
    const config = loadConfig({ NODE_ENV: 'test', ...s3.env });
    const storage = createS3Storage(config.s3!);
    return {
      storage,
      everything: async () => {
        const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
        // s3rver has no ListMultipartUploads: its open uploads are directories beside the bucket.
        const open = await walk(openUploadsDirectory(s3));
        return [...(objects.Contents ?? []).map((o) => o.Key!), ...open];
      },
    };
  },
};

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A source that yields `good` bytes and then fails, as a client that breaks off. */
function breakingSource(good: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(good);
      } else {
        this.destroy(new Error('connection reset'));
      }
    },
  });
}

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  let subject: Subject;
  beforeAll(() => {
    subject = subjects[kind]();
  });

  test('a streamed write reads back byte for byte, with its size and SHA-256', async () => {
    const data = randomBytes(200_000);
    const stored = await subject.storage.write(Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
    expect(stored).toMatchObject({ size: data.length, sha256: sha(data) });
    expect(await buffer(await subject.storage.read(stored.key))).toEqual(data);
    expect(await subject.storage.size(stored.key)).toBe(data.length);
  });

  test('a file larger than one part goes up in several parts and comes back whole', async () => {
    const data = randomBytes(2 * S3_PART_BYTES + 12_345);
    const chunks = [];
    for (let at = 0; at < data.length; at += 1024 * 1024) chunks.push(data.subarray(at, at + 1024 * 1024));
    const stored = await subject.storage.write(Readable.from(chunks));
    expect(stored.size).toBe(data.length);
    expect(stored.sha256).toBe(sha(data));
    expect(sha(await buffer(await subject.storage.read(stored.key)))).toBe(sha(data));
  });

  test('byte ranges: first bytes, a middle slice, the last byte (inclusive ends, as in HTTP)', async () => {
    const data = randomBytes(10_000);
    const { key } = await subject.storage.write(Readable.from([data]));
    const range = async (start: number, end: number) => buffer(await subject.storage.read(key, { start, end }));
    expect(await range(0, 99)).toEqual(data.subarray(0, 100));
    expect(await range(4096, 5000)).toEqual(data.subarray(4096, 5001));
    expect(await range(9999, 9999)).toEqual(data.subarray(9999));
  });

  test('adopting a local file moves it in under a new key and removes the local copy', async () => {
    const data = randomBytes(50_000);
    const local = path.join(os.tmpdir(), `Plan ä ${randomBytes(3).toString('hex')}.pdf`);
    await fsp.writeFile(local, data);
    const stored = await subject.storage.adopt(local, { size: data.length, sha256: sha(data) });
    expect(fs.existsSync(local)).toBe(false);
    expect(await buffer(await subject.storage.read(stored.key))).toEqual(data);
  });

  test('missing keys: read and size say StoredObjectMissing; removing one is no error; removed is missing', async () => {
    const { key } = await subject.storage.write(Readable.from([Buffer.from('kurz')]));
    await subject.storage.remove(key);
    await expect(subject.storage.read(key)).rejects.toBeInstanceOf(StoredObjectMissing);
    await expect(subject.storage.size(key)).rejects.toBeInstanceOf(StoredObjectMissing);
    await expect(subject.storage.remove(key)).resolves.toBeUndefined();
  });

  test('an interrupted write leaves no object behind, small or multipart', async () => {
    const before = await subject.everything();
    await expect(subject.storage.write(breakingSource(randomBytes(1000)))).rejects.toThrow();
    await expect(subject.storage.write(breakingSource(randomBytes(S3_PART_BYTES + 1000)))).rejects.toThrow();
    expect((await subject.everything()).sort()).toEqual(before.sort());
  });

  test("keys are generated, never a user's file name, and foreign keys are refused", async () => {
    const local = path.join(os.tmpdir(), `..%2F..%2Fetc passwd ${randomBytes(3).toString('hex')}.dwg`);
    await fsp.writeFile(local, 'x');
    const adopted = await subject.storage.adopt(local, { size: 1, sha256: sha(Buffer.from('x')) });
    const written = await subject.storage.write(Readable.from([Buffer.from('y')]));
    for (const { key } of [adopted, written]) {
      expect(key).toMatch(/^([0-9a-f]{2}\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(adopted.key).not.toBe(written.key);
    for (const bad of ['../etc/passwd', 'Plan.pdf', `${written.key}/..`, '']) {
      await expect(subject.storage.read(bad)).rejects.toThrow('invalid storage key');
    }
  });

  test('the start-up check passes', async () => {
    await expect(subject.storage.check()).resolves.toBeUndefined();
  });
});

describe('S3 configuration', () => {
  test('a bucket that cannot be reached stops the start with the reason', async () => {
    const missing = createS3Storage(loadConfig({ NODE_ENV: 'test', ...s3.env, S3_BUCKET: 'no-such-bucket' }).s3!);
    await expect(missing.check()).rejects.toThrow(
      /S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be reached: it does not exist/,
    );
    await expect(missing.check()).rejects.toBeInstanceOf(StorageUnreachable);
    const closed = createS3Storage(loadConfig({ NODE_ENV: 'test', ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' }).s3!);
    await expect(closed.check()).rejects.toThrow(/cannot be reached/);
  });

  test('STORAGE takes local or s3 and nothing else; s3 needs a bucket', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).storage).toBe('local');
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 'gcs' })).toThrow('STORAGE must be local or s3');
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 's3' })).toThrow('STORAGE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'plankurier' })).toThrow('STORAGE is not s3');
    expect(loadConfig({ NODE_ENV: 'test', ...s3.env }).s3).toMatchObject({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
  });
});
