import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, SessionsResponseSchema } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { endOtherSessions, endSession, listSessions } from './service.ts';

/** The person's own sessions ('Angemeldete Geräte'): list them, sign one out, or all but this one. */
export function sessionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.get('/api/sessions', { schema: { tags, response: { 200: SessionsResponseSchema } } }, (req) =>
    listSessions(deps, sessionOf(req)),
  );
  r.delete('/api/sessions/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await endSession(deps, sessionOf(req), req.params.id);
    return reply.status(204).send();
  });
  r.post('/api/sessions/sign-out-others', { schema: { tags, response: { 200: SessionsResponseSchema } } }, (req) =>
    endOtherSessions(deps, sessionOf(req)),
  );
}
