import type { ImportInfo } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import {
  factKeys,
  importCounts,
  importInfoFromEvent,
  importProgress,
  lineList,
  mergeImportInfo,
  outcomeLook,
  problemReasonKey,
} from './import-report';

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
  details: null,
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

describe('outcomeLook', () => {
  test('only an import that took every line is green; nothing taken is red', () => {
    expect(outcomeLook('imported')).toEqual({ color: 'green', titleKey: 'contacts.import.reportTitle' });
    expect(outcomeLook('partly').color).toBe('orange');
    expect(outcomeLook('nothing')).toEqual({ color: 'red', titleKey: 'contacts.import.nothingTitle' });
    expect(outcomeLook('nothing_new').color).toBe('blue');
    expect(outcomeLook('failed').color).toBe('red');
  });
});

describe('lineList', () => {
  test('lists the line numbers with the locale’s separators and says when there are more', () => {
    expect(lineList([7, 9], 2, 'de')).toBe('7, 9');
    expect(lineList([7, 14000], 5, 'de')).toBe('7, 14.000, …');
  });
});

describe('factKeys', () => {
  test('a CSV: format, separator, encoding and header line', () => {
    expect(
      factKeys({
        format: 'csv',
        encoding: 'macintosh',
        delimiter: ';',
        headerLine: 4,
        columns: [],
        otherEncoding: null,
        failureLine: null,
      }),
    ).toEqual([
      { key: 'contacts.import.facts.csv' },
      { key: 'contacts.import.facts.delimiter.semicolon' },
      { key: 'contacts.import.facts.encoding', values: { encoding: 'Mac Roman' } },
      { key: 'contacts.import.facts.headerLine', values: { line: 4 } },
    ]);
  });

  test('a vCard has neither separator nor header', () => {
    expect(
      factKeys({
        format: 'vcard',
        encoding: 'utf-8',
        delimiter: null,
        headerLine: null,
        columns: [],
        otherEncoding: null,
        failureLine: null,
      }).map((f) => f.key),
    ).toEqual(['contacts.import.facts.vcard', 'contacts.import.facts.encoding']);
  });
});
