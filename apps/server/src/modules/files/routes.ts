import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { attachmentDisposition } from './http-file.ts';
import { createDownloadLink, deleteFile, getFile, openDownload } from './service.ts';

const DownloadQuery = z.object({
  token: z.string().max(200).optional(),
  /** '1': the file as uploaded, without a QR code (the placement preview). */
  original: z.enum(['0', '1']).optional(),
});

export function fileRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/file/:id', { schema: { tags: ['files'], params: IdParams } }, (req) =>
    getFile(deps, actorOf(req), req.params.id),
  );

  r.delete('/api/file/:id', { schema: { tags: ['files'], params: IdParams } }, async (req, reply) => {
    await deleteFile(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.post(
    '/api/file/:id/download-link',
    { schema: { tags: ['files'], params: IdParams, response: { 200: z.object({ url: z.string() }) } } },
    (req) => createDownloadLink(deps, actorOf(req), req.params.id),
  );

  r.get(
    '/api/file/:id/download',
    { config: { public: true }, schema: { tags: ['files'], params: IdParams, querystring: DownloadQuery } },
    async (req, reply) => {
      const download = await openDownload(
        deps,
        req.params.id,
        req.query.token,
        {
          range: req.headers.range,
          ifRange: typeof req.headers['if-range'] === 'string' ? req.headers['if-range'] : undefined,
        },
        { original: req.query.original === '1', record: req.method === 'GET' },
      );
      const { file, size, range } = download;
      reply
        .header('Content-Disposition', attachmentDisposition(file.filename))
        .header('Content-Type', file.mime_type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'private, no-cache')
        .header('Accept-Ranges', 'bytes')
        .header('ETag', download.etag);
      if (download.unsatisfiable) {
        return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      }
      const body = await download.open();
      if (range) {
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(body);
      }
      return reply.status(200).header('Content-Length', size).send(body);
    },
  );
}
