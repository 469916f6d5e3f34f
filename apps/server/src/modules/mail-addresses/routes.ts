import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfirmedMailAddressSchema,
  ConfirmMailAddressBody,
  RequestMailAddressConfirmationBody,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { confirmMailAddress, resendMailAddressConfirmation } from './service.ts';

export function mailAddressRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/user/mail-address-confirmation',
    { schema: { tags: ['account'], body: RequestMailAddressConfirmationBody } },
    async (req, reply) => {
      const session = sessionOf(req);
      await resendMailAddressConfirmation(deps, { userId: session.userId, officeId: session.officeId }, req.body);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/mail-address/confirm',
    {
      config: { public: true },
      schema: { tags: ['account'], body: ConfirmMailAddressBody, response: { 200: ConfirmedMailAddressSchema } },
    },
    (req) => confirmMailAddress(deps, req.body.code),
  );
}
