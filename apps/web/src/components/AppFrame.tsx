import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { navLocation, showsNavBar } from '../features/navigation/nav-location';
import { loadAppTexts } from '../i18n';
import { useCurrentUser, useIsSignedIn } from '../session/use-session';
import { PageLoader } from './PageLoader';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

/** The signed-in frame and the signed-in screens' texts, loaded together before the first such page shows. */
export const loadSignedInFrame = () =>
  Promise.all([import('./SignedInFrame'), loadAppTexts()]).then(([module]) => module);

let firstPage: Promise<unknown> = Promise.resolve();
/**
 * A signed-in start's page (its chunk, loading): the frame first shows with it. Shown before it, the
 * frame would show the page's loader, and React holds back what replaces a loader until 300 ms after.
 */
export const showFrameWithPage = (page: Promise<unknown>) => {
  firstPage = page.catch(() => undefined); // a failed page shows its own error inside the frame
};
const SignedInFrame = lazy(() => Promise.all([loadSignedInFrame(), firstPage]).then(([module]) => module));

/**
 * The frame around every page: nav bar and validation banner for signed-in users (not on the
 * landing page), a slim public header and footer for visitors. The landing page brings its own.
 */
export function AppFrame() {
  const signedIn = useIsSignedIn();
  const officeId = useCurrentUser()?.officeId;
  const { pathname } = useLocation();
  const page = (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );

  if (showsNavBar(signedIn, pathname)) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SignedInFrame officeId={officeId}>{page}</SignedInFrame>
      </Suspense>
    );
  }

  if (navLocation(pathname) === 'landing') return page;

  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader />
      <Box component="main" px="md" py="lg" style={{ flex: 1 }}>
        {page}
      </Box>
      <PublicFooter />
    </Box>
  );
}
