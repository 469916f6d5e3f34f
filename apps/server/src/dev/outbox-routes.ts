import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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

/** Development mailbox: the outbox's .eml files as a list and each message's HTML. Off in production. */
export function outboxRoutes(app: FastifyInstance, outboxDir: string) {
  app.get('/dev/outbox', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
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

  app.get<{ Params: { name: string } }>(
    '/dev/outbox/:name',
    { config: { public: true }, schema: { hide: true } },
    async (req, reply) => {
      if (!EML.test(req.params.name))
        return reply.status(404).send({ msgCode: 'common.not_found', message: 'common.not_found' });
      const file = await fs.readFile(path.join(outboxDir, req.params.name)).catch(() => null);
      if (!file) return reply.status(404).send({ msgCode: 'common.not_found', message: 'common.not_found' });
      const parsed = await PostalMime.parse(file);
      return reply.type('text/html; charset=utf-8').send(parsed.html ?? `<pre>${escapeHtml(parsed.text ?? '')}</pre>`);
    },
  );
}
