import { describe, expect, test } from 'vitest';
import { suggestNextIndex } from './next-index';

describe('suggestNextIndex', () => {
  test('letters count up as columns do, in the case they were written in', () => {
    expect(suggestNextIndex(null)).toBe('A');
    expect(suggestNextIndex('A')).toBe('B');
    expect(suggestNextIndex('C')).toBe('D');
    expect(suggestNextIndex('c')).toBe('d');
    expect(suggestNextIndex('Z')).toBe('AA');
    expect(suggestNextIndex('AZ')).toBe('BA');
    expect(suggestNextIndex('ZZ')).toBe('AAA');
  });

  test('numbers keep the width they were written in', () => {
    expect(suggestNextIndex('01')).toBe('02');
    expect(suggestNextIndex('09')).toBe('10');
    expect(suggestNextIndex('9')).toBe('10');
    expect(suggestNextIndex('099')).toBe('100');
    expect(suggestNextIndex('00')).toBe('01');
  });

  test('ISO 19650 revisions count up their own part; a first issue "-" is followed by A', () => {
    expect(suggestNextIndex('P01')).toBe('P02');
    expect(suggestNextIndex('C09')).toBe('C10');
    expect(suggestNextIndex('P01.01')).toBe('P01.02');
    expect(suggestNextIndex('-')).toBe('A');
  });

  test('an index in no known form suggests nothing', () => {
    expect(suggestNextIndex('A1b')).toBe('');
    expect(suggestNextIndex('Vorabzug')).toBe('');
  });
});
