import { describe, expect, test } from 'vitest';
import { POINTS_PER_MM, pageFormat, pointsToMm, viewedPageSizeMm, type PdfRect } from './page-format.ts';

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

test('US Letter, Legal and Tabloid are named too; other sizes have no format', () => {
  expect(pageFormat(215.9, 279.4)).toBe('Letter');
  expect(pageFormat(279.4, 215.9)).toBe('Letter');
  expect(pageFormat(215.9, 355.6)).toBe('Legal');
  expect(pageFormat(431.8, 279.4)).toBe('Tabloid');
  expect(pageFormat(1000, 3000)).toBeNull();
  expect(pageFormat(594, 1260)).toBeNull(); // an A1 sheet lengthened for a long elevation
});

describe('the page size viewers show', () => {
  const mm = (v: number) => v * POINTS_PER_MM;
  const rect = (x: number, y: number, w: number, h: number): PdfRect => [mm(x), mm(y), mm(x + w), mm(y + h)];
  const a1 = rect(30, 40, 841, 594);

  test('is the CropBox, not the MediaBox: an A1 sheet cropped out of a larger media box is A1', () => {
    const size = viewedPageSizeMm({ mediaBox: rect(0, 0, 900, 650), cropBox: a1 });
    expect(size).toEqual({ widthMm: 841, heightMm: 594 });
    expect(pageFormat(size!.widthMm, size!.heightMm)).toBe('A1');
  });

  test('/Rotate 90 and 270 swap width and height, 180 does not; any multiple of 90 counts', () => {
    const media = rect(0, 0, 900, 650);
    expect(viewedPageSizeMm({ mediaBox: media, cropBox: a1, rotate: 90 })).toEqual({ widthMm: 594, heightMm: 841 });
    expect(viewedPageSizeMm({ mediaBox: media, cropBox: a1, rotate: 270 })).toEqual({ widthMm: 594, heightMm: 841 });
    expect(viewedPageSizeMm({ mediaBox: media, cropBox: a1, rotate: -90 })).toEqual({ widthMm: 594, heightMm: 841 });
    expect(viewedPageSizeMm({ mediaBox: media, cropBox: a1, rotate: 180 })).toEqual({ widthMm: 841, heightMm: 594 });
    expect(viewedPageSizeMm({ mediaBox: media, cropBox: a1, rotate: 450 })).toEqual({ widthMm: 594, heightMm: 841 });
  });

  test('a CropBox reaching past the MediaBox is clipped to it; one outside it is ignored', () => {
    const media = rect(0, 0, 210, 297);
    expect(viewedPageSizeMm({ mediaBox: media, cropBox: rect(-10, -10, 300, 400) })).toEqual({
      widthMm: 210,
      heightMm: 297,
    });
    expect(viewedPageSizeMm({ mediaBox: media, cropBox: rect(500, 500, 100, 100) })).toEqual({
      widthMm: 210,
      heightMm: 297,
    });
  });

  test('corners in any order; /UserUnit scales a huge page (PDF 1.6)', () => {
    expect(viewedPageSizeMm({ mediaBox: [mm(210), mm(297), 0, 0] })).toEqual({ widthMm: 210, heightMm: 297 });
    expect(viewedPageSizeMm({ mediaBox: [0, 0, 14400, 7200], userUnit: 4 })).toEqual({
      widthMm: 20320,
      heightMm: 10160,
    });
  });

  test('a page without area has no size', () => {
    expect(viewedPageSizeMm({ mediaBox: [0, 0, 0, 0] })).toBeNull();
  });
});
