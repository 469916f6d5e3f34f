import { matchPath } from 'react-router';
import { startEarlyGet } from '../api/client';
import { projectLoadPath } from '../api/project-load-path';
import { loadSignedInFrame, showFrameWithPage } from '../components/AppFrame';
import { showsNavBar } from '../features/navigation/nav-location';
import { PROJECT_PAGE_ROUTE, preloadPageAt } from '../router';
import { readStoredToken } from './session-storage';

/**
 * A visit that starts signed in (a second tab, a reload) fetches the signed-in frame, the signed-in
 * screens' texts, the opened page and, on a project's page, the project at once. Left to rendering,
 * each would wait for the one before it: the frame, then (inside it) the page, then the page's data.
 */
export function preloadSignedInStart(pathname: string): void {
  const token = readStoredToken();
  if (!token || !showsNavBar(true, pathname)) return;
  const projectId = matchPath(`/${PROJECT_PAGE_ROUTE}`, pathname)?.params.projectId;
  if (projectId) startEarlyGet(projectLoadPath(projectId), token);
  loadSignedInFrame().catch(() => undefined); // a failed load shows when the frame renders
  showFrameWithPage(preloadPageAt(pathname));
}
