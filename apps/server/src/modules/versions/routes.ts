import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, ReleaseManyBody, VersionBody, VersionUpdateBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { deleteVersion, prepareVersion, releaseVersions, updateVersion } from './service.ts';

export function versionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['versions'];

  r.post('/api/version', { schema: { tags, body: VersionBody } }, async (req, reply) =>
    reply.status(201).send(await prepareVersion(deps, actorOf(req), req.body)),
  );

  r.put('/api/version/:id', { schema: { tags, params: IdParams, body: VersionUpdateBody } }, (req) =>
    updateVersion(deps, actorOf(req), req.params.id, req.body),
  );

  r.delete('/api/version/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteVersion(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.post('/api/version/:id/release', { schema: { tags, params: IdParams } }, (req) =>
    releaseVersions(deps, actorOf(req), [req.params.id]),
  );

  r.post('/api/versions/release', { schema: { tags, body: ReleaseManyBody } }, (req) =>
    releaseVersions(deps, actorOf(req), req.body.versionIds),
  );
}
