import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, TemplateBody, TemplateUpdateBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './service.ts';

export function templateRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];

  r.get('/api/templates', { schema: { tags } }, (req) => listTemplates(deps, actorOf(req)));
  r.post('/api/template', { schema: { tags, body: TemplateBody } }, async (req, reply) =>
    reply.status(201).send(await createTemplate(deps, actorOf(req), req.body)),
  );
  r.put('/api/template/:id', { schema: { tags, params: IdParams, body: TemplateUpdateBody } }, (req) =>
    updateTemplate(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete('/api/template/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteTemplate(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
