import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe: used for session tokens and mailed codes. */
export const randomSecret = () => randomBytes(32).toString('base64url');

/** Secrets are stored only as their SHA-256. */
export const sha256 = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** Verifying against this keeps the time of a sign-in with an unknown e-mail like a known one. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomSecret()));
