import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '@plankurier/shared';
import type { Db } from '../db/index.ts';
import { bearerToken, findSession, type SessionPolicy, type SessionRow } from '../modules/auth/sessions.ts';
import type { Actor } from '../modules/offices/access.ts';

export interface Session extends SessionRow {
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** Routes are private by default; public ones say so. */
    public?: boolean;
  }
}

/** Every /api route needs a valid bearer token unless its config says `public: true`. */
export function registerAuthentication(app: FastifyInstance, db: Db, policy: SessionPolicy) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req) => {
    // The OpenAPI pages (hidden from the schema) are public; API routes like PUT /api/docs/order are not.
    const isApiDocsPage =
      req.url.startsWith('/api/docs') && (req.routeOptions.schema as { hide?: boolean } | undefined)?.hide === true;
    const isPrivateApi = req.url.startsWith('/api/') && !isApiDocsPage;
    // Unmatched paths fall through to the 404 handler; public routes say so in their config.
    if (!isPrivateApi || req.routeOptions.url === undefined || req.routeOptions.config.public) return;
    const token = bearerToken(req.headers.authorization);
    const session = token ? await findSession(db, token, policy) : undefined;
    if (!token || !session) throw errors.unauthorized();
    req.session = { ...session, token };
  });
}

/** The signed-in session of a private route (the hook guarantees one). */
export function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw errors.unauthorized();
  return req.session;
}

/** The person and the office they work in; a person without an office may only manage themselves. */
export function actorOf(req: FastifyRequest): Actor {
  const { userId, officeId, role } = sessionOf(req);
  if (!officeId || !role) throw errors.noOffice();
  return { userId, officeId, role };
}

/** Where the request came from: its address and browser (kept with a new session). */
export const clientOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
