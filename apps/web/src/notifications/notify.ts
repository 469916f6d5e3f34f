import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { errorText } from './error-text';
import { errorToast, infoToast, successToast, warningToast } from './toast-data';

/** A red toast with the translated msgCode, else the HTTP status text, else 'no message'. */
export function notifyError(err: unknown): void {
  notifications.show(errorToast(errorText(err)));
}

/** A green toast with the text of a translation key (and the values that go into it). */
export function notifySuccess(key: string, values?: Record<string, unknown>): void {
  notifications.show(successToast(i18n.t(key, values)));
}

/** A blue toast with the text of a translation key: news about what others did. */
export function notifyInfo(key: string, values?: Record<string, unknown>): void {
  notifications.show(infoToast(i18n.t(key, values)));
}

/** An orange toast with the text of a translation key: done, but something needs a look. */
export function notifyWarning(key: string, values?: Record<string, unknown>): void {
  notifications.show(warningToast(i18n.t(key, values)));
}
