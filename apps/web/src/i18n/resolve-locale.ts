import { DEFAULT_LOCALE, LOCALES, type Locale } from '@plankurier/shared';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The signed-in user's language wins, then the visitor's last choice, then German. */
export function resolveLocale(userLocale: unknown, storedLocale: unknown): Locale {
  if (isLocale(userLocale)) return userLocale;
  if (isLocale(storedLocale)) return storedLocale;
  return DEFAULT_LOCALE;
}
