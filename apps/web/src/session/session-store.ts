import type { User } from '@plankurier/shared';
import { clearStoredSession, readStoredToken, readStoredUserData, writeStoredSession } from './session-storage';

/**
 * Why the last session ended, for the sign-in page: the user signed out, the token stopped working
 * (expired, password changed elsewhere), they were removed from the office, or they left it.
 */
export type SessionEndReason = 'user' | 'expired' | 'removed' | 'left';

export interface SessionEnd {
  reason: SessionEndReason;
  /** The office the session worked in, named in the sign-in page's notice. */
  company: string;
}

export interface SessionState {
  token: string | null;
  user: User | null;
  /** How the last session ended; null while signed in or before any session ended in this tab. */
  ended: SessionEnd | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
const signOutListeners = new Set<Listener>();
const officeChangeListeners = new Set<Listener>();

const storedToken = readStoredToken();
let state: SessionState = {
  token: storedToken,
  // Restored below once checked: until then signed-in pages wait as they do for GET /user.
  user: null,
  ended: null,
};
/** A request that will end the session on purpose (leaving the office) names its reason ahead. */
let expectedEnd: SessionEndReason | null = null;
/**
 * A password change is on its way: the server ends the old token (and its live socket) before its
 * answer with the new one arrives here, so the old token's end is no reason to sign out meanwhile.
 */
let tokenChanging = false;

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The signed-in session: token and profile, mirrored to localStorage so that a reload starts
 * signed in. The only place that writes them.
 */
export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called with every answer that carries a user and a fresh token (sign-in, sign-up, password change). */
  signIn(token: string, user: User): void {
    writeStoredSession(token, user);
    expectedEnd = null;
    tokenChanging = false;
    setState({ token, user, ended: null });
  },
  /**
   * Replaces the profile; ignored when nobody is signed in any more. A profile of another office
   * (switched, founded) makes every cached answer of the old one stale: the office listeners hear it.
   */
  setUser(user: User): void {
    if (!state.token) return;
    const officeChanged = state.user !== null && state.user.officeId !== user.officeId;
    writeStoredSession(state.token, user);
    setState({ ...state, user });
    if (officeChanged) for (const listener of officeChangeListeners) listener();
  },
  patchUser(patch: Partial<User>): void {
    if (!state.user) return;
    sessionStore.setUser({ ...state.user, ...patch });
  },
  /** While a password change runs (set before it, cleared by `signIn` with the new token or when it fails). */
  expectNewToken(changing: boolean): void {
    tokenChanging = changing;
  },
  isTokenChanging: (): boolean => tokenChanging,
  /** The next sign-out happens for this reason unless it names its own (cleared by `signIn`). */
  expectEnd(reason: SessionEndReason | null): void {
    expectedEnd = reason;
  },
  signOut({ byUser = false, reason }: { byUser?: boolean; reason?: SessionEndReason } = {}): void {
    if (!state.token && !state.user) return;
    const why: SessionEndReason = byUser ? 'user' : (expectedEnd ?? reason ?? 'expired');
    const company = state.user?.company ?? '';
    expectedEnd = null;
    clearStoredSession();
    setState({ token: null, user: null, ended: { reason: why, company } });
    for (const listener of signOutListeners) listener();
  },
  onSignOut(listener: Listener): () => void {
    signOutListeners.add(listener);
    return () => signOutListeners.delete(listener);
  },
  /** The session moved into another office: the data of the old one must go. */
  onOfficeChange(listener: Listener): () => void {
    officeChangeListeners.add(listener);
    return () => officeChangeListeners.delete(listener);
  },
};

/**
 * A reload starts with the profile saved at the last visit, checked against the contract by the
 * schema module, which loads on demand (zod is not part of the public pages' first JavaScript).
 */
function restoreStoredUser(): void {
  const data = storedToken ? readStoredUserData() : null;
  if (!data) return;
  void import('../api/user-schemas')
    .then(({ parseStoredUser }) => {
      const user = parseStoredUser(data);
      // Only into the session it was saved with, and not over a fresher profile.
      if (user && state.token === storedToken && state.user === null) setState({ ...state, user });
    })
    .catch(() => undefined);
}
restoreStoredUser();
