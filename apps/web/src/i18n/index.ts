import type { Locale } from '@plankurier/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storedUserLocale } from '../session/session-storage';
import { isLocale, resolveLocale } from './resolve-locale';
import publicTextsDe from './de.json?texts=public';
import type { TextPart } from './text-parts';

const LOCALE_STORAGE_KEY = 'plankurier.locale';
/** Set once a visitor picked a language with the switch: a page's own language no longer overrides it. */
const LOCALE_CHOSEN_KEY = 'plankurier.locale.chosen';

const readStoredLocale = (): string | null => {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
};

/**
 * The texts come in parts: the public pages' German texts ship with the app (German is the default
 * and the fallback); English and the signed-in screens' texts load when they are needed.
 */
const loadTexts: Record<`${Locale}-${TextPart}`, () => Promise<Record<string, unknown>>> = {
  'de-public': () => Promise.resolve(publicTextsDe),
  'de-app': () => import('./de.json?texts=app').then((module) => module.default),
  'en-public': () => import('./en.json?texts=public').then((module) => module.default),
  'en-app': () => import('./en.json?texts=app').then((module) => module.default),
};
const loaded = new Map<string, Promise<void>>();
let appTextsWanted = false;

/** Adds one part of a language's texts once; resolves when they are there. */
function ensureTexts(locale: Locale, part: TextPart): Promise<void> {
  const key = `${locale}-${part}` as const;
  let done = loaded.get(key);
  if (!done) {
    done = loadTexts[key]().then((texts) => {
      i18n.addResourceBundle(locale, 'translation', texts, true, true);
    });
    // A part that failed to load is tried again the next time it is needed.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/** Every part a language needs right now: the public texts, and the app's once a signed-in screen showed. */
const ensureLanguage = (locale: Locale) =>
  Promise.all([
    ensureTexts(locale, 'public'),
    ...(appTextsWanted ? [ensureTexts(locale, 'app'), ensureTexts('de', 'app')] : []),
  ]);

const initialLocale = resolveLocale(storedUserLocale(), readStoredLocale());

void i18n.use(initReactI18next).init({
  resources: { de: { translation: publicTextsDe } },
  // The other parts are added with addResourceBundle; i18next must not expect them up front.
  partialBundledLanguages: true,
  lng: 'de',
  fallbackLng: 'de',
  supportedLngs: ['de', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
loaded.set('de-public', Promise.resolve());

const settle = (work: Promise<unknown>): Promise<void> =>
  work.then(
    () => undefined,
    () => undefined,
  );

/** Resolves once the texts of the first language are in place: the app renders after it. */
export const i18nReady: Promise<void> = settle(
  ensureLanguage(initialLocale).then(() => i18n.changeLanguage(initialLocale)),
);

/** The signed-in screens' texts (in the current language and German, the fallback): the signed-in frame waits for them. */
export function loadAppTexts(): Promise<void> {
  appTextsWanted = true;
  return settle(ensureLanguage(currentLocale()));
}

/**
 * For a public page that speaks a language of its own rather than the interface's (the QR check
 * speaks the visitor's browser language): resolves once that language's public texts are there.
 * The same promise on every call, so a page can wait on it with React's `use`.
 */
export const publicTextsOf = (locale: Locale): Promise<void> => ensureTexts(locale, 'public');

/** Both languages' texts, every part (unit tests that read texts through i18n). */
export async function loadAllTexts(): Promise<void> {
  await Promise.all(
    (['de', 'en'] as const).flatMap((locale) => [ensureTexts(locale, 'public'), ensureTexts(locale, 'app')]),
  );
}

// Unit tests import modules that use i18n without a DOM.
if (typeof document !== 'undefined') document.documentElement.lang = initialLocale;

/** Switches the interface language (as soon as its texts are loaded) and remembers it for the next visit. */
export function setUiLocale(locale: Locale): void {
  void switchUiLocale(locale);
}

/** As setUiLocale; resolves once the texts of the language are in place (a toast after it speaks it). */
export function switchUiLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = locale;
  if (i18n.language === locale) return Promise.resolve();
  return settle(ensureLanguage(locale).then(() => i18n.changeLanguage(locale)));
}

/** Shows the interface in this language for the page without remembering it (a recipient page's contact language). */
export function showUiLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (i18n.language === locale) return;
  void settle(ensureLanguage(locale).then(() => i18n.changeLanguage(locale)));
}

/** The visitor's own pick (the DE/EN switch): remembered, and it wins over a page's language from then on. */
export function chooseUiLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_CHOSEN_KEY, '1');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  setUiLocale(locale);
}

export function hasChosenUiLocale(): boolean {
  try {
    return localStorage.getItem(LOCALE_CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** The current interface language as one of the product's locales. */
export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : 'de');

export { i18n };
