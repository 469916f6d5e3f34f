import { createCanvas } from '@napi-rs/canvas';
import { THUMBNAIL_PIXELS } from '@plankurier/shared';
import { openWithPdfjs } from '../pdf/pdfjs.ts';
import { drawFirstPageWithPdfium } from './pdfium-page.ts';

/** pdf.js repairing a broken file reads it whole; a thumbnail is not worth more than this. */
const THUMBNAIL_BUDGET_BYTES = 512 * 1024 * 1024;
const WEBP_QUALITY = 82;

/**
 * The first page (CropBox, /Rotate), its longer side THUMBNAIL_PIXELS, as WebP; null when it cannot
 * be drawn. PDFium draws it; a file PDFium cannot open or that is too large for it goes to pdf.js.
 */
export async function renderPdfThumbnail(filePath: string, size: number): Promise<Buffer | null> {
  const drawn = await drawFirstPageWithPdfium(filePath, THUMBNAIL_PIXELS);
  if (!drawn) return renderWithPdfjs(filePath, size);
  const canvas = createCanvas(drawn.width, drawn.height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(drawn.width, drawn.height);
  image.data.set(drawn.rgba);
  context.putImageData(image, 0, 0);
  return canvas.encode('webp', WEBP_QUALITY);
}

async function renderWithPdfjs(filePath: string, size: number): Promise<Buffer | null> {
  const opened = await openWithPdfjs({ path: filePath, size }, THUMBNAIL_BUDGET_BYTES);
  if (opened.status !== 'open') return null;
  try {
    const page = await opened.doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMBNAIL_PIXELS / Math.max(natural.width, natural.height) });
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
    return await canvas.encode('webp', WEBP_QUALITY);
  } catch {
    return null;
  } finally {
    await opened.close();
  }
}
