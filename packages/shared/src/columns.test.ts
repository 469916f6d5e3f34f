import { describe, expect, test } from 'vitest';
import { fromColumns, toColumns } from './columns.ts';

describe('a list of like objects as columns', () => {
  test('every key once, and back to the same objects', () => {
    const rows = [
      { _id: 'a', size: 1, preview: null, state: { deliver: 'RED' }, files: ['f1'] },
      { _id: 'b', size: 2, preview: 'ready', state: { deliver: 'GRAY' }, files: [] },
    ];
    const columns = toColumns(rows);
    expect(columns).toEqual({
      length: 2,
      dense: {
        _id: ['a', 'b'],
        size: [1, 2],
        preview: [null, 'ready'],
        state: [{ deliver: 'RED' }, { deliver: 'GRAY' }],
        files: [['f1'], []],
      },
    });
    expect(fromColumns(JSON.parse(JSON.stringify(columns)) as typeof columns)).toEqual(rows);
  });

  test('a key some objects lack stays absent there, and null stays null', () => {
    const rows: { _id: string; pdfIsUploaded?: boolean | null }[] = [
      { _id: 'plan' },
      { _id: 'data', pdfIsUploaded: true },
      { _id: 'other', pdfIsUploaded: null },
    ];
    const back = fromColumns(
      JSON.parse(JSON.stringify(toColumns(rows))) as ReturnType<typeof toColumns<(typeof rows)[number]>>,
    );
    expect(back).toEqual(rows);
    expect('pdfIsUploaded' in back[0]!).toBe(false);
  });

  test('an empty list', () => {
    expect(fromColumns(toColumns([]))).toEqual([]);
  });
});
