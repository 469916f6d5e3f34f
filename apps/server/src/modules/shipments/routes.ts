import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, ShipmentBody, ShipmentUpdateBody, ShippingNeedsSchema } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import {
  createShipment,
  deleteShipment,
  getParticipantShipments,
  setShippingNeeds,
  updateShipment,
} from './service.ts';

export function shipmentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shipments'];

  r.get('/api/participant/:id/shipments', { schema: { tags, params: IdParams } }, (req) =>
    getParticipantShipments(deps, actorOf(req), req.params.id),
  );
  r.put(
    '/api/participant/:id/shipping-needs',
    { schema: { tags, params: IdParams, body: ShippingNeedsSchema } },
    (req) => setShippingNeeds(deps, actorOf(req), req.params.id, req.body),
  );
  r.post('/api/shipment', { schema: { tags, body: ShipmentBody } }, async (req, reply) =>
    reply.status(201).send(await createShipment(deps, actorOf(req), req.body)),
  );
  r.put('/api/shipment/:id', { schema: { tags, params: IdParams, body: ShipmentUpdateBody } }, (req) =>
    updateShipment(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete('/api/shipment/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteShipment(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
