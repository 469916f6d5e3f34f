import { createHmac } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { qrSecret } from '../qr/qr-token.ts';

/**
 * The personal link token of a recipient row (256 bits, URL-safe): an HMAC of the row's id with the
 * installation's key, so every attempt at the row's mail — a retry, a repeat after a crash — carries
 * the same link as the first, and a duplicate never holds a dead one. The database keeps only its
 * SHA-256; links mailed before tokens were derived (random ones) are found by their hash alike. The
 * input is prefixed, so the key's QR tokens and these never coincide.
 */
export async function recipientLinkToken(deps: Pick<Deps, 'config'>, recipientId: string): Promise<string> {
  return createHmac('sha256', await qrSecret(deps.config.dataDir))
    .update(`delivery-recipient:${recipientId}`)
    .digest('base64url');
}
