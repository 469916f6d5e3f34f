import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { APP_VERSION } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { diskReport } from './free-disk.ts';

/**
 * Up when the database answers. The mail relay and the free disk space are reported beside it but
 * never make the server unhealthy (503): it still serves everything but mail or new uploads, and a
 * load balancer must not take it away. Too little free space says 'degraded' with 200.
 */
export function healthRoutes(app: FastifyInstance, deps: Pick<Deps, 'db' | 'mail' | 'config'>) {
  app.get('/api/health', { config: { public: true }, schema: { tags: ['system'] } }, async (_req, reply) => {
    const mail = deps.mail.status();
    const disk = await diskReport(deps.config.dataDir, deps.config.minFreeDiskBytes);
    try {
      await sql`select 1`.execute(deps.db);
      return { status: disk.ok ? 'ok' : 'degraded', version: APP_VERSION, database: 'up', mail, disk };
    } catch {
      return reply.status(503).send({ status: 'degraded', version: APP_VERSION, database: 'down', mail, disk });
    }
  });
}
