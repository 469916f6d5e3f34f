import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/index.ts';

/** The installation's secrets, by name; each is 256 random bits made once and shared by every process. */
export type SecretName = 'qr-token-key';

/** Where a single-machine installation kept a secret before it moved into the database. */
const LEGACY_FILES: Record<SecretName, string> = { 'qr-token-key': 'qr-secret' };

const cache = new WeakMap<Db, Map<SecretName, Promise<Buffer>>>();

/**
 * A secret of the installation from the database, made on first use. Every process reads the same
 * one, so a QR code printed from one process' copy opens on any other.
 */
export function installationSecret(db: Db, name: SecretName): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = storeSecret(db, name, randomBytes(32));
    byName.set(name, secret);
    // A failed read (database away) is tried again next time, not remembered.
    secret.catch(() => byName.delete(name));
  }
  return secret;
}

/** Inserts `candidate` unless the secret exists; answers the one that won. */
async function storeSecret(db: Db, name: SecretName, candidate: Buffer): Promise<Buffer> {
  await db
    .insertInto('installation_secret')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('installation_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Secrets a single-machine installation kept under DATA_DIR move into the database on the first
 * start after the upgrade, so the QR codes already printed keep working. A file beside a
 * different secret in the database is left alone and reported (the database's wins).
 */
export async function adoptLegacySecrets(
  db: Db,
  dataDir: string,
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
): Promise<void> {
  for (const [name, file] of Object.entries(LEGACY_FILES) as [SecretName, string][]) {
    const legacyPath = path.join(dataDir, file);
    const legacy = await fsp.readFile(legacyPath).catch(() => undefined);
    if (!legacy || legacy.length < 16) continue;
    const stored = await storeSecret(db, name, legacy);
    if (stored.equals(legacy)) log.info({ secret: name, from: legacyPath }, 'installation secret kept in the database');
    else
      log.warn(
        { secret: name, file: legacyPath },
        'a secret file differs from the installation secret in the database and is not used',
      );
  }
}
