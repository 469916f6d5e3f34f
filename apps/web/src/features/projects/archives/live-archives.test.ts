import { describe, expect, test } from 'vitest';
import type { ArchiveDto } from '@plankurier/shared';
import { archivesFromEvent, mergeArchiveProgress } from './live-archives';

const archive = (changes: Partial<ArchiveDto>): ArchiveDto => ({
  _id: 'a1',
  project: 'p1',
  pdfOnly: true,
  status: 'RUNNING',
  filesTotal: 10,
  filesDone: 0,
  bytesTotal: 1000,
  bytesDone: 0,
  size: null,
  created: '2026-11-22T02:00:00.000Z',
  finished: null,
  expires: null,
  ...changes,
});

describe('live archive progress', () => {
  test('reads the archives of an updateData event and ignores other shapes', () => {
    expect(archivesFromEvent({ archives: [archive({ bytesDone: 5 })] })).toHaveLength(1);
    expect(archivesFromEvent({ projectId: 'p1' })).toEqual([]);
    expect(archivesFromEvent({ archives: [{ nope: 1 }] })).toEqual([]);
    expect(archivesFromEvent(null)).toEqual([]);
  });

  test('a newer tick replaces a running archive; a finished one from the bundle wins', () => {
    const live = new Map([['a1', archive({ bytesDone: 600, filesDone: 6 })]]);
    expect(mergeArchiveProgress([archive({ bytesDone: 100 })], live)[0]!.bytesDone).toBe(600);
    expect(mergeArchiveProgress([archive({ bytesDone: 700 })], live)[0]!.bytesDone).toBe(700);
    const finished = archive({ status: 'FINISHED', size: 1100 });
    expect(mergeArchiveProgress([finished], live)[0]).toBe(finished);
  });
});
