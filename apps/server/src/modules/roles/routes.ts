import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, RoleBody, RoleUpdateBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { createRole, deleteRole, listRoles, updateRole } from './service.ts';

export function roleRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

  r.get('/api/roles', { schema: { tags } }, (req) => listRoles(deps, actorOf(req)));
  r.post('/api/role', { schema: { tags, body: RoleBody } }, async (req, reply) =>
    reply.status(201).send(await createRole(deps, actorOf(req), req.body.name)),
  );
  r.put('/api/role/:id', { schema: { tags, params: IdParams, body: RoleUpdateBody } }, (req) =>
    updateRole(deps, actorOf(req), req.params.id, req.body.name, req.body.rev),
  );
  r.delete('/api/role/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteRole(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
