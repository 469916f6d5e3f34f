import type { User } from '@plankurier/shared';

const TOKEN_KEY = 'plankurier.token';
const USER_KEY = 'plankurier.user';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const readStoredToken = (): string | null => read(TOKEN_KEY) || null;

/**
 * The profile saved at the last visit, as stored: it is checked against the contract where it is
 * taken up (session-store, with the schema loaded on demand).
 */
export function readStoredUserData(): unknown {
  const raw = read(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The language of the profile saved at the last visit, if any (the first page's language). */
export function storedUserLocale(): string | null {
  const data = readStoredUserData();
  return data && typeof data === 'object' && 'locale' in data && typeof data.locale === 'string' ? data.locale : null;
}

export function writeStoredSession(token: string, user: User | null): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // Storage full or blocked: the session still works until the tab closes.
  }
}

export function clearStoredSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}
