import type { Locale } from '@plankurier/shared';

/** Dates and times as the office reads them: in its time zone, in its language's order. */
export interface PrintClock {
  /** 21.11.2026 (de) · 11/21/2026 (en), as formatDate writes them in the web. */
  date: (value: Date) => string;
  /** The date and 24-hour time. */
  dateTime: (value: Date) => string;
}

/** Planning offices of this product work in Germany: the zone when the request names none. */
export const DEFAULT_PRINT_TIME_ZONE = 'Europe/Berlin';

export function printClock(locale: Locale, timeZone = DEFAULT_PRINT_TIME_ZONE): PrintClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = (value: Date) => {
    const found = Object.fromEntries(format.formatToParts(value).map((p) => [p.type, p.value]));
    return found as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
  };
  const date = (value: Date) => {
    const p = parts(value);
    return locale === 'de' ? `${p.day}.${p.month}.${p.year}` : `${p.month}/${p.day}/${p.year}`;
  };
  return {
    date,
    dateTime: (value) => {
      const p = parts(value);
      return `${date(value)} ${p.hour}:${p.minute}`;
    },
  };
}
