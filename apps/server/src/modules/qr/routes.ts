import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocQrSettingsSchema, IdParams, QrTokenParams } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { getDocQr, qrPublicPage, updateDocQr } from './service.ts';

export function qrRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['qr'];

  r.get('/api/doc/:id/qr', { schema: { tags, params: IdParams } }, (req) =>
    getDocQr(deps, actorOf(req), req.params.id),
  );

  r.put('/api/doc/:id/qr', { schema: { tags, params: IdParams, body: DocQrSettingsSchema } }, (req) =>
    updateDocQr(deps, actorOf(req), req.params.id, req.body),
  );

  // Public: what a person on site sees after scanning a printed plan. No login, nothing cached.
  r.get('/api/q/:token', { config: { public: true }, schema: { tags, params: QrTokenParams } }, async (req, reply) => {
    const page = await qrPublicPage(deps, req.params.token);
    return reply.header('Cache-Control', 'no-store').send(page);
  });
}
