import { describe, expect, test } from 'vitest';
import { attachmentDisposition, parseRange } from './http-file.ts';

describe('attachmentDisposition', () => {
  test('an ASCII fallback and the UTF-8 name for umlauts', () => {
    expect(attachmentDisposition('Grundriss Küche (neu).pdf')).toBe(
      `attachment; filename="Grundriss Kueche (neu).pdf"; filename*=UTF-8''Grundriss%20K%C3%BCche%20%28neu%29.pdf`,
    );
  });
  test('quotes cannot break out of the header', () => {
    expect(attachmentDisposition('a".pdf')).toBe(`attachment; filename="a_.pdf"; filename*=UTF-8''a%22.pdf`);
  });
});

describe('parseRange', () => {
  test.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-1', null],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
    [undefined, null],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
