import { OFFICE_TIME_ZONE } from '@plankurier/shared';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: OFFICE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * A ZIP entry's time has no zone: unzip tools show it as written. The ZIP writer writes a Date's
 * local fields (this process's zone, UTC on a server), so the entry gets a Date whose local fields
 * are the office's wall clock at that instant: a file uploaded at 14:05 in the office shows 14:05.
 */
export function zipEntryDate(instant: Date): Date {
  const part = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return new Date(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second);
}
