import { createHmac } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { installationSecret } from '../installation/secrets.ts';

/**
 * The personal link token of a recipient row (256 bits, URL-safe): an HMAC of the row's id with the
 * installation's key (in the database, so every process derives the same one), so every attempt at
 * the row's mail — a retry, a repeat after a crash, on whichever process — carries the same link as
 * the first, and a duplicate never holds a dead one. The database keeps only the token's SHA-256;
 * links mailed before tokens were derived (random ones) are found by their hash alike.
 */
export async function recipientLinkToken(deps: Pick<Deps, 'db'>, recipientId: string): Promise<string> {
  return createHmac('sha256', await installationSecret(deps.db, 'delivery-link-key'))
    .update(`delivery-recipient:${recipientId}`)
    .digest('base64url');
}
