/** Paper sizes in millimetres (short × long side): ISO 216 A0–A4 and the common US sizes. */
const PAPER_SIZES = [
  { name: 'A0', w: 841, h: 1189 },
  { name: 'A1', w: 594, h: 841 },
  { name: 'A2', w: 420, h: 594 },
  { name: 'A3', w: 297, h: 420 },
  { name: 'A4', w: 210, h: 297 },
  { name: 'Letter', w: 215.9, h: 279.4 },
  { name: 'Legal', w: 215.9, h: 355.6 },
  { name: 'Tabloid', w: 279.4, h: 431.8 },
] as const;

export const POINTS_PER_MM = 72 / 25.4;
export const pointsToMm = (points: number) => Math.round((points / POINTS_PER_MM) * 10) / 10;

/**
 * The paper format of a page in millimetres, in either orientation, within a 2% tolerance (PDFs
 * from CAD often differ by a fraction of a millimetre); null for other sizes.
 */
export function pageFormat(widthMm: number, heightMm: number): string | null {
  const short = Math.min(widthMm, heightMm);
  const long = Math.max(widthMm, heightMm);
  const match = PAPER_SIZES.find((a) => Math.abs(short - a.w) <= a.w * 0.02 && Math.abs(long - a.h) <= a.h * 0.02);
  return match?.name ?? null;
}

/** A PDF rectangle [x1 y1 x2 y2] in default user space units; corners in any order. */
export type PdfRect = readonly [number, number, number, number];

/**
 * Width and height (mm) of a page as viewers show it and printers print it: the CropBox clipped
 * to the MediaBox (the MediaBox when the CropBox is missing or lies outside it), turned by /Rotate
 * (90 and 270 swap the sides), in units of /UserUnit (1/72 inch by default). Null for a page
 * without area.
 */
export function viewedPageSizeMm(page: {
  mediaBox: PdfRect;
  cropBox?: PdfRect | null;
  rotate?: number;
  userUnit?: number;
}): { widthMm: number; heightMm: number } | null {
  const media = normalised(page.mediaBox);
  const visible = (page.cropBox && intersection(media, normalised(page.cropBox))) || media;
  const unit = page.userUnit && page.userUnit > 0 ? page.userUnit : 1;
  const width = (visible[2] - visible[0]) * unit;
  const height = (visible[3] - visible[1]) * unit;
  if (!(width > 0 && height > 0)) return null;
  const turned = (((Math.round((page.rotate ?? 0) / 90) % 4) + 4) % 4) % 2 === 1;
  return { widthMm: pointsToMm(turned ? height : width), heightMm: pointsToMm(turned ? width : height) };
}

const normalised = ([a, b, c, d]: PdfRect): PdfRect => [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];

function intersection(a: PdfRect, b: PdfRect): PdfRect | null {
  const rect: PdfRect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return rect[2] > rect[0] && rect[3] > rect[1] ? rect : null;
}
