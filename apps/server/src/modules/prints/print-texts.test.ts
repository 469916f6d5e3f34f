import { describe, expect, test } from 'vitest';
import { printTexts } from './print-texts.ts';

describe('print texts: a count beside a noun takes its plural form', () => {
  test.each([
    ['de', [0, 1, 2], ['0 Pläne/Dokumente', '1 Plan/Dokument', '2 Pläne/Dokumente']],
    ['en', [0, 1, 2], ['0 plans/documents', '1 plan/document', '2 plans/documents']],
  ] as const)('plans (%s)', (locale, counts, expected) => {
    expect(counts.map((n) => printTexts(locale).plans(n))).toEqual(expected);
  });

  test.each([
    ['de', ['0 Beteiligte', '1 Beteiligter', '2 Beteiligte'], ['0 Ereignisse', '1 Ereignis', '2 Ereignisse']],
    ['en', ['0 participants', '1 participant', '2 participants'], ['0 events', '1 event', '2 events']],
  ] as const)('participants and events (%s)', (locale, participants, events) => {
    expect([0, 1, 2].map((n) => printTexts(locale).participants(n))).toEqual(participants);
    expect([0, 1, 2].map((n) => printTexts(locale).events(n))).toEqual(events);
  });
});
