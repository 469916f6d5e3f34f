import { formatDate, formatTime, OFFICE_TIME_ZONE, type Locale } from '@plankurier/shared';

/** Dates and times as the office reads them: in its time zone, in its language's order. */
export interface PrintClock {
  /** 21.11.2026 (de) · 11/21/2026 (en), as formatDate writes them in the web. */
  date: (value: Date) => string;
  /** The date and 24-hour time. */
  dateTime: (value: Date) => string;
}

/** Planning offices of this product work in Germany: the zone when the request names none. */
export const DEFAULT_PRINT_TIME_ZONE = OFFICE_TIME_ZONE;

export function printClock(locale: Locale, timeZone = DEFAULT_PRINT_TIME_ZONE): PrintClock {
  const date = (value: Date) => formatDate(value, locale, timeZone);
  return { date, dateTime: (value) => `${date(value)} ${formatTime(value, { timeZone })}` };
}
