import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { TOAST_DEFAULTS } from './toast-data';

const Notifications = lazy(() => import('./toast-container').then((module) => ({ default: module.Notifications })));

/**
 * Where toasts appear. The container (with its transitions and scroll handling) loads with the
 * first toast: most visits of the public pages never show one. The toast store itself is tiny.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications {...TOAST_DEFAULTS} />
    </Suspense>
  ) : null;
}
