import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeliveryBody, DeliveryHeaders, errors, IdParams, PreviewBody, StopDeliveryBody } from '@plankurier/shared';
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

  r.post(
    '/api/delivery/participants',
    { schema: { tags, body: DeliveryBody, headers: DeliveryHeaders } },
    async (req, reply) => {
      // The standard header and the body's key are one key: two different ones are a client's mistake.
      const headerKey = req.headers['idempotency-key'];
      if (headerKey !== undefined && req.body.requestKey !== undefined && headerKey !== req.body.requestKey)
        throw errors.validation();
      const body = { ...req.body, requestKey: headerKey ?? req.body.requestKey };
      return reply.status(202).send(await deliverToParticipants(deps, actorOf(req), body));
    },
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
