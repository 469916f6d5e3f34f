import type { PrintDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { applyPrintUpdate, printsFromEvent } from './live-prints';

const print = (changes: Partial<PrintDto> = {}): PrintDto => ({
  _id: 'p1',
  project: 'x',
  type: 'PLANLIST',
  format: 'pdf',
  isFinished: false,
  isFailed: false,
  progress: 0,
  numberOfPages: 0,
  numberOfPagesProcessed: 0,
  ...changes,
});

describe('live print updates', () => {
  test('are read from updateData.prints and nothing else', () => {
    expect(printsFromEvent({ prints: { p1: print() } })).toEqual([print()]);
    expect(printsFromEvent({ archives: [] })).toEqual([]);
    expect(printsFromEvent({ prints: { p1: { nope: 1 } } })).toEqual([]);
    expect(printsFromEvent(null)).toEqual([]);
  });

  test('update the print with the same id; a mismatch is ignored; finished stays finished', () => {
    const done = print({ isFinished: true, progress: 100, numberOfPages: 3, numberOfPagesProcessed: 3 });
    expect(applyPrintUpdate(print(), done)).toEqual(done);
    expect(applyPrintUpdate(print(), print({ _id: 'p2', progress: 50 }))).toEqual(print());
    expect(applyPrintUpdate(done, print())).toEqual(done);
  });
});
