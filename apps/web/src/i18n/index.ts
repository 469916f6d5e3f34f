import type { Locale } from '@plankurier/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStoredUser } from '../session/session-storage';
import de from './de.json';
import en from './en.json';
import { isLocale, resolveLocale } from './resolve-locale';

const LOCALE_STORAGE_KEY = 'plankurier.locale';

const readStoredLocale = (): string | null => {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
};

const initialLocale = resolveLocale(readStoredUser()?.locale, readStoredLocale());

void i18n.use(initReactI18next).init({
  resources: { de: { translation: de }, en: { translation: en } },
  lng: initialLocale,
  fallbackLng: 'de',
  supportedLngs: ['de', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

// Unit tests import modules that use i18n without a DOM.
if (typeof document !== 'undefined') document.documentElement.lang = initialLocale;

/** Switches the interface language at once and remembers it for the next visit. */
export function setUiLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = locale;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

/** The current interface language as one of the product's locales. */
export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : 'de');

export { i18n };
