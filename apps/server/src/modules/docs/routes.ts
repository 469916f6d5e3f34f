import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocBody, DocOrderBody, DocUpdateBody, IdParams } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { createDoc, deleteDoc, docDeletionCheck, orderDocs, updateDoc } from './service.ts';

export function docRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['docs'];

  r.post('/api/doc', { schema: { tags, body: DocBody } }, async (req, reply) =>
    reply.status(201).send(await createDoc(deps, actorOf(req), req.body)),
  );

  r.put('/api/doc/:id', { schema: { tags, params: IdParams, body: DocUpdateBody } }, (req) =>
    updateDoc(deps, actorOf(req), req.params.id, req.body),
  );

  // Asked before a delete: a plan that went to recipients is withdrawn for them, not deleted.
  r.get('/api/doc/:id/deletion', { schema: { tags, params: IdParams } }, (req) =>
    docDeletionCheck(deps, actorOf(req), req.params.id),
  );

  r.delete('/api/doc/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteDoc(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.put('/api/docs/order', { schema: { tags, body: DocOrderBody } }, (req) => orderDocs(deps, actorOf(req), req.body));
}
