import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errors, isAppError, type ErrorBody, type MsgCode } from '@plankurier/shared';
import { isDatabaseUnavailable } from '../db/index.ts';
import { StorageUnreachable, StoredObjectMissing } from '../storage/storage.ts';

const FASTIFY_CODES: Record<string, { status: number; msgCode: MsgCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msgCode: 'common.bad_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msgCode: 'common.bad_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msgCode: 'common.payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msgCode: 'common.validation' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msgCode: 'common.validation' },
};

/** Every error leaves as `{ msgCode, message }` with its status; nothing internal reaches the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const send = (status: number, msgCode: MsgCode, extra: object = {}) =>
      reply.status(status).send({ msgCode, message: msgCode, ...extra } satisfies ErrorBody);

    if (isAppError(err)) {
      // A limit that says when it lets the request through again tells the client the standard way too.
      const retryAfter = err.details?.retryAfterSeconds;
      if (err.status === 429 && typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      return send(err.status, err.msgCode, err.details);
    }
    // A row whose file is gone is the operator's problem to see, not the client's mistake.
    if (err instanceof StoredObjectMissing) {
      req.log.error({ storageKey: err.key, url: req.url }, 'a stored file is missing');
      // A download route may have named its file already: the answer is the error, not an attachment.
      reply.removeHeader('Content-Disposition').type('application/json; charset=utf-8');
      const missing = errors.fileMissing();
      return send(missing.status, missing.msgCode);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return send(400, 'common.validation', { issues });
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return send(known.status, known.msgCode);
    if (err.statusCode === 429) return send(429, 'common.rate_limited');
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: err.message }, 'database unavailable');
      return send(503, 'common.unavailable');
    }
    if (err instanceof StorageUnreachable) {
      req.log.warn({ err: err.message }, 'file storage unavailable');
      return send(503, 'common.unavailable');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, err.statusCode === 404 ? 'common.not_found' : 'common.validation');
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, 'common.internal');
  });
}
