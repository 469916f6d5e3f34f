import { Transform, type Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { ERRORS, type KvStore } from '@tus/utils';
import { s3ClientConfig, S3_PART_BYTES, type S3Settings } from '../../storage/s3.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ReceivedHashes } from './received-hashes.ts';
import { UPLOAD_ID } from './upload-store.ts';
import type { UploadStaging } from './upload-staging.ts';

/**
 * A small in-process cache of uploads' tus metadata (the `<id>.info` object): it never changes
 * after creation, so any process may cache it; bounded so abandoned uploads do not pile up.
 */
class BoundedKvStore<T> implements KvStore<T> {
  private readonly data = new Map<string, T>();
  constructor(private readonly limit = 1000) {}
  async get(key: string) {
    return this.data.get(key);
  }
  async set(key: string, value: T) {
    this.data.delete(key);
    this.data.set(key, value);
    if (this.data.size > this.limit) this.data.delete(this.data.keys().next().value!);
  }
  async delete(key: string) {
    this.data.delete(key);
  }
  async list() {
    return [...this.data.keys()];
  }
}

/**
 * The tus S3 store with each PATCH's bytes hashed on their way into the bucket (see
 * ReceivedHashes), through a transform so the store reads them at its own pace.
 */
class HashingS3Store extends S3Store {
  constructor(
    options: ConstructorParameters<typeof S3Store>[0],
    private readonly hashes: ReceivedHashes,
  ) {
    super(options);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    const hasher = this.hashes.chunk(id, offset);
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const behind = hasher.update(chunk);
        if (behind) void behind.then(() => done(null, chunk));
        else done(null, chunk);
      },
    });
    readable.once('error', (err) => tap.destroy(err));
    readable.pipe(tap);
    try {
      const next = await super.write(tap, id, offset);
      hasher.written(next - offset);
      return next;
    } catch (err) {
      hasher.fail();
      throw err;
    }
  }

  /** The multipart upload's id on S3, from the upload's `.info` object. */
  async multipartUploadId(id: string): Promise<string | undefined> {
    return (await this.getMetadata(id))['upload-id'];
  }

  async forgetCached(id: string): Promise<void> {
    await this.cache.delete(id);
  }
}

/**
 * Uploads staged in the bucket: a multipart upload under the upload's own UUID plus `<id>.info`
 * (its tus metadata) and `<id>.part` (a tail shorter than a part), all reachable from every
 * process, so a PATCH cut off on one process resumes on another. The finished object already
 * has a generated UUID for a name: it is adopted where it is, without a copy.
 */
export function s3UploadStaging(
  settings: S3Settings,
  storage: Storage & { client: S3Client; bucket: string },
  hashes: ReceivedHashes,
): UploadStaging {
  const store = new HashingS3Store(
    {
      partSize: S3_PART_BYTES,
      // The store's default is 60 parts in flight, each read into the SDK's buffers: a fast client
      // then holds hundreds of MB per upload in memory. Four keep the object store busy.
      maxConcurrentPartUploads: 4,
      // Expiry is ours: abandoned uploads are found in the upload table (see routes.ts' cleanup).
      expirationPeriodInMilliseconds: 0,
      useTags: false,
      cache: new BoundedKvStore(),
      s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
    },
    hashes,
  );
  const { client, bucket } = storage;
  const checked = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new Error('invalid upload id');
    return uploadId;
  };
  const removeObject = (key: string) =>
    client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);

  return {
    datastore: store,
    read: (uploadId, range) => storage.read(checked(uploadId), range),
    size: (uploadId) => storage.size(checked(uploadId)),
    location: (uploadId) => ({ s3: settings, key: checked(uploadId) }),
    adopt: async (uploadId, info) => {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checked(uploadId) }));
      if (head.ContentLength !== info.size) throw new Error('the finished upload has another size');
      await removeObject(`${uploadId}.info`);
      await store.forgetCached(uploadId);
      return { key: uploadId, size: info.size, sha256: info.sha256 };
    },
    // Adopting a staged object copies nothing, so it never meets a full disk: nothing to reopen for.
    reopen: async () => false,
    discard: async (uploadId) => {
      checked(uploadId);
      const multipart = await store.multipartUploadId(uploadId).catch(() => undefined);
      if (multipart) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: uploadId, UploadId: multipart }))
          .catch(() => undefined);
      }
      hashes.forget(uploadId);
      await store.forgetCached(uploadId);
      await Promise.all([removeObject(uploadId), removeObject(`${uploadId}.info`), removeObject(`${uploadId}.part`)]);
    },
    receivedSha256: (uploadId, size) => hashes.digest(uploadId, size),
  };
}
