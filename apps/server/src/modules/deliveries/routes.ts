import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeliveryBody, IdParams, PreviewBody, StopDeliveryBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import {
  deliverToParticipants,
  deliveryProgress,
  previewDelivery,
  runningDelivery,
  stopDeliveries,
} from './service.ts';

export function deliveryRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deliveries'];

  r.post('/api/delivery/participants', { schema: { tags, body: DeliveryBody } }, async (req, reply) =>
    reply.status(202).send(await deliverToParticipants(deps, actorOf(req), req.body)),
  );
  // A session catches up after its socket dropped: the delivery in the shape of its live events.
  r.get('/api/delivery/:id', { schema: { tags, params: IdParams } }, (req) =>
    deliveryProgress(deps, actorOf(req), req.params.id),
  );
  // A project screen opened or reloaded mid-delivery shows that delivery's progress again.
  r.get('/api/project/:id/running-delivery', { schema: { tags, params: IdParams } }, (req) =>
    runningDelivery(deps, actorOf(req), req.params.id),
  );
  r.post('/api/delivery/preview', { schema: { tags, body: PreviewBody } }, (req) =>
    previewDelivery(deps, actorOf(req), req.body),
  );
  r.post('/api/delivery/stop', { schema: { tags, body: StopDeliveryBody } }, (req) =>
    stopDeliveries(deps, actorOf(req), req.body.projectId),
  );
}
