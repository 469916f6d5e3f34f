import { describe, expect, test } from 'vitest';
import { printClock } from './print-clock.ts';

describe('printClock', () => {
  const lateEvening = new Date('2026-11-21T23:30:00Z');
  test('writes dates and times in the office time zone, German and English order', () => {
    expect(printClock('de', 'Europe/Berlin').dateTime(lateEvening)).toBe('22.11.2026 00:30');
    expect(printClock('en', 'America/New_York').dateTime(lateEvening)).toBe('11/21/2026 18:30');
    expect(printClock('de', 'UTC').date(lateEvening)).toBe('21.11.2026');
  });
  test('Berlin when no zone is named', () => {
    expect(printClock('de').date(lateEvening)).toBe('22.11.2026');
  });
});
