import { POINTS_PER_MM } from '@plankurier/shared';

export const mmToPoints = (mm: number) => mm * POINTS_PER_MM;
export const pointsToMmExact = (points: number) => points / POINTS_PER_MM;

/** The visible area of a page in PDF user space (its CropBox, else its MediaBox). */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** /Rotate normalised to 0, 90, 180 or 270 (PDF allows any multiple of 90, also negative). */
export const normaliseRotation = (angle: number): 0 | 90 | 180 | 270 => {
  const r = (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
  return r as 0 | 90 | 180 | 270;
};

/** Width and height of the page as a viewer shows it (90 and 270 swap the sides). */
export const viewedSize = (box: PageBox, rotation: 0 | 90 | 180 | 270) =>
  rotation === 90 || rotation === 270
    ? { width: box.height, height: box.width }
    : { width: box.width, height: box.height };

/**
 * A point of the viewed page (origin bottom left, as shown after /Rotate turns the page clockwise)
 * in the page's own user space.
 */
export function viewedToUser(box: PageBox, rotation: 0 | 90 | 180 | 270, p: { x: number; y: number }) {
  switch (rotation) {
    case 0:
      return { x: box.x + p.x, y: box.y + p.y };
    case 90:
      return { x: box.x + box.width - p.y, y: box.y + p.x };
    case 180:
      return { x: box.x + box.width - p.x, y: box.y + box.height - p.y };
    case 270:
      return { x: box.x + p.y, y: box.y + box.height - p.x };
  }
}

/**
 * The transformation matrix [a b c d e f] that maps a square drawn upright at the origin (in
 * points, y up) onto the page so that it appears `x`/`y` mm from the viewed bottom-right corner,
 * upright, `width` mm wide. Rotating the drawing by the page's /Rotate counter-clockwise cancels
 * the viewer's clockwise turn; a page with /UserUnit (user space units of UserUnit/72 inch) scales
 * the drawing down by that factor.
 */
export function qrMatrix(
  box: PageBox,
  rotation: 0 | 90 | 180 | 270,
  qr: { x: number; y: number; width: number },
  userUnit = 1,
): [number, number, number, number, number, number] {
  const unitsPerMm = mmToPoints(1) / userUnit;
  const viewed = viewedSize(box, rotation);
  const size = qr.width * unitsPerMm;
  const corner = viewedToUser(box, rotation, {
    x: viewed.width - qr.x * unitsPerMm - size,
    y: qr.y * unitsPerMm,
  });
  const rad = (rotation * Math.PI) / 180;
  const cos = Math.round(Math.cos(rad)) / userUnit;
  const sin = Math.round(Math.sin(rad)) / userUnit;
  return [cos, sin, -sin, cos, corner.x, corner.y];
}
