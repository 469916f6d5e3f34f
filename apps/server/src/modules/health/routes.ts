import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { APP_VERSION } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { diskReport } from './free-disk.ts';
import { writtenPlaces } from './written-places.ts';

/** A storage probe's answer is kept this long: load balancers ask every few seconds. */
const STORAGE_PROBE_MS = 5000;

/**
 * /api/health: up when the database answers; the mail relay and the free space of each disk the
 * server writes to are reported beside it but never make the server unhealthy (503): it still
 * serves everything but mail or new uploads. Too little free space on any of them says 'degraded'
 * with 200 and names the places on it (`disk.low`). /api/health/live: the
 * process runs (a supervisor restarts it when this fails). /api/health/ready: it can serve —
 * database and file storage answer and it is not stopping; a load balancer sends requests only
 * while this is 200.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'storage' | 'mail' | 'config'>,
  lifecycle: { draining: boolean },
) {
  const config = { public: true };
  const tags = ['system'];
  const databaseUp = () =>
    sql`select 1`.execute(deps.db).then(
      () => true,
      () => false,
    );
  let storageProbe: { at: number; up: Promise<boolean> } | undefined;
  const storageUp = () => {
    if (!storageProbe || Date.now() - storageProbe.at > STORAGE_PROBE_MS) {
      storageProbe = {
        at: Date.now(),
        up: deps.storage.check().then(
          () => true,
          () => false,
        ),
      };
    }
    return storageProbe.up;
  };

  app.get('/api/health', { config, schema: { tags } }, async (_req, reply) => {
    const mail = deps.mail.status();
    const [up, disk] = await Promise.all([
      databaseUp(),
      diskReport(writtenPlaces(deps.config), deps.config.minFreeDiskBytes),
    ]);
    if (up) return { status: disk.ok ? 'ok' : 'degraded', version: APP_VERSION, database: 'up', mail, disk };
    return reply.status(503).send({ status: 'degraded', version: APP_VERSION, database: 'down', mail, disk });
  });

  app.get('/api/health/live', { config, schema: { tags } }, async () => ({ status: 'ok', version: APP_VERSION }));

  app.get('/api/health/ready', { config, schema: { tags } }, async (_req, reply) => {
    const [database, storage] = await Promise.all([databaseUp(), storageUp()]);
    const ready = database && storage && !lifecycle.draining;
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : lifecycle.draining ? 'stopping' : 'unavailable',
      version: APP_VERSION,
      database: database ? 'up' : 'down',
      storage: storage ? 'up' : 'down',
    });
  });
}
