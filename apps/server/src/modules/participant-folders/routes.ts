import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  ParticipantFolderBody,
  ParticipantFolderOrderBody,
  ParticipantFolderUpdateBody,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import {
  createParticipantFolder,
  deleteParticipantFolder,
  orderParticipantFolders,
  updateParticipantFolder,
} from './service.ts';

export function participantFolderRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['participants'];

  r.post('/api/participant-folder', { schema: { tags, body: ParticipantFolderBody } }, async (req, reply) =>
    reply.status(201).send(await createParticipantFolder(deps, actorOf(req), req.body)),
  );
  r.put(
    '/api/participant-folder/:id',
    { schema: { tags, params: IdParams, body: ParticipantFolderUpdateBody } },
    (req) => updateParticipantFolder(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete('/api/participant-folder/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteParticipantFolder(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
  r.put('/api/participant-folders/order', { schema: { tags, body: ParticipantFolderOrderBody } }, (req) =>
    orderParticipantFolders(deps, actorOf(req), req.body),
  );
}
