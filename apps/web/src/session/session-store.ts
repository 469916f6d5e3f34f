import type { User } from '@plankurier/shared';
import { clearStoredSession, readStoredToken, readStoredUser, writeStoredSession } from './session-storage';

export interface SessionState {
  token: string | null;
  user: User | null;
  /** The last session ended by the user's own sign-out (not by an expired token). */
  endedByUser: boolean;
}

type Listener = () => void;

const listeners = new Set<Listener>();
const signOutListeners = new Set<Listener>();

const storedToken = readStoredToken();
let state: SessionState = { token: storedToken, user: storedToken ? readStoredUser() : null, endedByUser: false };

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
    setState({ token, user, endedByUser: false });
  },

  /** Replaces the profile; ignored when nobody is signed in any more. */
  setUser(user: User): void {
    if (!state.token) return;
    writeStoredSession(state.token, user);
    setState({ ...state, user });
  },

  patchUser(patch: Partial<User>): void {
    if (!state.user) return;
    sessionStore.setUser({ ...state.user, ...patch });
  },

  signOut({ byUser = false }: { byUser?: boolean } = {}): void {
    if (!state.token && !state.user) return;
    clearStoredSession();
    setState({ token: null, user: null, endedByUser: byUser });
    for (const listener of signOutListeners) listener();
  },

  onSignOut(listener: Listener): () => void {
    signOutListeners.add(listener);
    return () => signOutListeners.delete(listener);
  },
};
