import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReceiptBody, RecipientTokenParams } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { confirmReceipt } from './service.ts';

export function receiptRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public: the personal link is the recipient's credential, as for its downloads.
  r.post(
    '/api/d/:token/receipt',
    { config: { public: true }, schema: { tags: ['downloads'], params: RecipientTokenParams, body: ReceiptBody } },
    (req) => confirmReceipt(deps, req.params.token, req.body),
  );
}
