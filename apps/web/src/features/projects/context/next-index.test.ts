import { describe, expect, test } from 'vitest';
import { suggestNextIndex } from './next-index';

describe('suggestNextIndex', () => {
  test('letters and numbers count up; anything else suggests nothing', () => {
    expect(suggestNextIndex(null)).toBe('A');
    expect(suggestNextIndex('A')).toBe('B');
    expect(suggestNextIndex('c')).toBe('d');
    expect(suggestNextIndex('9')).toBe('10');
    expect(suggestNextIndex('Z')).toBe('');
    expect(suggestNextIndex('A1')).toBe('');
  });
});
