import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import S3rver from 's3rver';

export interface TestS3 {
  /** The environment a server process needs to use this bucket (STORAGE=s3 and S3_*). */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** The directory s3rver keeps the bucket in (to look at what is really stored). */
  directory: string;
  close: () => Promise<void>;
}

export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface KoaLike {
  middleware: Middleware[];
  store: FilesystemStoreLike;
}
interface FilesystemStoreLike {
  getResourcePath: (bucket: string, key: string | undefined, resource: string) => string;
  putPart: (bucket: string, uploadId: string, partNumber: string, content: Readable) => Promise<{ md5: string }>;
}

/**
 * s3rver (an S3 protocol server in pure JavaScript, from npm) on 127.0.0.1 with one bucket, the way
 * smtp-server stands in for a mail relay. It lacks two calls of multipart uploads that every
 * S3-compatible store has and that the resumable uploads' store (@tus/s3-store) relies on:
 * ListParts and AbortMultipartUpload. They are added here, on s3rver's own part files; a part counts
 * as uploaded only once it was written completely (as on S3, an interrupted UploadPart lists nothing).
 */
export async function startTestS3(options: { bucket?: string } = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'plankurier';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const koa = server as unknown as KoaLike;
  completePartsOnly(koa.store);
  // Before the router (the last middleware): s3rver turns a plain object body into XML.
  koa.middleware.splice(koa.middleware.length - 1, 0, multipartCalls(koa.store));
  const address: AddressInfo = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}

const uploadDir = (store: FilesystemStoreLike, bucket: string, uploadId: string) => {
  if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new Error('bad upload id');
  return path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
};

/**
 * s3rver's UploadPart answers before its file is flushed and leaves a half part behind when the
 * request breaks off. Here a part is written to a temporary name and renamed when complete.
 */
function completePartsOnly(store: FilesystemStoreLike) {
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    if (!/^\d{1,5}$/.test(partNumber)) throw new Error('bad part number');
    const target = path.join(uploadDir(store, bucket, uploadId), partNumber);
    const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    const md5 = createHash('md5');
    content.on('data', (chunk: Buffer) => md5.update(chunk));
    try {
      await pipeline(content, fs.createWriteStream(temp));
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    const digest = md5.digest('hex');
    await fsp.writeFile(`${target}.md5`, digest);
    await fsp.rename(temp, target);
    return { md5: digest };
  };
}

/** ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId) on path-style URLs. */
function multipartCalls(store: FilesystemStoreLike): Middleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!uploadId || !match || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const [, bucket, key] = match.map((s) => decodeURIComponent(s)) as [string, string, string];
    let dir: string;
    try {
      dir = uploadDir(store, bucket, uploadId);
      await fsp.access(dir);
    } catch {
      ctx.status = 404;
      ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
      return;
    }
    if (ctx.method === 'DELETE') {
      await fsp.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const names = (await fsp.readdir(dir)).filter((n) => /^\d+$/.test(n)).map(Number);
    const parts = await Promise.all(
      names
        .sort((a, b) => a - b)
        .map(async (n) => {
          const stat = await fsp.stat(path.join(dir, String(n)));
          const etag = await fsp.readFile(path.join(dir, `${n}.md5`), 'utf8');
          return { PartNumber: n, LastModified: stat.mtime.toISOString(), ETag: `"${etag}"`, Size: stat.size };
        }),
    );
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumberMarker: 0,
        MaxParts: 10000,
        IsTruncated: false,
        ...(parts.length > 0 ? { Part: parts } : {}),
      },
    };
  };
}

/** The directory of s3rver's open multipart uploads (it has no ListMultipartUploads). */
export const openUploadsDirectory = (s3: TestS3) => path.join(s3.directory, s3.bucket, '._S3rver_uploads');
