import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { useUserRefresh } from './api/use-user-queries';
import { useLocaleFollowsUser } from './i18n/use-locale-follows-user';
import { router } from './router';
import { clearCacheOnSignOut } from './session/clear-on-sign-out';
import { useSession } from './session/use-session';
import { ToastHost } from './notifications/ToastHost';
import { cssVariablesResolver, localizedTheme } from './theme';

const LiveUpdates = lazy(() => import('./session/LiveUpdates'));

/** Keeps the session fresh: profile refresh, live updates, language, and a clean cache after sign-out. */
function SessionEffects() {
  const { token } = useSession();
  useUserRefresh();
  useLocaleFollowsUser();
  useEffect(() => clearCacheOnSignOut(queryClient), []);
  return token ? (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
  ) : null;
}

export function App() {
  const { t } = useTranslation();
  // The × of dialogs and drawers is named apart from their own 'Schließen' buttons.
  const theme = useMemo(() => localizedTheme(t('common.closeDialog')), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <SessionEffects />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
