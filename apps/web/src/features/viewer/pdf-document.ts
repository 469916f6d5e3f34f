import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type { PDFDocumentProxy };

/** Opens a PDF by URL; pdf.js reads it in ranges and parses it in its worker (a same-origin asset). */
export function openPdf(url: string) {
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs.getDocument({ url, isEvalSupported: false });
}

/** Pixels a canvas may have: phones refuse larger ones (iOS draws nothing past about 16.7 million). */
const MAX_CANVAS_PIXELS = 16_000_000;

/**
 * Draws a page into the canvas: `cssWidth` wide on screen, `zoom` times sharper for a zoomed view,
 * times the screen's pixel ratio, within the canvas limit.
 */
export function drawPage(page: PDFPageProxy, canvas: HTMLCanvasElement, cssWidth: number, zoom: number): RenderTask {
  const natural = page.getViewport({ scale: 1 });
  const wanted = (cssWidth / natural.width) * zoom * (window.devicePixelRatio || 1);
  const limit = Math.sqrt(MAX_CANVAS_PIXELS / (natural.width * natural.height));
  const viewport = page.getViewport({ scale: Math.min(wanted, limit) });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  return page.render({ canvas, viewport });
}
