import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type { PDFDocumentProxy };

let sharedWorker: pdfjs.PDFWorker | null = null;

/**
 * pdf.js's worker, one for every PDF this page opens. It starts as a finger goes down on a plan
 * (preload-viewer.ts) or else when the viewer asks for the file's address, so that starting its
 * script (about 1 MB) overlaps with that instead of following it; a second plan finds it running.
 */
export function pdfWorker(): pdfjs.PDFWorker {
  if (!sharedWorker || sharedWorker.destroyed) {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    sharedWorker = new pdfjs.PDFWorker();
  }
  return sharedWorker;
}

/** Opens a PDF by URL; pdf.js reads it in ranges and parses it in the shared worker (a same-origin asset). */
export function openPdf(url: string) {
  return pdfjs.getDocument({ url, worker: pdfWorker() });
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
