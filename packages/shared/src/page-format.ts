/** ISO 216 A-series sizes in millimetres (short × long side). */
const A_SIZES = [
  { name: 'A0', w: 841, h: 1189 },
  { name: 'A1', w: 594, h: 841 },
  { name: 'A2', w: 420, h: 594 },
  { name: 'A3', w: 297, h: 420 },
  { name: 'A4', w: 210, h: 297 },
] as const;

export const POINTS_PER_MM = 72 / 25.4;
export const pointsToMm = (points: number) => Math.round((points / POINTS_PER_MM) * 10) / 10;

/**
 * The A format of a page in millimetres, in either orientation, within a 2% tolerance (PDFs from
 * CAD often differ by a fraction of a millimetre); null for other sizes.
 */
export function pageFormat(widthMm: number, heightMm: number): string | null {
  const short = Math.min(widthMm, heightMm);
  const long = Math.max(widthMm, heightMm);
  const match = A_SIZES.find((a) => Math.abs(short - a.w) <= a.w * 0.02 && Math.abs(long - a.h) <= a.h * 0.02);
  return match?.name ?? null;
}
