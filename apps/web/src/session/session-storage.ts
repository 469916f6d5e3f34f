import { UserSchema, type User } from '@plankurier/shared';

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

/** The profile saved at the last visit; discarded when it no longer fits the contract. */
export function readStoredUser(): User | null {
  const raw = read(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = UserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
