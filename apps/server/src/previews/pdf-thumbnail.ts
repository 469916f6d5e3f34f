import { THUMBNAIL_PIXELS } from '@plankurier/shared';
import { openWithPdfjs } from '../pdf/pdfjs.ts';

/** pdf.js repairing a broken file reads it whole; a thumbnail is not worth more than this. */
const THUMBNAIL_BUDGET_BYTES = 512 * 1024 * 1024;

/** The first page as pdf.js draws it (CropBox, /Rotate), its longer side THUMBNAIL_PIXELS; null when it cannot be drawn. */
export async function renderPdfThumbnail(filePath: string, size: number): Promise<Buffer | null> {
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
    return await canvas.encode('webp', 82);
  } catch {
    return null;
  } finally {
    await opened.close();
  }
}
