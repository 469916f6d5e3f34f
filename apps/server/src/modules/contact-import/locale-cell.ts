import type { Locale } from '@plankurier/shared';

/** Words and codes an export writes for German and English (Outlook's "Sprache", vCard's LANG). */
const WORDS: Record<string, Locale> = {
  de: 'de',
  deu: 'de',
  ger: 'de',
  deutsch: 'de',
  german: 'de',
  allemand: 'de',
  en: 'en',
  eng: 'en',
  english: 'en',
  englisch: 'en',
  anglais: 'en',
};

/**
 * The contact's language from a cell: 'de', 'de-AT', 'Deutsch', 'English', 'en_GB' …; null when the
 * cell is empty or names another language, and the office's language applies.
 */
export function localeFromCell(cell: string | undefined): Locale | null {
  const word =
    (cell ?? '')
      .trim()
      .toLowerCase()
      .split(/[-_\s,;]/, 1)[0] ?? '';
  return WORDS[word] ?? null;
}
