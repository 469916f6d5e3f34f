import { describe, expect, test } from 'vitest';
import { DocQrSettingsSchema, qrFitsPage, qrPositionFromTopLeft, qrSquareFromTopLeft } from './qr.ts';

const a4 = { widthMm: 210, heightMm: 297 };

describe('QR placement on the preview (mm, origin bottom right)', () => {
  test('the square of x 20, y 15, width 25 starts 165 mm from the left and 257 mm from the top of A4', () => {
    expect(qrSquareFromTopLeft(a4, { x: 20, y: 15, width: 25 })).toEqual({ leftMm: 165, topMm: 257 });
  });

  test('a dragged square gives back the position it was drawn from', () => {
    const square = qrSquareFromTopLeft(a4, { x: 33.5, y: 12, width: 20 });
    expect(qrPositionFromTopLeft(a4, { ...square, width: 20 })).toEqual({ x: 33.5, y: 12 });
  });

  test('positions are rounded to half millimetres and kept on the page', () => {
    expect(qrPositionFromTopLeft(a4, { leftMm: 100.2, topMm: 200.8, width: 20 })).toEqual({ x: 90, y: 76 });
    expect(qrPositionFromTopLeft(a4, { leftMm: 300, topMm: 400, width: 20 })).toEqual({ x: 0, y: 0 });
    expect(qrPositionFromTopLeft(a4, { leftMm: -50, topMm: -50, width: 20 })).toEqual({ x: 190, y: 277 });
  });

  test('settings outside the limits are refused', () => {
    const ok = { x: 10, y: 10, width: 20, hasBorder: true, embed: false };
    expect(DocQrSettingsSchema.safeParse(ok).success).toBe(true);
    expect(DocQrSettingsSchema.safeParse({ ...ok, width: 4 }).success).toBe(false);
    expect(DocQrSettingsSchema.safeParse({ ...ok, x: -1 }).success).toBe(false);
    expect(DocQrSettingsSchema.safeParse({ ...ok, embed: 'yes' }).success).toBe(false);
  });
});

describe('whether the code fits the page', () => {
  test('up to the far edges of the viewed page, not beyond', () => {
    expect(qrFitsPage(a4, { x: 20, y: 15, width: 25 })).toBe(true);
    expect(qrFitsPage(a4, { x: 185, y: 272, width: 25 })).toBe(true);
    expect(qrFitsPage(a4, { x: 186, y: 15, width: 25 })).toBe(false);
    expect(qrFitsPage(a4, { x: 20, y: 273, width: 25 })).toBe(false);
  });

  test('a code larger than a small page does not fit anywhere', () => {
    expect(qrFitsPage({ widthMm: 70.6, heightMm: 17.6 }, { x: 0, y: 0, width: 20 })).toBe(false);
  });
});
