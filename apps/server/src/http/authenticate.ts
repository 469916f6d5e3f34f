import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '@plankurier/shared';
import type { Db } from '../db/index.ts';
import { bearerToken, findSessionUserId } from '../modules/auth/sessions.ts';

export interface SessionUser {
  id: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Routes are private by default; public ones say so. */
    public?: boolean;
  }
}

/** Every /api route needs a valid bearer token unless its config says `public: true`. */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req) => {
    // The OpenAPI pages (hidden from the schema) are public; API routes like PUT /api/docs/order are not.
    const isApiDocsPage =
      req.url.startsWith('/api/docs') && (req.routeOptions.schema as { hide?: boolean } | undefined)?.hide === true;
    const isPrivateApi = req.url.startsWith('/api/') && !isApiDocsPage;
    // Unmatched paths fall through to the 404 handler; public routes say so in their config.
    if (!isPrivateApi || req.routeOptions.url === undefined || req.routeOptions.config.public) return;
    const token = bearerToken(req.headers.authorization);
    const userId = token ? await findSessionUserId(db, token) : undefined;
    if (!token || !userId) throw errors.unauthorized();
    req.session = { id: userId, token };
  });
}

/** The signed-in user of a private route (the hook guarantees one). */
export function sessionOf(req: FastifyRequest): SessionUser {
  if (!req.session) throw errors.unauthorized();
  return req.session;
}
