export type Locale = 'de' | 'en';
export const LOCALES: readonly Locale[] = ['de', 'en'];
export const DEFAULT_LOCALE: Locale = 'de';

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** Day.month.year in German (21.11.2026), month/day/year otherwise (11/21/2026). */
export function formatDate(value: Date | string | number, locale: Locale): string {
  const d = toDate(value);
  const day = d.getDate();
  const month = d.getMonth() + 1;
  const year = d.getFullYear();
  return locale === 'de' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Hours:minutes, optionally with seconds, 24-hour clock. */
export function formatTime(value: Date | string | number, options: { seconds?: boolean } = {}): string {
  const d = toDate(value);
  const hm = `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
  return options.seconds ? `${hm}:${pad2(d.getSeconds())}` : hm;
}

/** Euros from an integer amount of cents, two decimals: 1234 → '12,34 €' (de) / '€12.34' (en). */
export function formatEuroFromCents(cents: number, locale: Locale): string {
  if (!Number.isInteger(cents)) throw new RangeError('cents must be an integer');
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
}

/** A count with the locale's thousands separator: 14000 → '14.000' (de) / '14,000' (en). */
export function formatCount(count: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 0 }).format(count);
}

const KB = 1024;
const MB = 1024 * 1024;

/** File sizes in KB below 100 KB, otherwise in MB, with the locale's decimal separator. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const fmt = (n: number, digits: number) =>
    new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(n);
  if (bytes < 100 * KB) return `${fmt(bytes / KB, 1)} KB`;
  return `${fmt(bytes / MB, 1)} MB`;
}

/** Shortens long e-mails for display (the full text goes into a tooltip). */
export function truncateMiddle(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const keep = Math.max(1, maxChars - 1);
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The form of a word for a count, by the language's plural rules (CLDR, as i18next chooses on the
 * web): '1 Tag' but '0 Tage', '2 Tage'. For texts made outside i18next (PDFs, e-mails).
 */
export function pluralForm(locale: Locale, count: number, forms: { one: string; other: string }): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count) === 'one' ? forms.one : forms.other;
}
