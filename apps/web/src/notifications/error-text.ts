import { describeError } from '@plankurier/shared';
import { isApiError } from '../api/api-error';
import { i18n } from '../i18n';

/** The text a user reads for a failed call (spec §8), in the current language. */
export function errorText(err: unknown): string {
  const source = isApiError(err)
    ? { msgCode: err.msgCode ?? (err.status === 429 ? 'common.rate_limited' : undefined), statusText: err.statusText }
    : {};
  return describeError(source, (key) => (i18n.exists(key) ? i18n.t(key) : undefined));
}
