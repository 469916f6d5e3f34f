import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENTS, Server } from '@tus/server';
import { errors, isAppError, type MsgCode } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../offices/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { isS3Storage, isS3Unreachable } from '../../storage/s3.ts';
import { StorageUnreachable } from '../../storage/storage.ts';
import { createPgLocker } from './pg-locker.ts';
import { deleteOldUploads } from './queries.ts';
import { recycleBodyBuffer } from './body-buffers.ts';
import { HashWorker } from './hash-worker.ts';
import { ReceivedHashes } from './received-hashes.ts';
import { finishUpload, forgetUpload, startUpload, touchOwnUpload } from './service.ts';
import { STORAGE_FULL, UPLOAD_ID } from './upload-store.ts';
import { localUploadStaging, localUploadsDir } from './local-upload-staging.ts';
import { s3UploadStaging } from './s3-upload-staging.ts';
import type { UploadStaging } from './upload-staging.ts';
import { discardUnreadBody, sendResponse, tusRequest } from './web-request.ts';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * Resumable uploads (tus 1.0) at /api/uploads, authenticated by the same Bearer token as every
 * private route. Upload-Metadata: versionId, filename, kind ('main' | 'addon'), sha256 (hex of the
 * whole file). The final PATCH answers with `Upload-File-Id`; errors carry `{ msgCode, message }`.
 * Clients upload with parallelUploads 1 (the store has no concatenation).
 */
export function uploadRoutes(app: FastifyInstance, deps: Deps, options: { databaseUrl: string }) {
  const locker = createPgLocker(options.databaseUrl, deps.log);
  const actorByRequest = new WeakMap<IncomingMessage, Actor>();
  const hashWorker = new HashWorker(recycleBodyBuffer, () => deps.config.fileProcesses.checks);
  const hashes = new ReceivedHashes(() => hashWorker.hash());
  const staging = createUploadStaging(deps, hashes);
  // A cancelled upload (tus DELETE) frees its kind before the 204 goes out: tus emits POST_TERMINATE
  // only after answering, and a client that starts the next upload at once must not find the old
  // one's record. Only tus' own calls go through this view; staging keeps the store as it is.
  const terminating = async (uploadId: string) => {
    await staging.datastore.remove(uploadId);
    await forgetUpload(deps, uploadId);
  };
  const datastore = new Proxy(staging.datastore, {
    get: (store, key) => {
      if (key === 'remove') return terminating;
      const value: unknown = Reflect.get(store, key, store);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(store) : value;
    },
  });

  const actorOfUpload = (req: unknown): Actor => {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const actor = raw ? actorByRequest.get(raw) : undefined;
    if (!actor) throw errors.unauthorized();
    return actor;
  };

  const tus = new Server({
    path: '/api/uploads',
    datastore,
    locker,
    relativeLocation: true,
    maxSize: deps.config.maxUploadBytes,
    disableTerminationForFinishedUploads: true,
    namingFunction: () => randomUUID(),
    exposedHeaders: ['Upload-File-Id'],
    onUploadCreate: async (req, upload) => {
      await startUpload(deps, actorOfUpload(req), {
        uploadId: upload.id,
        size: upload.size,
        metadata: upload.metadata ?? {},
      });
      return {};
    },
    onIncomingRequest: async (req, uploadId) => {
      if (req.method === 'POST') return; // creation is checked in onUploadCreate
      if (!UPLOAD_ID.test(uploadId)) throw errors.notFound();
      await touchOwnUpload(deps, actorOfUpload(req), uploadId, req.method);
    },
    onUploadFinish: async (req, upload) => {
      const fileId = await finishUpload(deps, staging, actorOfUpload(req), upload.id);
      return { headers: { 'Upload-File-Id': fileId } };
    },
    onResponseError: (_req, err) => tusErrorResponse(err, deps),
  });
  tus.on(EVENTS.POST_TERMINATE, (_req: unknown, _res: unknown, uploadId: string) => {
    // The store removed the data and its record; staging also drops what it keeps beside it (S3: a short tail part).
    void staging.discard(uploadId).catch(() => undefined);
  });

  const cleanup = async () => {
    try {
      await tus.cleanUpExpiredUploads();
      // Finished uploads' data is a stored file now: only unfinished ones are dropped.
      for (const { id, state } of await deleteOldUploads(deps.db)) {
        if (state !== 'finished') await staging.discard(id).catch(() => undefined);
      }
    } catch (err) {
      deps.log.warn({ err }, 'cleaning up abandoned uploads failed');
    }
  };
  void cleanup();
  const timer = setInterval(() => void cleanup(), CLEANUP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await locker.close();
    await hashWorker.close();
  });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    actorByRequest.set(req.raw, actorOf(req));
    reply.hijack();
    try {
      const response = await tus.handleWeb(tusRequest(req.raw, reply.raw));
      // A refusal comes before the rest of its chunk: read that first, so the client sees the status.
      await discardUnreadBody(req.raw, deps.config.maxUploadBytes);
      await sendResponse(reply.raw, response);
    } catch (err) {
      req.log.error({ err }, 'tus request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.destroy();
    }
  };

  void app.register(async (scope) => {
    // tus reads the raw request body itself: Fastify must leave the stream untouched.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    scope.route({ method: 'POST', url: '/api/uploads', schema: { hide: true }, handler: handle });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: '/api/uploads/:id',
      schema: { hide: true },
      handler: handle,
    });
  });
}

/** S3 storage stages uploads in the bucket (any process resumes them); local storage under DATA_DIR/uploads. */
function createUploadStaging(deps: Deps, hashes: ReceivedHashes): UploadStaging {
  if (deps.config.storage === 's3' && deps.config.s3 && isS3Storage(deps.storage)) {
    return s3UploadStaging(deps.config.s3, deps.storage, hashes);
  }
  return localUploadStaging(localUploadsDir(deps.config.dataDir), deps.storage, hashes, async (uploadId) => {
    await forgetUpload(deps, uploadId);
  });
}

const TUS_STATUS_CODES: Record<number, MsgCode> = {
  400: 'common.validation',
  403: 'common.validation',
  404: 'common.not_found',
  // tus: the PATCH's Upload-Offset is not where the upload stands; the client asks (HEAD) and goes on.
  409: 'upload.offset_conflict',
  410: 'common.not_found',
  413: 'upload.too_large',
};

/** Every tus error leaves as `{ msgCode, message }`, like the rest of the API. */
function tusErrorResponse(
  err: Error | { status_code: number; body: string },
  deps: Deps,
): { status_code: number; body: string } {
  const json = (status: number, msgCode: MsgCode) => ({
    status_code: status,
    body: JSON.stringify({ msgCode, message: msgCode }),
  });
  if (isAppError(err)) return json(err.status, err.msgCode);
  if (err === STORAGE_FULL) return STORAGE_FULL;
  if ('status_code' in err && typeof err.status_code === 'number') {
    return json(
      err.status_code,
      TUS_STATUS_CODES[err.status_code] ?? (err.status_code >= 500 ? 'upload.failed' : 'upload.failed'),
    );
  }
  if ((err as NodeJS.ErrnoException).code === 'ENOSPC') return STORAGE_FULL;
  if (err instanceof StorageUnreachable || isS3Unreachable(err)) {
    deps.log.warn({ err: (err as Error).message }, 'upload: file storage unavailable');
    return json(503, 'common.unavailable');
  }
  deps.log.error({ err }, 'upload failed');
  return json(500, 'upload.failed');
}
