import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResetBody, SignInBody, SignUpBody, UserWithTokenSchema, ValidateBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { clientOf, sessionOf } from '../../http/authenticate.ts';
import {
  requestPasswordReset,
  resendWelcome,
  resetPassword,
  signIn,
  signOut,
  signUp,
  validateAccount,
} from './service.ts';

const PUBLIC = { public: true } as const;

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/user',
    { config: PUBLIC, schema: { tags: ['account'], body: SignUpBody, response: { 201: UserWithTokenSchema } } },
    async (req, reply) => reply.status(201).send(await signUp(deps, req.body, clientOf(req))),
  );

  r.post(
    '/api/signin',
    { config: PUBLIC, schema: { tags: ['account'], body: SignInBody, response: { 200: UserWithTokenSchema } } },
    (req) => signIn(deps, req.body, clientOf(req)),
  );

  r.post('/api/signout', { schema: { tags: ['account'] } }, async (req, reply) => {
    await signOut(deps, sessionOf(req));
    return reply.status(204).send();
  });

  r.post('/api/user/resend-welcome', { schema: { tags: ['account'] } }, async (req, reply) => {
    await resendWelcome(deps, sessionOf(req).userId);
    return reply.status(204).send();
  });

  r.post('/api/user/reset', { config: PUBLIC, schema: { tags: ['account'], body: ResetBody } }, async (req, reply) => {
    const body = req.body;
    if ('code' in body) await resetPassword(deps, body.code, body.password, req.ip);
    else await requestPasswordReset(deps, body.email, req.ip);
    return reply.status(204).send();
  });

  r.post(
    '/api/user/validate',
    {
      config: PUBLIC,
      schema: { tags: ['account'], body: ValidateBody, response: { 200: z.object({ validated: z.literal(true) }) } },
    },
    (req) => validateAccount(deps, req.body.validationCode),
  );
}
