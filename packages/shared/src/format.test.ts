import { describe, expect, test } from 'vitest';
import {
  formatCount,
  DEFAULT_LOCALE,
  LOCALES,
  OFFICE_TIME_ZONE,
  formatCalendarDay,
  formatDate,
  formatEuroFromCents,
  formatFileSize,
  formatTime,
  pluralForm,
  truncateMiddle,
} from './format.ts';

// All dates are built with local-time constructors, so the results do not depend on the machine's timezone.

describe('locales', () => {
  test('the interface is German by default with English as the second language', () => {
    expect(DEFAULT_LOCALE).toBe('de');
    expect([...LOCALES]).toEqual(['de', 'en']);
  });
});

describe('formatDate', () => {
  test('German dates are written as DIN 5008 does: two-digit day and month', () => {
    expect(formatDate(new Date(2026, 2, 5), 'de')).toBe('05.03.2026');
    expect(formatDate(new Date(2026, 0, 5), 'de')).toBe('05.01.2026');
  });

  test('English dates read month/day/year with two-digit month and day', () => {
    expect(formatDate(new Date(2026, 2, 5), 'en')).toBe('03/05/2026');
    expect(formatDate(new Date(2026, 0, 5), 'en')).toBe('01/05/2026');
  });

  test('two-digit days and months are shown in full', () => {
    expect(formatDate(new Date(2026, 10, 21), 'de')).toBe('21.11.2026');
    expect(formatDate(new Date(2026, 10, 21), 'en')).toBe('11/21/2026');
  });

  test('the last day of the year is not shifted into the next year', () => {
    expect(formatDate(new Date(2026, 11, 31, 23, 59, 59), 'de')).toBe('31.12.2026');
    expect(formatDate(new Date(2026, 11, 31, 23, 59, 59), 'en')).toBe('12/31/2026');
  });

  test('the first moment of a day still belongs to that day', () => {
    expect(formatDate(new Date(2027, 0, 1, 0, 0, 0), 'de')).toBe('01.01.2027');
  });

  test('a leap day is shown as the 29th of February', () => {
    expect(formatDate(new Date(2028, 1, 29), 'de')).toBe('29.02.2028');
    expect(formatDate(new Date(2028, 1, 29), 'en')).toBe('02/29/2028');
  });

  test('a timestamp in milliseconds is formatted like the date it stands for', () => {
    const ms = new Date(2026, 2, 7, 12, 0).getTime();
    expect(formatDate(ms, 'de')).toBe('07.03.2026');
    expect(formatDate(ms, 'en')).toBe('03/07/2026');
  });

  test('a local ISO date-time string from the server is formatted like the date it stands for', () => {
    expect(formatDate('2026-03-07T12:00:00', 'de')).toBe('07.03.2026');
    expect(formatDate('2026-03-07T12:00:00', 'en')).toBe('03/07/2026');
  });

  test('in a time zone given, the day is the one there: half past midnight in Berlin is the next day', () => {
    const lateEvening = new Date('2026-03-04T23:30:00Z');
    expect(formatDate(lateEvening, 'de', 'Europe/Berlin')).toBe('05.03.2026');
    expect(formatDate(lateEvening, 'de', 'UTC')).toBe('04.03.2026');
    expect(formatDate(lateEvening, 'en', OFFICE_TIME_ZONE)).toBe('03/05/2026');
  });
});

describe('formatCalendarDay', () => {
  test('a day without a time is the same day in every zone, written as formatDate does', () => {
    expect(formatCalendarDay('2026-03-05', 'de')).toBe('05.03.2026');
    expect(formatCalendarDay('2026-03-05', 'en')).toBe('03/05/2026');
    expect(formatCalendarDay('2026-12-31', 'de')).toBe('31.12.2026');
  });
});

