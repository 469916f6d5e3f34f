import { i18n } from '../i18n';
import { failureText } from './toast-data';

/** The text a user reads for a failed call (spec §8), in the current language. */
export function errorText(err: unknown): string {
  return failureText(err, (key, values) => (i18n.exists(key) ? i18n.t(key, values) : undefined));
}
