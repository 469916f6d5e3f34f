import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, RecipientFileParams, RecipientTicketParams, RecipientTokenParams } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../http/authenticate.ts';
import { attachmentDisposition } from '../files/http-file.ts';
import {
  checkDownloadTicket,
  createDownloadTicket,
  openTicketDownload,
  recipientPage,
  renewParticipantLinks,
  revokeRecipientLink,
} from './service.ts';

/** A file that never renders in our origin, and a link that never leaks through a Referer. */
const fileHeaders = (reply: FastifyReply, filename: string, mimeType: string) =>
  reply
    .header('Content-Disposition', attachmentDisposition(filename))
    .header('Content-Type', mimeType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store')
    .header('Referrer-Policy', 'no-referrer');

export function downloadRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['downloads'];
  const config = { public: true };

  r.get('/api/d/:token', { config, schema: { tags, params: RecipientTokenParams } }, async (req, reply) => {
    const page = await recipientPage(deps, req.params.token);
    return reply.header('Cache-Control', 'private, no-store').send(page);
  });

  r.post('/api/d/:token/files/:fileId/link', { config, schema: { tags, params: RecipientFileParams } }, (req) =>
    createDownloadTicket(deps, req.params.token, req.params.fileId),
  );

  r.post('/api/d/:token/zip/link', { config, schema: { tags, params: RecipientTokenParams } }, (req) =>
    createDownloadTicket(deps, req.params.token, null),
  );

  // A HEAD must not use the ticket up: it only says whether the ticket would work.
  r.head(
    '/api/d/:token/download/:ticket',
    { config, schema: { tags, params: RecipientTicketParams } },
    async (req, reply) => {
      await checkDownloadTicket(deps, req.params.token, req.params.ticket);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .status(200)
        .send();
    },
  );

  r.get(
    '/api/d/:token/download/:ticket',
    { config, exposeHeadRoute: false, schema: { tags, params: RecipientTicketParams } },
    async (req, reply) => {
      const download = await openTicketDownload(deps, req.params.token, req.params.ticket);
      if (download.kind === 'file') {
        const body = await download.open();
        return fileHeaders(reply, download.filename, download.mimeType)
          .header('Content-Length', download.size)
          .send(body);
      }
      return fileHeaders(reply, download.filename, 'application/zip').send(download.open());
    },
  );

  r.post(
    '/api/delivery/recipient/:id/revoke',
    { schema: { tags: ['deliveries'], params: IdParams } },
    async (req, reply) => {
      await revokeRecipientLink(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  // The office's link lifetime counts again from now for every working link of this participant.
  r.post('/api/participant/:id/links/renew', { schema: { tags: ['participants'], params: IdParams } }, (req) =>
    renewParticipantLinks(deps, actorOf(req), req.params.id),
  );
}
