import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { enforceLimit, type Limit } from '../modules/auth/rate-limit.ts';

/**
 * The public routes whose token is the only credential: recipient links (downloads, previews,
 * receipts), QR links, invitations, contact and mail-address confirmations. Guessing tokens or hammering one link
 * must cost the guesser, not the other offices.
 */
const PUBLIC_TOKEN_ROUTES = [
  '/api/d/',
  '/api/q/',
  '/api/invitation/',
  '/api/contact/validate',
  '/api/mail-address/confirm',
];

export const isPublicTokenRoute = (routeUrl: string) => PUBLIC_TOKEN_ROUTES.some((p) => routeUrl.startsWith(p));

/**
 * Counts every request to those routes per client address in the rate_limit table, so all server
 * processes share one count; past the limit they answer 429 common.rate_limited with Retry-After.
 */
export function registerPublicRateLimit(app: FastifyInstance, db: Db, limit: Limit) {
  app.addHook('onRequest', async (req) => {
    const routeUrl = req.routeOptions.url;
    if (routeUrl === undefined || !isPublicTokenRoute(routeUrl)) return;
    await enforceLimit(db, `public:ip:${req.ip}`, limit);
  });
}
