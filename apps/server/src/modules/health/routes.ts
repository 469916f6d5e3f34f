import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { APP_VERSION } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';

/**
 * Up when the database answers. The mail relay is reported beside it but never makes the server
 * unhealthy: it still serves everything but mail, and a load balancer must not take it away.
 */
export function healthRoutes(app: FastifyInstance, deps: Pick<Deps, 'db' | 'mail'>) {
  app.get('/api/health', { config: { public: true }, schema: { tags: ['system'] } }, async (_req, reply) => {
    const mail = deps.mail.status();
    try {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok', version: APP_VERSION, database: 'up', mail };
    } catch {
      return reply.status(503).send({ status: 'degraded', version: APP_VERSION, database: 'down', mail });
    }
  });
}
