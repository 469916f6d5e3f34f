import { readTitleBlockText, type PdfTextItem, type TitleBlockReading } from '@plankurier/shared';

/**
 * The title block of a dropped PDF read in the browser (pdf.js in its shared worker, loaded on
 * demand), by the same reader as the server's: nothing is uploaded for comparing a name with its
 * title block. Throws when pdf.js cannot open the file.
 */
export async function readTitleBlockHere(file: Blob): Promise<TitleBlockReading | null> {
  const [pdfjs, { pdfWorker }] = await Promise.all([import('pdfjs-dist'), import('../../viewer/pdf-document')]);
  const loading = pdfjs.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    isEvalSupported: false,
    worker: pdfWorker(),
  });
  try {
    const doc = await loading.promise;
    if (doc.numPages < 1) return null;
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item);
    return readTitleBlockText(items, {
      width: viewport.width,
      height: viewport.height,
      toViewport: (x, y) => viewport.convertToViewportPoint(x, y) as [number, number],
    });
  } finally {
    void loading.destroy();
  }
}
