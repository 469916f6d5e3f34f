import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import PostalMime from 'postal-mime';
import { escapeHtml } from '../mail/html.ts';

const EML = /^[A-Za-z0-9-]+\.eml$/;

async function listMails(dir: string) {
  const names = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((n) => EML.test(n))
    .sort()
    .reverse();
  return Promise.all(
    names.slice(0, 200).map(async (name) => {
      const parsed = await PostalMime.parse(await fs.readFile(path.join(dir, name)));
      return {
        name,
        subject: parsed.subject ?? '',
        to: parsed.to?.map((a) => a.address).join(', ') ?? '',
        date: parsed.date ?? '',
      };
    }),
  );
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4'); // also matches IPv4-mapped ::ffff:127.x.y.z
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a socket's peer is this machine. */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && net.isIP(address) !== 0 && LOOPBACK.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');

/**
 * The mailbox shows every mail's links, password resets included: only a browser on this machine
 * may read it, whatever HOST the server listens on. The socket's peer decides, never a header
 * (trustProxy is off, so a forwarded-for header cannot pretend to be local).
 */
async function loopbackOnly(req: FastifyRequest, reply: FastifyReply) {
  const peer = req.raw.socket.remoteAddress;
  if (isLoopbackAddress(peer)) return;
  req.log.warn({ peer }, 'the development mailbox answers only requests from this machine');
  return reply.status(403).send({ msgCode: 'common.forbidden', message: 'common.forbidden' });
}

/**
 * Development mailbox: the outbox's .eml files as a list and each message's HTML. Not registered
 * in production, and answering loopback requests only.
 */
export function outboxRoutes(app: FastifyInstance, outboxDir: string) {
  const options = { config: { public: true }, schema: { hide: true }, onRequest: loopbackOnly };
  app.get('/dev/outbox', options, async (_req, reply) => {
    const mails = await listMails(outboxDir);
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/outbox/${m.name}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Plankurier – Postausgang</title></head><body style="font-family:system-ui,sans-serif;padding:24px"><h1>Postausgang (Entwicklung)</h1><table cellpadding="6"><thead><tr><th align="left">Datum</th><th align="left">An</th><th align="left">Betreff</th></tr></thead><tbody>${rows || '<tr><td colspan="3">Keine Nachrichten</td></tr>'}</tbody></table></body></html>`,
      );
  });

  app.get<{ Params: { name: string } }>('/dev/outbox/:name', options, async (req, reply) => {
    if (!EML.test(req.params.name))
      return reply.status(404).send({ msgCode: 'common.not_found', message: 'common.not_found' });
    const file = await fs.readFile(path.join(outboxDir, req.params.name)).catch(() => null);
    if (!file) return reply.status(404).send({ msgCode: 'common.not_found', message: 'common.not_found' });
    const parsed = await PostalMime.parse(file);
    return reply.type('text/html; charset=utf-8').send(parsed.html ?? `<pre>${escapeHtml(parsed.text ?? '')}</pre>`);
  });
}
