import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TimelineBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { listTimeline } from './service.ts';

export function timelineRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/timeline', { schema: { tags: ['timeline'], body: TimelineBody } }, (req) =>
    listTimeline(deps, actorOf(req), req.body),
  );
}
