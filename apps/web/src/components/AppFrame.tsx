import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavBar } from '../features/navigation/NavBar';
import { navLocation, showsNavBar } from '../features/navigation/nav-location';
import { ValidationBanner } from '../features/navigation/ValidationBanner';
import { useCurrentUser, useIsSignedIn } from '../session/use-session';
import { PageLoader } from './PageLoader';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

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
      <Box mih="100vh" bg="gray.0">
        <NavBar />
        <ValidationBanner />
        {/* A page belongs to the office it was opened in: switching offices mounts it afresh. */}
        <Box
          component="main"
          px={{ base: 'md', sm: 'lg', lg: 'xl' }}
          py={{ base: 'md', lg: 'lg' }}
          key={officeId ?? 'none'}
        >
          {page}
        </Box>
      </Box>
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
