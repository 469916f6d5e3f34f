import { describe, expect, test } from 'vitest';
import { zipEntryDate } from './zip-entry-date.ts';

describe('zipEntryDate', () => {
  test("carries the office's wall clock (Europe/Berlin) in the local fields the ZIP writer reads", () => {
    const summer = zipEntryDate(new Date('2026-07-01T12:05:30Z'));
    expect([summer.getFullYear(), summer.getMonth() + 1, summer.getDate()]).toEqual([2026, 7, 1]);
    expect([summer.getHours(), summer.getMinutes(), summer.getSeconds()]).toEqual([14, 5, 30]);
    // half past eleven at night UTC is the next day in Berlin in winter
    const winter = zipEntryDate(new Date('2026-12-31T23:30:00Z'));
    expect([winter.getFullYear(), winter.getMonth() + 1, winter.getDate(), winter.getHours()]).toEqual([2027, 1, 1, 0]);
  });
});
