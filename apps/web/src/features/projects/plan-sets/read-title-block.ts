import { readFirstPageTitleBlock, type TitleBlockReading } from '@plankurier/shared';

/**
 * The title block of a dropped PDF read in the browser (pdf.js in its shared worker, loaded on
 * demand), by the same reader as the server's: nothing is uploaded for comparing a name with its
 * title block. Throws when pdf.js cannot open the file.
 */
export async function readTitleBlockHere(file: Blob): Promise<TitleBlockReading | null> {
  const [pdfjs, { pdfWorker }] = await Promise.all([import('pdfjs-dist'), import('../../viewer/pdf-document')]);
  const loading = pdfjs.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    worker: pdfWorker(),
  });
  try {
    return await readFirstPageTitleBlock(await loading.promise);
  } finally {
    void loading.destroy();
  }
}