describe('formatTime', () => {
  test('times show hours and minutes with leading zeros', () => {
    expect(formatTime(new Date(2026, 0, 5, 7, 5, 9))).toBe('07:05');
  });

  test('seconds are shown with a leading zero when asked for', () => {
    expect(formatTime(new Date(2026, 0, 5, 7, 5, 9), { seconds: true })).toBe('07:05:09');
  });

  test('seconds are left out when explicitly not wanted', () => {
    expect(formatTime(new Date(2026, 0, 5, 7, 5, 9), { seconds: false })).toBe('07:05');
  });

  test('midnight is 00:00 on the 24-hour clock', () => {
    expect(formatTime(new Date(2026, 0, 5, 0, 0, 0))).toBe('00:00');
    expect(formatTime(new Date(2026, 0, 5, 0, 0, 0), { seconds: true })).toBe('00:00:00');
  });

  test('afternoon hours are shown on the 24-hour clock, not as am/pm', () => {
    expect(formatTime(new Date(2026, 0, 5, 13, 30, 0))).toBe('13:30');
    expect(formatTime(new Date(2026, 0, 5, 23, 59, 59), { seconds: true })).toBe('23:59:59');
  });

  test('two-digit hours, minutes and seconds are not padded further', () => {
    expect(formatTime(new Date(2026, 0, 5, 10, 45, 30), { seconds: true })).toBe('10:45:30');
  });

  test('milliseconds never appear and never round the seconds up', () => {
    expect(formatTime(new Date(2026, 0, 5, 10, 45, 30, 999), { seconds: true })).toBe('10:45:30');
  });

  test('a timestamp in milliseconds gives the same time as the date it stands for', () => {
    expect(formatTime(new Date(2026, 0, 5, 8, 9, 1).getTime(), { seconds: true })).toBe('08:09:01');
  });

  test('a local ISO date-time string gives the time written in it', () => {
    expect(formatTime('2026-01-05T08:09:01', { seconds: true })).toBe('08:09:01');
  });

  test('in a time zone given, the time is the one there', () => {
    const lateEvening = new Date('2026-03-04T23:30:05Z');
    expect(formatTime(lateEvening, { timeZone: 'Europe/Berlin' })).toBe('00:30');
    expect(formatTime(lateEvening, { timeZone: 'America/New_York', seconds: true })).toBe('18:30:05');
  });
});

