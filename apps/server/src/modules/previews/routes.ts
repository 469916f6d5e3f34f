import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, RecipientFileParams } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import {
  officePreview,
  recipientPdfView,
  recipientPreview,
  recipientPreviewStatus,
  type PreviewObject,
  type PreviewPart,
} from './service.ts';

const CONTENT_TYPE: Record<PreviewPart, string> = {
  thumbnail: 'image/webp',
  scene: 'application/octet-stream',
  sheet: 'image/webp',
};

/** A preview's key never gets other content (a new upload is a new file): the browser may keep it. */
async function sendPreview(req: FastifyRequest, reply: FastifyReply, part: PreviewPart, preview: PreviewObject) {
  reply
    .header('Content-Type', CONTENT_TYPE[part])
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=86400')
    .header('ETag', preview.etag);
  if (req.headers['if-none-match'] === preview.etag) return reply.status(304).send();
  return reply.header('Content-Length', preview.size).send(await preview.open());
}

export function previewRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { public: true };

  for (const part of ['thumbnail', 'scene', 'sheet'] as const) {
    r.get(`/api/file/:id/${part}`, { schema: { tags: ['files'], params: IdParams } }, async (req, reply) =>
      sendPreview(req, reply, part, await officePreview(deps, actorOf(req), req.params.id, part)),
    );
    r.get(
      `/api/d/:token/files/:fileId/${part}`,
      { config, schema: { tags: ['downloads'], params: RecipientFileParams } },
      async (req, reply) =>
        sendPreview(req, reply, part, await recipientPreview(deps, req.params.token, req.params.fileId, part)),
    );
  }

  r.get(
    '/api/d/:token/files/:fileId/preview',
    { config, schema: { tags: ['downloads'], params: RecipientFileParams } },
    async (req, reply) => {
      const status = await recipientPreviewStatus(deps, req.params.token, req.params.fileId);
      return reply.header('Cache-Control', 'private, no-store').send(status);
    },
  );

  // Viewing, not downloading: inline, sandboxed, never recorded (README "Plan viewer").
  r.get(
    '/api/d/:token/files/:fileId/view',
    { config, schema: { tags: ['downloads'], params: RecipientFileParams } },
    async (req, reply) => {
      const view = await recipientPdfView(deps, req.params.token, req.params.fileId, req.headers.range);
      reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .header('Accept-Ranges', 'bytes')
        .header('ETag', view.etag);
      if (view.unsatisfiable) return reply.status(416).header('Content-Range', `bytes */${view.size}`).send();
      if (view.range) {
        const { start, end } = view.range;
        return reply
          .status(206)
          .header('Content-Range', `bytes ${start}-${end}/${view.size}`)
          .header('Content-Length', end - start + 1)
          .send(await view.openRange());
      }
      return reply.header('Content-Length', view.size).send(await view.open());
    },
  );
}
