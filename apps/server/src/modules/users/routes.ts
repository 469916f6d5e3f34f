import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UpdateUserBody, UserSchema, UserWithTokenSchema } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { clientOf, sessionOf } from '../../http/authenticate.ts';
import { getUser, updateUser } from './service.ts';

export function userRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/user', { schema: { tags: ['account'], response: { 200: UserSchema } } }, (req) =>
    getUser(deps, sessionOf(req)),
  );

  r.put(
    '/api/user',
    { schema: { tags: ['account'], body: UpdateUserBody, response: { 200: UserWithTokenSchema.or(UserSchema) } } },
    (req) => updateUser(deps, sessionOf(req), req.body, clientOf(req)),
  );
}
