import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  ProjectBody,
  ProjectChangesQuery,
  ProjectListQuery,
  ProjectLoadQuery,
  ProjectUpdateBody,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { changesSince } from './changes-since.ts';
import {
  createProject,
  deleteProject,
  listOfficeProjects,
  openProject,
  openProjectCompact,
  updateProject,
} from './service.ts';

export function projectRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];

  r.get('/api/projects', { schema: { tags, querystring: ProjectListQuery } }, (req) =>
    listOfficeProjects(deps, actorOf(req), req.query),
  );

  r.post('/api/project', { schema: { tags, body: ProjectBody } }, async (req, reply) =>
    reply.status(201).send(await createProject(deps, actorOf(req), req.body)),
  );

  r.get('/api/project/:id', { schema: { tags, params: IdParams, querystring: ProjectLoadQuery } }, (req) =>
    req.query.form === 'compact'
      ? openProjectCompact(deps, actorOf(req), req.params.id)
      : openProject(deps, actorOf(req), req.params.id),
  );

  r.get('/api/project/:id/changes', { schema: { tags, params: IdParams, querystring: ProjectChangesQuery } }, (req) =>
    changesSince(deps, actorOf(req), req.params.id, req.query.since),
  );

  r.put('/api/project/:id', { schema: { tags, params: IdParams, body: ProjectUpdateBody } }, (req) =>
    updateProject(deps, actorOf(req), req.params.id, req.body),
  );

  r.delete('/api/project/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteProject(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
