import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, PhaseBody, PhaseOrderBody, PhaseUpdateBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { createPhase, deletePhase, orderPhases, updatePhase } from './service.ts';

export function phaseRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['phases'];

  r.post('/api/phase', { schema: { tags, body: PhaseBody } }, async (req, reply) =>
    reply.status(201).send(await createPhase(deps, actorOf(req), req.body)),
  );

  r.put('/api/phase/:id', { schema: { tags, params: IdParams, body: PhaseUpdateBody } }, (req) =>
    updatePhase(deps, actorOf(req), req.params.id, req.body),
  );

  r.delete('/api/phase/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deletePhase(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.put('/api/phases/order', { schema: { tags, body: PhaseOrderBody } }, (req) =>
    orderPhases(deps, actorOf(req), req.body),
  );
}
