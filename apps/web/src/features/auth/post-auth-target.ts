import { PATHS } from '@plankurier/shared';

/** What the sign-in redirect remembers about the page the user wanted. */
export interface AuthRedirectState {
  from: string;
}

const PUBLIC_ENTRY_PATHS: readonly string[] = [PATHS.landing, PATHS.signin, PATHS.signup];

/**
 * Where to go after sign-in or sign-up: the page the user wanted before being sent to sign in,
 * when it is a path of this app, else the project list.
 */
export function postAuthTarget(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return PATHS.projects;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (PUBLIC_ENTRY_PATHS.includes(pathname)) return PATHS.projects;
  return from;
}

export const authRedirectState = (pathname: string, search: string): AuthRedirectState => ({
  from: `${pathname}${search}`,
});
