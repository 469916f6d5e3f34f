/** Where the user is, derived from the path (spec §2). */
export type NavLocation =
  | 'landing'
  | 'auth'
  | 'projects'
  | 'project'
  | 'contacts'
  | 'roadmap'
  | 'account'
  | 'recipient'
  | 'invitation'
  | 'other';

export function navLocation(pathname: string): NavLocation {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return 'landing';
  if (path === '/signin' || path === '/signup') return 'auth';
  if (path === '/projects') return 'projects';
  if (path.startsWith('/project/')) return 'project';
  if (path === '/contacts') return 'contacts';
  if (path === '/roadmap') return 'roadmap';
  if (path === '/profile' || path.startsWith('/profile/')) return 'account';
  if (path.startsWith('/d/')) return 'recipient';
  if (path.startsWith('/invitation/')) return 'invitation';
  return 'other';
}

/**
 * The nav bar shows only for signed-in users and never on the landing page. Sign-in and sign-up
 * pages are left at once after signing in; no nav bar flashes up there. A recipient's download
 * page is a calm public page, even for a signed-in office looking at it; so is an invitation,
 * which may be for another person than the one signed in on this browser.
 */
export function showsNavBar(signedIn: boolean, pathname: string): boolean {
  const location = navLocation(pathname);
  return signedIn && !['landing', 'auth', 'recipient', 'invitation'].includes(location);
}

/** The project id of a /project/:id path. */
export function projectIdOfPath(pathname: string): string | undefined {
  const match = /^\/project\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
