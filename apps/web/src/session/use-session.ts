import type { User } from '@plankurier/shared';
import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from './session-store';

export const useSession = (): SessionState => useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);

export const useIsSignedIn = (): boolean => useSession().token !== null;

/** The signed-in user's profile; null while signed out or before the first profile arrived. */
export const useCurrentUser = (): User | null => useSession().user;
