import { describe, expect, test } from 'vitest';
import { mmToPoints, normaliseRotation, pointsToMmExact, qrMatrix, viewedSize, viewedToUser } from './placement.ts';

const apply = (m: number[], p: { x: number; y: number }) => ({
  x: m[0]! * p.x + m[2]! * p.y + m[4]!,
  y: m[1]! * p.x + m[3]! * p.y + m[5]!,
});
const close = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 6);
  expect(a.y).toBeCloseTo(b.y, 6);
};

describe('millimetres and points', () => {
  test('25.4 mm are 72 points and back', () => {
    expect(mmToPoints(25.4)).toBeCloseTo(72, 9);
    expect(pointsToMmExact(595.28)).toBeCloseTo(210, 1);
  });
});

describe('page rotation', () => {
  test.each([
    [0, 0],
    [90, 90],
    [-90, 270],
    [450, 90],
    [540, 180],
    [-180, 180],
  ])('/Rotate %i is %i', (angle, expected) => {
    expect(normaliseRotation(angle)).toBe(expected);
  });

  test('90 and 270 swap width and height of the viewed page', () => {
    const box = { x: 0, y: 0, width: 100, height: 50 };
    expect(viewedSize(box, 90)).toEqual({ width: 50, height: 100 });
    expect(viewedSize(box, 180)).toEqual({ width: 100, height: 50 });
  });

  // The viewer turns the page clockwise: the user-space corners land on these viewed corners.
  test.each([
    [0, { x: 10, y: 20 }, { x: 20, y: 40 }], // shifted by the box origin
    [90, { x: 0, y: 0 }, { x: 110, y: 20 }], // viewed bottom left is user bottom right
    [180, { x: 0, y: 0 }, { x: 110, y: 70 }], // viewed bottom left is user top right
    [270, { x: 0, y: 0 }, { x: 10, y: 70 }], // viewed bottom left is user top left
  ] as const)('viewed point at rotation %i', (rotation, viewed, user) => {
    const box = { x: 10, y: 20, width: 100, height: 50 };
    expect(viewedToUser(box, rotation, viewed)).toEqual(user);
  });
});

describe('QR matrix', () => {
  const box = { x: 30, y: 40, width: mmToPoints(420), height: mmToPoints(297) }; // A3 landscape, offset
  const qr = { x: 20, y: 15, width: 25 };
  const size = mmToPoints(qr.width);

  test('unrotated: the square ends x mm left of the right edge and y mm above the bottom edge', () => {
    const m = qrMatrix(box, 0, qr);
    close(apply(m, { x: size, y: 0 }), { x: box.x + box.width - mmToPoints(20), y: box.y + mmToPoints(15) });
    close(apply(m, { x: 0, y: size }), {
      x: box.x + box.width - mmToPoints(45),
      y: box.y + mmToPoints(40),
    });
  });

  test.each([90, 180, 270] as const)('rotated %i: the square bottom right is where the viewer shows it', (rotation) => {
    const m = qrMatrix(box, rotation, qr);
    const viewed = viewedSize(box, rotation);
    const expectedBottomRight = viewedToUser(box, rotation, {
      x: viewed.width - mmToPoints(qr.x),
      y: mmToPoints(qr.y),
    });
    close(apply(m, { x: size, y: 0 }), expectedBottomRight);
    // upright as viewed: the square's top left is the viewed top left
    close(
      apply(m, { x: 0, y: size }),
      viewedToUser(box, rotation, { x: viewed.width - mmToPoints(qr.x) - size, y: mmToPoints(qr.y) + size }),
    );
  });
});
