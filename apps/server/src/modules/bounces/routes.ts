import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BounceHookBody, errors, type BounceKind } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { parseBounce, verpToken, type ParsedBounce } from './classify.ts';
import { recordBounce } from './service.ts';
import { BOUNCE_MAX_BYTES } from './smtp-listener.ts';

const RAW_TYPES = ['message/rfc822', 'message/global', 'text/plain'];
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant time: both sides are hashed to equal length first. */
function hasSecret(req: FastifyRequest, secret: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  return timingSafeEqual(digest(given), digest(secret));
}

function fromJson(body: BounceHookBody): ParsedBounce {
  const kind: BounceKind | null = body.status.startsWith('5')
    ? 'permanent'
    : body.status.startsWith('4')
      ? 'transient'
      : null;
  const token = body.recipient ? verpToken(body.recipient) : null;
  return {
    reports: kind
      ? [{ kind, status: body.status, recipients: [], diagnostic: body.diagnostic?.slice(0, 1000) ?? null }]
      : [],
    tokens: token ? [token] : [],
    originalMessageId: body.messageId ?? null,
  };
}

/**
 * POST /api/hooks/bounce — a mail provider's bounce webhook, authorised by `Authorization: Bearer
 * <BOUNCE_WEBHOOK_SECRET>`. The body is the returned mail itself (message/rfc822 or text/plain) or
 * BounceHookBody. Without a configured secret the route does not exist (404).
 */
export function bounceRoutes(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer', bodyLimit: BOUNCE_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/hooks/bounce',
      { config: { public: true }, bodyLimit: BOUNCE_MAX_BYTES, schema: { tags: ['bounces'] } },
      async (req, reply) => {
        const secret = deps.config.bounceWebhookSecret;
        if (!secret) throw errors.notFound();
        if (!hasSecret(req, secret)) throw errors.unauthorized();
        let bounce: ParsedBounce;
        if (Buffer.isBuffer(req.body)) bounce = await parseBounce(req.body);
        else {
          const json = BounceHookBody.safeParse(req.body);
          if (!json.success) throw errors.validation();
          bounce = fromJson(json.data);
        }
        const outcome = await recordBounce(deps, bounce);
        return reply.status(202).send({ outcome });
      },
    );
  });
}
