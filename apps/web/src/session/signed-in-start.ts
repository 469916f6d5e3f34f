import { loadSignedInFrame } from '../components/AppFrame';
import { showsNavBar } from '../features/navigation/nav-location';
import { preloadPageAt } from '../router';
import { readStoredToken } from './session-storage';

/**
 * A visit that starts signed in (a second tab, a reload) fetches the signed-in frame, the signed-in
 * screens' texts and the opened page at once. Left to rendering, each would wait for the one
 * before it: the frame, then (inside it) the page, then the page's data.
 */
export function preloadSignedInStart(pathname: string): void {
  if (!readStoredToken() || !showsNavBar(true, pathname)) return;
  loadSignedInFrame().catch(() => undefined); // a failed load shows when the frame renders
  preloadPageAt(pathname);
}
