import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, PrintBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { attachmentDisposition } from '../files/http-file.ts';
import { cancelPrint, createPrint, createPrintDownloadLink, getPrint, openPrintDownload } from './service.ts';

const DownloadQuery = z.object({ token: z.string().max(200).optional() });

export function printRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/print', { schema: { tags: ['prints'], body: PrintBody } }, async (req, reply) =>
    reply.status(201).send(await createPrint(deps, actorOf(req), req.body)),
  );

  r.get('/api/print/:id', { schema: { tags: ['prints'], params: IdParams } }, (req) =>
    getPrint(deps, actorOf(req), req.params.id),
  );

  r.delete('/api/print/:id', { schema: { tags: ['prints'], params: IdParams } }, async (req, reply) => {
    await cancelPrint(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.post(
    '/api/print/:id/download-link',
    { schema: { tags: ['prints'], params: IdParams, response: { 200: z.object({ url: z.string() }) } } },
    (req) => createPrintDownloadLink(deps, actorOf(req), req.params.id),
  );

  r.get(
    '/api/print/:id/download',
    { config: { public: true }, schema: { tags: ['prints'], params: IdParams, querystring: DownloadQuery } },
    async (req, reply) => {
      const download = await openPrintDownload(deps, req.params.id, req.query.token);
      const body = await download.open();
      return reply
        .header('Content-Disposition', attachmentDisposition(download.filename))
        .header('Content-Type', download.mimeType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Length', download.size)
        .send(body);
    },
  );
}
