import { expect, test } from 'vitest';
import { docMatchesFilter } from './doc-filter.ts';

const doc = { name: 'Grundriss Erdgeschoss', number: 'A-101', currentIndex: 'C' };

test('the doc filter matches name, number or the current index, ignoring case', () => {
  expect(docMatchesFilter(doc, 'erdgesch')).toBe(true);
  expect(docMatchesFilter(doc, 'a-10')).toBe(true);
  expect(docMatchesFilter(doc, 'c')).toBe(true);
  expect(docMatchesFilter(doc, 'Schnitt')).toBe(false);
});

test('an empty filter matches every doc, also one without a current version', () => {
  expect(docMatchesFilter({ name: 'X', number: '1', currentIndex: null }, '  ')).toBe(true);
  expect(docMatchesFilter({ name: 'X', number: '1', currentIndex: null }, 'c')).toBe(false);
});
