import { describe, expect, test } from 'vitest';
import { archiveProgressPercent } from './archives.ts';

describe('archiveProgressPercent', () => {
  test('a running archive counts written bytes against the total and stays below 100 until finished', () => {
    expect(archiveProgressPercent({ status: 'RUNNING', bytesDone: 0, bytesTotal: 0 })).toBe(0);
    expect(archiveProgressPercent({ status: 'RUNNING', bytesDone: 250, bytesTotal: 1000 })).toBe(25);
    expect(archiveProgressPercent({ status: 'RUNNING', bytesDone: 1200, bytesTotal: 1000 })).toBe(99);
    expect(archiveProgressPercent({ status: 'FINISHED', bytesDone: 10, bytesTotal: 1000 })).toBe(100);
  });
});
