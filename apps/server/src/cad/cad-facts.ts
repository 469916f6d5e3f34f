import { isCadRelease, isCadUnits } from '@plankurier/shared';

/** What the file list shows of a drawing, the way it shows a PDF's page size; null where the file names nothing. */
export interface CadFacts {
  /** AutoCAD release code (`AC1032`). */
  release: string | null;
  /** `$INSUNITS`. */
  units: number | null;
  /** Width and height of the drawing extents, in drawing units. */
  width: number | null;
  height: number | null;
}

export type CadReading = { ok: true; facts: CadFacts } | { ok: false };

export interface Point {
  x: number;
  y: number;
}

/** AutoCAD's extents of an empty drawing are ±1e20: anything that large is no drawing's size. */
const LARGEST_COORDINATE = 1e19;

/** Width and height of the extents, or null when they are unset, empty or not numbers. */
export function extentsSize(min: Point | null, max: Point | null): { width: number; height: number } | null {
  if (!min || !max) return null;
  const coordinates = [min.x, min.y, max.x, max.y];
  if (!coordinates.every((c) => Number.isFinite(c) && Math.abs(c) < LARGEST_COORDINATE)) return null;
  if (max.x < min.x || max.y < min.y) return null;
  return { width: max.x - min.x, height: max.y - min.y };
}

/** The facts from what a reader found: only known releases and unit codes are kept. */
export function cadFacts(found: {
  release: string | null;
  units: number | null;
  min: Point | null;
  max: Point | null;
}): CadFacts {
  const size = extentsSize(found.min, found.max);
  return {
    release: found.release !== null && isCadRelease(found.release) ? found.release : null,
    units: found.units !== null && isCadUnits(found.units) ? found.units : null,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}
