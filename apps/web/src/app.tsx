import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { useUserRefresh } from './api/use-user-queries';
import { useLocaleFollowsUser } from './i18n/use-locale-follows-user';
import { router } from './router';
import { clearCacheOnSignOut } from './session/clear-on-sign-out';
import { useLiveUpdates } from './session/use-live-updates';
import { TOAST_DEFAULTS } from './notifications/toast-data';
import { cssVariablesResolver, theme } from './theme';

/** Keeps the session fresh: profile refresh, live updates, language, and a clean cache after sign-out. */
function SessionEffects() {
  useUserRefresh();
  useLiveUpdates();
  useLocaleFollowsUser();
  useEffect(() => clearCacheOnSignOut(queryClient), []);
  return null;
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications {...TOAST_DEFAULTS} />
          <SessionEffects />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
