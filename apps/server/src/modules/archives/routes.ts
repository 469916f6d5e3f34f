import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateArchiveBody, IdParams, ProjectDownloadQuery } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { attachmentDisposition } from '../files/http-file.ts';
import {
  createArchive,
  createArchiveDownloadLink,
  deleteArchive,
  listOwnProjectArchives,
  openArchiveDownload,
} from './service.ts';

export function archiveRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['archives'];

  r.post('/api/archive', { schema: { tags, body: CreateArchiveBody } }, async (req, reply) =>
    reply.status(202).send(await createArchive(deps, actorOf(req), req.body)),
  );

  r.get('/api/project/:id/archives', { schema: { tags, params: IdParams } }, (req) =>
    listOwnProjectArchives(deps, actorOf(req), req.params.id),
  );

  r.delete('/api/archive/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteArchive(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.post(
    '/api/archive/:id/download-link',
    { schema: { tags, params: IdParams, response: { 200: z.object({ url: z.string() }) } } },
    (req) => createArchiveDownloadLink(deps, actorOf(req), req.params.id),
  );

  // Spec §7 names the browser navigation /project/download/{id}; under /api it stays clear of the
  // web app's history fallback and of its service of static files.
  r.get(
    '/api/project/download/:id',
    { config: { public: true }, schema: { tags, params: IdParams, querystring: ProjectDownloadQuery } },
    async (req, reply) => {
      const download = await openArchiveDownload(deps, req.params.id, req.query);
      const body = await download.open();
      return reply
        .header('Content-Disposition', attachmentDisposition(download.filename))
        .header('Content-Type', 'application/zip')
        .header('Content-Length', download.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(body);
    },
  );
}
