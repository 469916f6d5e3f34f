import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AutoRenewBody,
  BillingDtoSchema,
  BuyBody,
  BuyResultSchema,
  IdParams,
  QuoteQuery,
  UpgradeQuoteSchema,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { attachmentDisposition } from '../files/http-file.ts';
import { withInvoicePdf } from './invoice-file.ts';
import {
  buyPlan,
  createInvoiceDownloadLink,
  findInvoiceForDownload,
  getBilling,
  quoteFor,
  setAutoRenew,
  settleAccount,
} from './service.ts';

const DownloadQuery = z.object({ token: z.string().max(200).optional() });

/** Calls that start a session in the web: a period that ended meanwhile is settled before they answer. */
const SETTLE_ON = new Set(['/api/user', '/api/projects']);

export function billingRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('preHandler', async (req) => {
    if (req.method === 'GET' && req.session?.officeId && SETTLE_ON.has(req.routeOptions.url ?? '')) {
      await settleAccount(deps, req.session.officeId);
    }
  });

  r.get('/api/billing', { schema: { tags: ['billing'], response: { 200: BillingDtoSchema } } }, (req) =>
    getBilling(deps, actorOf(req)),
  );

  r.get(
    '/api/billing/quote',
    { schema: { tags: ['billing'], querystring: QuoteQuery, response: { 200: UpgradeQuoteSchema } } },
    (req) => quoteFor(deps, actorOf(req), req.query.planCode),
  );

  r.post(
    '/api/billing/buy',
    { schema: { tags: ['billing'], body: BuyBody, response: { 201: BuyResultSchema } } },
    async (req, reply) => reply.status(201).send(await buyPlan(deps, actorOf(req), req.body)),
  );

  r.put(
    '/api/billing/auto-renew',
    { schema: { tags: ['billing'], body: AutoRenewBody, response: { 200: BillingDtoSchema } } },
    (req) => setAutoRenew(deps, actorOf(req), req.body.autoRenewBuy),
  );

  r.post(
    '/api/invoice/:id/download-link',
    { schema: { tags: ['billing'], params: IdParams, response: { 200: z.object({ url: z.string() }) } } },
    (req) => createInvoiceDownloadLink(deps, actorOf(req), req.params.id),
  );

  r.get(
    '/api/invoice/:id/download',
    { config: { public: true }, schema: { tags: ['billing'], params: IdParams, querystring: DownloadQuery } },
    async (req, reply) => {
      const invoice = await findInvoiceForDownload(deps, req.params.id, req.query.token);
      // Rendered from the invoice's stored snapshot and streamed; the file goes once the stream closed.
      const { file, size } = await withInvoicePdf(
        invoice,
        async (rendered) => ({ file: rendered, size: (await fsp.stat(rendered)).size }),
        { keep: true },
      );
      const stream = fs.createReadStream(file);
      stream.on('close', () => void fsp.rm(file, { force: true }));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachmentDisposition(`${invoice.number}.pdf`))
        .header('Content-Length', size)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
}
