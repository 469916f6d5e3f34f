import { createHmac } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { sha256 } from '../auth/secrets.ts';
import { installationSecret } from '../installation/secrets.ts';
import { insertQrToken } from './queries.ts';

/**
 * The public token of a version (256 bits, URL-safe). It is derived rather than random-and-forgotten
 * because a stamped copy is made again whenever the placement changes and must carry the same link
 * as the sheets already printed; the database keeps only its SHA-256 to look it up.
 */
export async function versionQrToken(deps: Pick<Deps, 'db'>, versionId: string): Promise<string> {
  // The key is the installation's (database), so every process derives the same link.
  const token = createHmac('sha256', await installationSecret(deps.db, 'qr-token-key'))
    .update(`qr-version:${versionId}`)
    .digest('base64url');
  await insertQrToken(deps.db, versionId, sha256(token));
  return token;
}

export const qrUrl = (publicUrl: string, token: string) => `${publicUrl}/q/${token}`;
