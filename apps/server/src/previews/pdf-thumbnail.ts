import { createCanvas } from '@napi-rs/canvas';
import { SHEET_PIXELS, THUMBNAIL_PIXELS } from '@plankurier/shared';
import { openWithPdfjs } from '../pdf/pdfjs.ts';
import { drawFirstPageWithPdfium } from './pdfium-page.ts';

/** pdf.js repairing a broken file reads it whole; a thumbnail is not worth more than this. */
const THUMBNAIL_BUDGET_BYTES = 512 * 1024 * 1024;
const WEBP_QUALITY = 82;

/** The first page, its longer side THUMBNAIL_PIXELS, as WebP; null when it cannot be drawn. */
export const renderPdfThumbnail = (filePath: string, size: number) =>
  renderFirstPage(filePath, size, THUMBNAIL_PIXELS, WEBP_QUALITY);

/**
 * The viewer's sheet: the first page, its longer side SHEET_PIXELS, as WebP; null when it cannot be
 * drawn. Plans are thin lines on white: quality 75 keeps them crisp at about a third of the bytes of 90.
 */
export const renderPdfSheet = (filePath: string, size: number) =>
  renderFirstPage(filePath, size, SHEET_PIXELS, SHEET_WEBP_QUALITY);
const SHEET_WEBP_QUALITY = 75;

/**
 * The first page (CropBox, /Rotate), its longer side `longerSide` pixels, as WebP. PDFium draws it;
 * a file PDFium cannot open or that is too large for it goes to pdf.js.
 */
async function renderFirstPage(
  filePath: string,
  size: number,
  longerSide: number,
  quality: number,
): Promise<Buffer | null> {
  const drawn = await drawFirstPageWithPdfium(filePath, longerSide);
  if (!drawn) return renderWithPdfjs(filePath, size, longerSide, quality);
  const canvas = createCanvas(drawn.width, drawn.height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(drawn.width, drawn.height);
  image.data.set(drawn.rgba);
  context.putImageData(image, 0, 0);
  return canvas.encode('webp', quality);
}

async function renderWithPdfjs(
  filePath: string,
  size: number,
  longerSide: number,
  quality: number,
): Promise<Buffer | null> {
  const opened = await openWithPdfjs({ path: filePath, size }, THUMBNAIL_BUDGET_BYTES);
  if (opened.status !== 'open') return null;
  try {
    const page = await opened.doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: longerSide / Math.max(natural.width, natural.height) });
    const factory = opened.doc.canvasFactory as {
      create(
        w: number,
        h: number,
      ): { canvas: { encode(format: 'webp', quality: number): Promise<Buffer> }; context: CanvasRenderingContext2D };
    };
    const { canvas, context } = factory.create(
      Math.max(1, Math.ceil(viewport.width)),
      Math.max(1, Math.ceil(viewport.height)),
    );
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, viewport.width, viewport.height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context, viewport }).promise;
    return await canvas.encode('webp', quality);
  } catch {
    return null;
  } finally {
    await opened.close();
  }
}