describe('formatEuroFromCents', () => {
  test('German prices use a dot for thousands, a comma for cents and the euro sign after the amount', () => {
    expect(formatEuroFromCents(123456, 'de')).toBe('1.234,56 €');
  });

  test('English prices use a comma for thousands, a dot for cents and the euro sign in front', () => {
    expect(formatEuroFromCents(123456, 'en')).toBe('€1,234.56');
  });

  test('a price below a thousand euros has no thousands separator', () => {
    expect(formatEuroFromCents(1234, 'de')).toBe('12,34 €');
    expect(formatEuroFromCents(1234, 'en')).toBe('€12.34');
  });

  test('whole euro amounts always show two decimals', () => {
    expect(formatEuroFromCents(2900, 'de')).toBe('29,00 €');
    expect(formatEuroFromCents(2900, 'en')).toBe('€29.00');
  });

  test('a single cent is shown as 0.01 euros', () => {
    expect(formatEuroFromCents(1, 'de')).toBe('0,01 €');
    expect(formatEuroFromCents(1, 'en')).toBe('€0.01');
  });

  test('a free price of 0 cents is shown as zero euros with two decimals', () => {
    expect(formatEuroFromCents(0, 'de')).toBe('0,00 €');
    expect(formatEuroFromCents(0, 'en')).toBe('€0.00');
  });

  test('a negative amount such as a credit is shown with a minus sign', () => {
    expect(formatEuroFromCents(-1234, 'de')).toBe('-12,34 €');
    expect(formatEuroFromCents(-1234, 'en')).toBe('-€12.34');
  });

  test('amounts in the millions get every thousands separator', () => {
    expect(formatEuroFromCents(1_000_000_00, 'de')).toBe('1.000.000,00 €');
    expect(formatEuroFromCents(1_000_000_00, 'en')).toBe('€1,000,000.00');
  });

  test('the German price uses a normal space, not a non-breaking one', () => {
    expect(formatEuroFromCents(2900, 'de')).not.toContain('\u00a0');
  });

  test.each([12.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'a cent amount that is not a whole number (%s) is refused',
    (cents) => {
      expect(() => formatEuroFromCents(cents, 'de')).toThrow(RangeError);
      expect(() => formatEuroFromCents(cents, 'en')).toThrow('cents must be an integer');
    },
  );
});

describe('formatCount', () => {
  test('German counts carry a dot every three digits, English ones a comma', () => {
    expect([formatCount(14000, 'de'), formatCount(200002, 'de'), formatCount(999, 'de')]).toEqual([
      '14.000',
      '200.002',
      '999',
    ]);
    expect(formatCount(200002, 'en')).toBe('200,002');
  });
});

describe('formatFileSize', () => {
  test('a file of 1023 bytes is shown as 1.0 KB', () => {
    expect(formatFileSize(1023, 'de')).toBe('1,0 KB');
    expect(formatFileSize(1023, 'en')).toBe('1.0 KB');
  });

  test('an empty file is shown as 0.0 KB', () => {
    expect(formatFileSize(0, 'de')).toBe('0,0 KB');
    expect(formatFileSize(0, 'en')).toBe('0.0 KB');
  });

  test('one kilobyte is 1024 bytes', () => {
    expect(formatFileSize(1024, 'de')).toBe('1,0 KB');
    expect(formatFileSize(1536, 'de')).toBe('1,5 KB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
  });

  test('a file just below 100 KB is still shown in KB', () => {
    expect(formatFileSize(99.9 * 1024, 'de')).toBe('99,9 KB');
    expect(formatFileSize(99.9 * 1024, 'en')).toBe('99.9 KB');
    expect(formatFileSize(102399, 'de')).toMatch(/ KB$/);
  });

  test('a file of exactly 100 KB (102400 bytes) is shown in MB', () => {
    expect(formatFileSize(102400, 'de')).toBe('0,1 MB');
    expect(formatFileSize(102400, 'en')).toBe('0.1 MB');
  });

  test('one megabyte is 1024 × 1024 bytes', () => {
    expect(formatFileSize(1024 * 1024, 'de')).toBe('1,0 MB');
    expect(formatFileSize(1024 * 1024, 'en')).toBe('1.0 MB');
  });

  test('megabytes are rounded to one decimal', () => {
    expect(formatFileSize(2.5 * 1024 * 1024, 'de')).toBe('2,5 MB');
    expect(formatFileSize(2.46 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatFileSize(2.44 * 1024 * 1024, 'en')).toBe('2.4 MB');
  });

  test('large files in MB use the locale thousands separator', () => {
    expect(formatFileSize(1234.5 * 1024 * 1024, 'de')).toBe('1.234,5 MB');
    expect(formatFileSize(1234.5 * 1024 * 1024, 'en')).toBe('1,234.5 MB');
  });
});

describe('truncateMiddle', () => {
  test('a text that fits is shown unchanged', () => {
    expect(truncateMiddle('anna@buero.de', 13)).toBe('anna@buero.de');
    expect(truncateMiddle('anna@buero.de', 40)).toBe('anna@buero.de');
  });

  test('a long e-mail is shortened in the middle with an ellipsis, keeping its start and end', () => {
    expect(truncateMiddle('abcdefghij', 5)).toBe('ab…ij');
    expect(truncateMiddle('abcdefghij', 6)).toBe('abc…ij');
  });

  test('a shortened e-mail is exactly maxChars long', () => {
    const email = 'anna.mueller@planungsbuero-beispiel.de';
    for (let max = 2; max < email.length; max++) {
      const shown = truncateMiddle(email, max);
      expect(shown).toHaveLength(max);
      expect(shown).toContain('…');
      expect(email.startsWith(shown.slice(0, shown.indexOf('…')))).toBe(true);
      expect(email.endsWith(shown.slice(shown.indexOf('…') + 1))).toBe(true);
    }
  });
});

describe('pluralForm', () => {
  test('one for exactly 1, the plural for 0, 2 and many, in German and English', () => {
    const day = { one: 'Tag', other: 'Tage' };
    expect([0, 1, 2, 14].map((n) => pluralForm('de', n, day))).toEqual(['Tage', 'Tag', 'Tage', 'Tage']);
    const days = { one: 'day', other: 'days' };
    expect([0, 1, 2].map((n) => pluralForm('en', n, days))).toEqual(['days', 'day', 'days']);
  });
});
