import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { APP_VERSION } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';

export function healthRoutes(app: FastifyInstance, deps: Pick<Deps, 'db'>) {
  app.get('/api/health', { config: { public: true }, schema: { tags: ['system'] } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok', version: APP_VERSION, database: 'up' };
    } catch {
      return reply.status(503).send({ status: 'degraded', version: APP_VERSION, database: 'down' });
    }
  });
}
