import type { ImportInfo } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { importCounts, importInfoFromEvent, importProgress, mergeImportInfo, problemReasonKey } from './import-report';

const running: ImportInfo = {
  _id: 'i1',
  filename: 'kontakte.csv',
  inProgress: true,
  status: 'RUNNING',
  failure: null,
  totalLines: 0,
  processedLines: 200,
  imported: 0,
  duplicates: 0,
  rejected: 0,
  invalid: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  finishedAt: null,
};
const finished: ImportInfo = {
  ...running,
  inProgress: false,
  status: 'FINISHED',
  totalLines: 5,
  processedLines: 5,
  imported: 3,
  duplicates: 1,
  rejected: 1,
  invalid: [
    { line: 3, reason: 'duplicate_in_file', value: 'a@eins.de' },
    { line: 5, reason: 'email_invalid', value: 'kaputt' },
  ],
  finishedAt: '2026-03-01T10:00:02.000Z',
};

describe('importInfoFromEvent', () => {
  test('reads the importInfo of a contactImportInfo event', () => {
    expect(importInfoFromEvent({ importInfo: running })).toBe(running);
  });

  test('ignores anything else', () => {
    expect(importInfoFromEvent(null)).toBeNull();
    expect(importInfoFromEvent({ importInfo: null })).toBeNull();
    expect(importInfoFromEvent({ importInfo: { filename: 'x' } })).toBeNull();
    expect(importInfoFromEvent('importInfo')).toBeNull();
  });
});

describe('mergeImportInfo', () => {
  test('the first report and a report of another import are taken as they are', () => {
    expect(mergeImportInfo(null, running)).toBe(running);
    expect(mergeImportInfo(finished, { ...running, _id: 'i2' })).toEqual({ ...running, _id: 'i2' });
  });

  test('a late progress event does not bring a finished import back', () => {
    expect(mergeImportInfo(finished, running)).toBe(finished);
  });

  test('progress only moves forward', () => {
    const later = { ...running, processedLines: 400 };
    expect(mergeImportInfo(later, running)).toBe(later);
    expect(mergeImportInfo(running, later)).toBe(later);
    expect(mergeImportInfo(running, finished)).toBe(finished);
  });
});

describe('importCounts', () => {
  test('imported, duplicates and rejected are the server’s counts', () => {
    expect(importCounts(finished)).toEqual({ imported: 3, duplicates: 1, rejected: 1 });
  });
});

describe('importProgress', () => {
  test('is unknown while the number of lines is not known', () => {
    expect(importProgress(running)).toBeNull();
  });

  test('is the share of processed lines in percent', () => {
    expect(importProgress({ ...running, totalLines: 800, processedLines: 200 })).toBe(25);
    expect(importProgress(finished)).toBe(100);
  });
});

test('every reason has its translation key', () => {
  expect(problemReasonKey('email_missing')).toBe('contacts.import.reasons.email_missing');
});
