import { expect, test } from 'vitest';
import { pageFormat, pointsToMm } from './page-format.ts';

test('PDF points become millimetres with one decimal', () => {
  expect(pointsToMm(595.28)).toBe(210);
  expect(pointsToMm(841.89)).toBe(297);
  expect(pointsToMm(612)).toBe(215.9);
});

test('A0 to A4 are recognised in either orientation within 2 %', () => {
  expect(pageFormat(841, 1189)).toBe('A0');
  expect(pageFormat(1189, 841)).toBe('A0');
  expect(pageFormat(594, 841)).toBe('A1');
  expect(pageFormat(420.3, 594)).toBe('A2');
  expect(pageFormat(297, 420)).toBe('A3');
  expect(pageFormat(210, 297)).toBe('A4');
  expect(pageFormat(209, 296)).toBe('A4');
});

test('other sizes have no format', () => {
  expect(pageFormat(215.9, 279.4)).toBeNull(); // US Letter
  expect(pageFormat(1000, 3000)).toBeNull();
});
