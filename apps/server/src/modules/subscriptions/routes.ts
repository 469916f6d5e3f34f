import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  StandingSubscriptionsBody,
  SubIdsBody,
  SubscriptionBody,
  SubscriptionsBody,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { setSubscription, setSubscriptions, subscriptionIds } from './service.ts';
import { deleteStandingSubscription, setStandingSubscriptions } from './standing.ts';

export function subscriptionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];

  r.put('/api/subscription', { schema: { tags, body: SubscriptionBody } }, (req) =>
    setSubscription(deps, actorOf(req), req.body),
  );
  // 50,000 items are about 7 MB of JSON.
  r.put('/api/subscriptions', { bodyLimit: 10 * 1024 * 1024, schema: { tags, body: SubscriptionsBody } }, (req) =>
    setSubscriptions(deps, actorOf(req), req.body.items),
  );
  // A read, posted for its size: every subscription of a large project named by participant and doc.
  r.post(
    '/api/project/:id/sub-ids',
    { bodyLimit: 10 * 1024 * 1024, schema: { tags, params: IdParams, body: SubIdsBody } },
    (req) => subscriptionIds(deps, actorOf(req), req.params.id, req.body),
  );
  // 'alle Pläne dieses Ordners' (or of a phase), also for plans that come into it later.
  r.put('/api/standing-subscriptions', { schema: { tags, body: StandingSubscriptionsBody } }, (req) =>
    setStandingSubscriptions(deps, actorOf(req), req.body.items),
  );
  r.delete('/api/standing-subscription/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await deleteStandingSubscription(deps, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
