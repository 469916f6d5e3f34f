import { createHmac, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps.ts';
import { sha256 } from '../auth/secrets.ts';
import { insertQrToken } from './queries.ts';

const secrets = new Map<string, Promise<Buffer>>();

/**
 * The key QR tokens (and delivery links, see deliveries/link-token.ts) are derived with: 256 random
 * bits in DATA_DIR/qr-secret, made on first use. It lives beside the files, not in the database, so
 * a database copy alone opens no link.
 */
export function qrSecret(dataDir: string): Promise<Buffer> {
  let secret = secrets.get(dataDir);
  if (!secret) {
    const file = path.join(dataDir, 'qr-secret');
    secret = (async () => {
      await fsp.mkdir(dataDir, { recursive: true });
      await fsp.writeFile(file, randomBytes(32), { flag: 'wx', mode: 0o600 }).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      });
      return fsp.readFile(file);
    })();
    secrets.set(dataDir, secret);
  }
  return secret;
}

/**
 * The public token of a version (256 bits, URL-safe). It is derived rather than random-and-forgotten
 * because a stamped copy is made again whenever the placement changes and must carry the same link
 * as the sheets already printed; the database keeps only its SHA-256 to look it up.
 */
export async function versionQrToken(deps: Pick<Deps, 'db' | 'config'>, versionId: string): Promise<string> {
  const token = createHmac('sha256', await qrSecret(deps.config.dataDir))
    .update(`qr-version:${versionId}`)
    .digest('base64url');
  await insertQrToken(deps.db, versionId, sha256(token));
  return token;
}

export const qrUrl = (publicUrl: string, token: string) => `${publicUrl}/q/${token}`;
