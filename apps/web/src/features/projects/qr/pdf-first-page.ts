import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export interface RenderedPage {
  /** The page as a viewer shows it (CropBox, /Rotate applied), in millimetres. */
  widthMm: number;
  heightMm: number;
}

const MM_PER_POINT = 25.4 / 72;

/**
 * Draws the first page of a PDF into the canvas, `cssWidth` pixels wide (sharp on HiDPI screens).
 * pdf.js is loaded on demand: only the placement preview needs it. Its worker is a same-origin
 * asset (the CSP allows worker-src 'self').
 */
export async function renderFirstPage(url: string, canvas: HTMLCanvasElement, cssWidth: number): Promise<RenderedPage> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const loading = pdfjs.getDocument({ url });
  try {
    const pdf = await loading.promise;
    const page = await pdf.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (cssWidth / natural.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${cssWidth}px`;
    canvas.style.height = `${(cssWidth * natural.height) / natural.width}px`;
    await page.render({ canvas, viewport }).promise;
    return { widthMm: natural.width * MM_PER_POINT, heightMm: natural.height * MM_PER_POINT };
  } finally {
    void loading.destroy();
  }
}
