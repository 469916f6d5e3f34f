import { describe, expect, test } from 'vitest';
import { compareIndexes, indexKind, nextIndex, normalizeIndex, styleAccepts } from './plan-index.ts';

describe('index conventions', () => {
  test('letters, numbers, ISO revision codes and first issues', () => {
    expect(indexKind('C')).toBe('letters');
    expect(indexKind('ab')).toBe('letters');
    expect(indexKind('02')).toBe('numbers');
    expect(indexKind('P03')).toBe('iso');
    expect(indexKind('C01.1')).toBe('iso');
    expect(indexKind('-')).toBe('initial');
    expect(indexKind('0')).toBe('initial');
    expect(indexKind('ABC')).toBeNull();
    expect(indexKind('Index C')).toBeNull();
  });

  test('a project that counts in numbers takes no letters, auto takes all', () => {
    expect(styleAccepts('numbers', 'C')).toBe(false);
    expect(styleAccepts('numbers', '03')).toBe(true);
    expect(styleAccepts('letters', '03')).toBe(false);
    expect(styleAccepts('auto', 'P01')).toBe(true);
    expect(styleAccepts('iso', '-')).toBe(true);
  });

  test('letters are stored in capitals, numbers as written', () => {
    expect(normalizeIndex(' c ')).toBe('C');
    expect(normalizeIndex('02')).toBe('02');
    expect(normalizeIndex('p03')).toBe('P03');
  });
});

describe('comparing indexes', () => {
  test('older, equal and later', () => {
    expect(compareIndexes('B', 'C')).toEqual({ order: -1, skipped: 0 });
    expect(compareIndexes('c', 'C')).toEqual({ order: 0, skipped: 0 });
    expect(compareIndexes('D', 'C')).toEqual({ order: 1, skipped: 0 });
  });

  test('skipped indexes are counted', () => {
    expect(compareIndexes('E', 'C')).toEqual({ order: 1, skipped: 1 });
    expect(compareIndexes('05', '02')).toEqual({ order: 1, skipped: 2 });
    expect(compareIndexes('P05', 'P03')).toEqual({ order: 1, skipped: 1 });
  });

  test('Z is followed by AA; AA is later than Z', () => {
    expect(compareIndexes('AA', 'Z')).toEqual({ order: 1, skipped: 0 });
    expect(compareIndexes('Z', 'AA')).toEqual({ order: -1, skipped: 0 });
    expect(compareIndexes('AB', 'Z')).toEqual({ order: 1, skipped: 1 });
  });

  test('from a first issue the first index follows; from preliminary to contractual is no skip', () => {
    expect(compareIndexes('A', '-')).toEqual({ order: 1, skipped: 0 });
    expect(compareIndexes('C', '0')).toEqual({ order: 1, skipped: 2 });
    expect(compareIndexes('C01', 'P04')).toEqual({ order: 1, skipped: 0 });
    expect(compareIndexes('P04', 'C01')).toEqual({ order: -1, skipped: 0 });
  });

  test('different conventions cannot be compared', () => {
    expect(compareIndexes('03', 'C')).toBeNull();
    expect(compareIndexes('C', 'P01')).toBeNull();
    expect(compareIndexes('C', 'Entwurf')).toBeNull();
  });
});

describe('the next index', () => {
  test('in each convention', () => {
    expect(nextIndex('C')).toBe('D');
    expect(nextIndex('Z')).toBe('AA');
    expect(nextIndex('AZ')).toBe('BA');
    expect(nextIndex('02')).toBe('03');
    expect(nextIndex('9')).toBe('10');
    expect(nextIndex('09')).toBe('10');
    expect(nextIndex('P03')).toBe('P04');
  });

  test('the first one of the project convention', () => {
    expect(nextIndex(null)).toBe('A');
    expect(nextIndex('-')).toBe('A');
    expect(nextIndex(null, 'numbers')).toBe('01');
    expect(nextIndex('0', 'iso')).toBe('P01');
  });
});
