import { z } from 'zod';
import { QrDefaultsSchema } from './user.ts';

/**
 * QR code on a plan PDF (spec §3 Doc QR settings, §9): position and size in millimetres, measured
 * from the bottom-right corner of the page as it is viewed to the bottom-right corner of the square.
 */
export const DocQrSettingsSchema = z.object({
  x: QrDefaultsSchema.shape.x,
  y: QrDefaultsSchema.shape.y,
  width: QrDefaultsSchema.shape.width,
  hasBorder: z.boolean(),
  /** On: the office's and recipients' downloads of the main PDF carry the code. */
  embed: z.boolean(),
});
export type DocQrSettings = z.infer<typeof DocQrSettingsSchema>;

/** GET/PUT /api/doc/:id/qr */
export interface DocQrDto extends DocQrSettings {
  /** true while the doc has no settings of its own and follows the user's defaults. */
  isDefault: boolean;
}

export const QrTokenParams = z.object({ token: z.string().max(200) });

export type QrScanState = 'current' | 'outdated' | 'preparation';

/** GET /api/q/:token — public: only what tells a person on site whether the plan is still valid. */
export interface QrPublicDto {
  office: { company: string };
  doc: { number: string; name: string };
  scanned: { index: string; releaseDate: string | null; state: QrScanState };
  /** The current version of the plan; null when none is released. */
  current: { index: string; releaseDate: string | null } | null;
}

/** Where the square sits on the viewed page, in millimetres from the top-left corner (for a preview). */
export function qrSquareFromTopLeft(
  page: { widthMm: number; heightMm: number },
  qr: Pick<DocQrSettings, 'x' | 'y' | 'width'>,
) {
  return { leftMm: page.widthMm - qr.x - qr.width, topMm: page.heightMm - qr.y - qr.width };
}

/** The stored position for a square dragged to `leftMm`/`topMm`, kept on the page, rounded to 0.5 mm. */
export function qrPositionFromTopLeft(
  page: { widthMm: number; heightMm: number },
  square: { leftMm: number; topMm: number; width: number },
): { x: number; y: number } {
  const round = (mm: number) => Math.round(mm * 2) / 2;
  const clamp = (mm: number, max: number) => Math.min(Math.max(mm, 0), Math.max(max, 0));
  return {
    x: round(clamp(page.widthMm - square.leftMm - square.width, page.widthMm - square.width)),
    y: round(clamp(page.heightMm - square.topMm - square.width, page.heightMm - square.width)),
  };
}

/**
 * Whether the square fits on a page of this size (mm, as viewed) at its distances from the
 * bottom-right corner. A code that does not fit would be cut off or drawn outside the sheet.
 */
export const qrFitsPage = (
  page: { widthMm: number; heightMm: number },
  qr: Pick<DocQrSettings, 'x' | 'y' | 'width'>,
): boolean => qr.x + qr.width <= page.widthMm + 0.05 && qr.y + qr.width <= page.heightMm + 0.05;
