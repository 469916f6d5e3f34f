export type Locale = 'de' | 'en';
export const LOCALES: readonly Locale[] = ['de', 'en'];
export const DEFAULT_LOCALE: Locale = 'de';

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** Where the offices of this product work: the zone of dates the server writes (mails, prints, invoices). */
export const OFFICE_TIME_ZONE = 'Europe/Berlin';

const DATE_LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-US' };
const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per kind, language and zone: a print of 2,000 plans formats many dates. */
function cachedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make()));
  return format;
}

/**
 * Day, month and year with two-digit day and month: 05.03.2026 in German (DIN 5008), 03/05/2026 in
 * English. In the zone given, else the one this runs in (the browser's).
 */
export function formatDate(value: Date | string | number, locale: Locale, timeZone?: string): string {
  const format = cachedFormat(
    `date ${locale} ${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(DATE_LOCALES[locale], {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        ...(timeZone ? { timeZone } : {}),
      }),
  );
  return format.format(toDate(value));
}

/** A calendar day without a time ('2026-03-05', as date inputs and date columns give it), as formatDate writes it. */
export function formatCalendarDay(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-').map(Number);
  return formatDate(Date.UTC(year!, month! - 1, date!), locale, 'UTC');
}

/** Hours:minutes, optionally with seconds, 24-hour clock; in the zone given, else the one this runs in. */
export function formatTime(
  value: Date | string | number,
  options: { seconds?: boolean; timeZone?: string } = {},
): string {
  const { seconds = false, timeZone } = options;
  const format = cachedFormat(
    `time ${seconds} ${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        ...(seconds ? { second: '2-digit' } : {}),
        hourCycle: 'h23',
        ...(timeZone ? { timeZone } : {}),
      }),
  );
  const parts = Object.fromEntries(format.formatToParts(toDate(value)).map((p) => [p.type, p.value]));
  const hm = `${parts.hour}:${parts.minute}`;
  return seconds ? `${hm}:${parts.second}` : hm;
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
