import { describe, expect, test } from 'vitest';
import { clampView, fitView, MAX_ZOOM, zoomAt } from './pan-zoom';

const frame = { width: 390, height: 700 };
const sheet = { width: 390, height: 276 }; // an A1 sheet fitted to a phone's width

describe('zooming and panning a plan', () => {
  test('the whole sheet starts centred in the frame', () => {
    expect(fitView(sheet, frame)).toEqual({ scale: 1, x: 0, y: 212 });
  });

  test('a pinch zooms around its centre: the point under the fingers stays there', () => {
    const view = zoomAt(fitView(sheet, frame), 2, 100, 300);
    expect(view.scale).toBe(2);
    // The content point under (100, 300) before: ((100-0)/1, (300-212)/1) = (100, 88); after the same.
    expect((100 - view.x) / view.scale).toBeCloseTo(100);
    expect((300 - view.y) / view.scale).toBeCloseTo(88);
  });

  test('zoom stays between the whole sheet and 16 times', () => {
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 0.2, 0, 0).scale).toBe(1);
    expect(zoomAt({ scale: 10, x: 0, y: 0 }, 4, 0, 0).scale).toBe(MAX_ZOOM);
  });

  test('a zoomed sheet cannot be dragged out of the frame; a small one stays centred', () => {
    expect(clampView({ scale: 3, x: 200, y: 100 }, sheet, frame)).toEqual({ scale: 3, x: 0, y: 0 });
    expect(clampView({ scale: 3, x: -5000, y: -5000 }, sheet, frame)).toEqual({
      scale: 3,
      x: 390 - 1170,
      y: 700 - 828,
    });
    expect(clampView({ scale: 1, x: 50, y: 0 }, sheet, frame)).toEqual({ scale: 1, x: 0, y: 212 });
  });
});
