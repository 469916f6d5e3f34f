import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  ParticipantBody,
  ParticipantOrderBody,
  ParticipantUpdateBody,
  ProjectContactsBody,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { addParticipant, orderParticipants, pickContacts, removeParticipant, updateParticipant } from './service.ts';

export function participantRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['participants'];

  r.post('/api/participant', { schema: { tags, body: ParticipantBody } }, async (req, reply) =>
    reply.status(201).send(await addParticipant(deps, actorOf(req), req.body)),
  );
  r.put('/api/participant/:id', { schema: { tags, params: IdParams, body: ParticipantUpdateBody } }, (req) =>
    updateParticipant(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete('/api/participant/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await removeParticipant(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
  r.put('/api/participants/order', { schema: { tags, body: ParticipantOrderBody } }, (req) =>
    orderParticipants(deps, actorOf(req), req.body),
  );
  r.post('/api/project/contacts/:id', { schema: { tags, params: IdParams, body: ProjectContactsBody } }, (req) =>
    pickContacts(deps, actorOf(req), req.params.id, req.body),
  );
}
