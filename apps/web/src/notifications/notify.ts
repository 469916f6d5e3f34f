import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { createElement } from 'react';
import { i18n } from '../i18n';
import { errorText } from './error-text';

/** A red toast with the translated msgCode, else the HTTP status text, else 'no message'. */
export function notifyError(err: unknown): void {
  notifications.show({ color: 'red', icon: createElement(IconX, { size: 18 }), message: errorText(err) });
}

/** A green toast with the text of a translation key. */
export function notifySuccess(key: string): void {
  notifications.show({ color: 'green', icon: createElement(IconCheck, { size: 18 }), message: i18n.t(key) });
}
