import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TimelineBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { listTimeline } from './service.ts';

export function timelineRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/timeline', { schema: { tags: ['timeline'], body: TimelineBody } }, (req) =>
    listTimeline(deps, sessionOf(req).id, req.body),
  );
}
