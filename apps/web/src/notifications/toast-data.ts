import type { NotificationData, NotificationsProps } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, describeError } from '@plankurier/shared';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { createElement } from 'react';
import { actingColleague, isApiError } from '../api/api-error';

/**
 * Where toasts appear and how long they stay: closing after 5000 ms (spec §8/§9), stacked in the
 * bottom right corner, at most two at a time (issue 37: at the top centre they covered the project's
 * title and stacked four high over the tabs; later ones wait their turn).
 */
export const TOAST_DEFAULTS = {
  position: 'bottom-right',
  limit: 2,
  autoClose: TOAST_AUTO_CLOSE_MS,
} as const satisfies Partial<NotificationsProps>;

type Translate = (key: string, values?: Record<string, string>) => string | undefined;

/**
 * The text of a failed call: the translated msgCode, else the HTTP status text, else 'no message'.
 * A 429 without a code reads as 'too many requests' in the user's language; a refusal because a
 * colleague acted in the meantime names them ('Inzwischen von Anna Berg geändert').
 */
export function failureText(err: unknown, translate: Translate): string {
  const colleague = actingColleague(err);
  const byColleague =
    colleague && isApiError(err) ? translate(`msgBy.${err.msgCode ?? ''}`, { name: colleague }) : undefined;
  if (byColleague) return byColleague;
  const source = isApiError(err)
    ? { msgCode: err.msgCode ?? (err.status === 429 ? 'common.rate_limited' : undefined), statusText: err.statusText }
    : {};
  return describeError(source, translate);
}

/** A red error toast. */
export const errorToast = (message: string): NotificationData => ({
  color: 'red',
  icon: createElement(IconX, { size: 18 }),
  message,
});

/** A blue toast for news that is neither success nor failure (taken off a project). */
export const infoToast = (message: string): NotificationData => ({
  color: 'blue',
  icon: createElement(IconInfoCircle, { size: 18 }),
  message,
});

/** The success mode: a green toast with a check mark. */
export const successToast = (message: string): NotificationData => ({
  color: 'green',
  icon: createElement(IconCheck, { size: 18 }),
  message,
});

/** A warning: it worked, but something needs a look (an encrypted PDF was uploaded). */
export const warningToast = (message: string): NotificationData => ({
  color: 'orange',
  icon: createElement(IconAlertTriangle, { size: 18 }),
  message,
});
