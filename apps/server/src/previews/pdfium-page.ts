import fsp from 'node:fs/promises';
import { PDFiumLibrary } from '@hyzyla/pdfium';
import { askedOnOpenThoughInClear, readPdfEncryption } from '../pdf/pdf-encryption.ts';

/**
 * PDFium (Chrome's PDF engine, as WebAssembly) draws a plan's first page five to eight times faster
 * than pdf.js does in Node (an A1 sheet of 14,000 lines: about 0.3 s against 1.5–3 s of CPU), which
 * is what lets 200 uploaded plans have their thumbnails within a minute. It reads the whole file
 * into its memory, so only files up to this size go to it; larger ones are drawn by pdf.js, which
 * reads in ranges.
 */
export const PDFIUM_MAX_BYTES = 128 * 1024 * 1024;

/** One library per thread, made on first use: loading the WebAssembly costs about 100 ms. */
let library: Promise<PDFiumLibrary> | undefined;
const pdfium = () => (library ??= PDFiumLibrary.init());

/** A page drawn into RGBA pixels (white behind it), its longer side `longerSide` pixels. */
export interface DrawnPage {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/**
 * The first page as PDFium draws it (CropBox and /Rotate applied); null when PDFium cannot open it
 * (damaged, password), the file is too large for it, or viewers would ask its password on opening
 * — the caller then asks pdf.js, which repairs other damage than PDFium does.
 */
export async function drawFirstPageWithPdfium(filePath: string, longerSide: number): Promise<DrawnPage | null> {
  const { size } = await fsp.stat(filePath);
  if (size === 0 || size > PDFIUM_MAX_BYTES) return null;
  // PDFium would draw a file that viewers ask a password for on opening: pdf.js decides instead.
  const encryption = await readPdfEncryption(filePath, size).catch(() => null);
  if (encryption && askedOnOpenThoughInClear(encryption)) return null;
  const lib = await pdfium();
  const doc = await lib.loadDocument(await fsp.readFile(filePath)).catch(() => null);
  if (!doc) return null;
  try {
    if (doc.getPageCount() < 1) return null;
    const page = doc.getPage(0);
    const { originalWidth, originalHeight } = page.getOriginalSize();
    if (!(originalWidth > 0 && originalHeight > 0)) return null;
    const scale = longerSide / Math.max(originalWidth, originalHeight);
    const width = Math.max(1, Math.round(originalWidth * scale));
    const height = Math.max(1, Math.round(originalHeight * scale));
    // scale 1 with an explicit size: PDFium fits the page into exactly these pixels. Form fields
    // are drawn too (a second pass over the annotations): stamped and commented plans carry their
    // approval stamps and notes there, and the browser viewer shows them.
    const drawn = await page.render({
      scale: 1,
      width,
      height,
      colorSpace: 'BGRA',
      render: 'bitmap',
      renderFormFields: true,
    });
    return { width: drawn.width, height: drawn.height, rgba: drawn.data };
  } catch {
    return null;
  } finally {
    doc.destroy();
  }
}
