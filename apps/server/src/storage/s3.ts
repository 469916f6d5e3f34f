import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  measuring,
  OBJECT_ID,
  StoredObjectMissing,
  StorageUnreachable,
  type Storage,
  type StoredObject,
} from './storage.ts';

export interface S3Settings {
  /** Unset: AWS S3 of the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's own credential chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** MinIO, Ceph and most self-hosted stores want bucket names in the path, not the host name. */
  forcePathStyle: boolean;
}

/** Parts of a multipart write: 8 MB each, two in flight, so a write holds at most 16 MB in memory. */
export const S3_PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The client settings every S3 user of this installation shares (storage and the resumable uploads' store). */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 demands them: several S3-compatible stores do not take the SDK's
    // newer streaming checksums (aws-chunked bodies with trailers); SHA-256 is checked end to end anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Fail fast when the store is away (requests answer 503); a download may stream for long.
    requestHandler: { connectionTimeout: 5000, httpAgent: { keepAlive: true, maxSockets: 256 } },
    maxAttempts: 3,
  };
}

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);
const errorName = (err: unknown) => (err as { name?: string; Code?: string }).name ?? '';
const httpStatus = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** The SDK's errors as storage errors: a missing key, or a store that does not answer. */
function storageError(err: unknown, key: string): unknown {
  if (NOT_FOUND.has(errorName(err)) || httpStatus(err) === 404) return new StoredObjectMissing(key);
  if (isS3Unreachable(err))
    return new StorageUnreachable(`object storage unreachable: ${(err as Error).message}`, { cause: err });
  return err;
}

/** True for the storage S3 makes (it carries the client the resumable uploads' store shares). */
export const isS3Storage = (storage: Storage): storage is S3Storage => storage.kind === 's3' && 'client' in storage;

export type S3Storage = Storage & { client: S3Client; bucket: string };

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
export function isS3Unreachable(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return (
    (code !== undefined && NETWORK_CODES.has(code)) ||
    errorName(err) === 'TimeoutError' ||
    (httpStatus(err) ?? 0) >= 500
  );
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Hetzner, Cloudflare R2 …). Objects are named by
 * a generated UUID at the bucket's root (finished resumable uploads are adopted under their own
 * UUID, see modules/uploads/s3-upload-staging.ts). Writes stream as a multipart upload; one that
 * breaks off is aborted, so no object appears.
 */
export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client(s3ClientConfig(settings));
  const { bucket } = settings;
  const checked = (key: string) => {
    if (!OBJECT_ID.test(key)) throw new Error('invalid storage key');
    return key;
  };

  const write = async (source: Readable): Promise<StoredObject> => {
    const key = randomUUID();
    const measure = measuring();
    // A failing source must fail the upload too: the SDK reads `measure`, not the source.
    source.once('error', (err) => measure.destroy(err));
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: source.pipe(measure) },
      partSize: S3_PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // An interrupted multipart write is aborted, so its parts do not linger (and no object appears).
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      await upload.abort().catch(() => undefined);
      throw storageError(err, key);
    }
    return { key, ...measure.result() };
  };

  return {
    kind: 's3',
    client,
    bucket,
    write,
    adopt: async (localPath, info) => {
      const stored = await write(fs.createReadStream(localPath));
      if (stored.size !== info.size || stored.sha256 !== info.sha256) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: stored.key })).catch(() => undefined);
        throw new Error('the file changed while it was stored');
      }
      await fsp.rm(localPath, { force: true });
      return stored;
    },
    read: async (key, range) => {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: checked(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        throw storageError(err, key);
      }
    },
    size: async (key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checked(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        throw storageError(err, key);
      }
    },
    remove: async (key) => {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
      } catch (err) {
        const mapped = storageError(err, key);
        if (!(mapped instanceof StoredObjectMissing)) throw mapped;
      }
    },
    check: async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
        const why =
          httpStatus(err) === 404
            ? 'it does not exist'
            : httpStatus(err) === 403
              ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
              : (err as Error).message || errorName(err);
        throw new StorageUnreachable(`S3 bucket "${bucket}" at ${where} cannot be reached: ${why}`, { cause: err });
      }
    },
  };
}
