import { readFirstPageTitleBlock, type TitleBlockReading } from '@plankurier/shared';
import { inPdfProcessFor } from '../../pdf/pdf-process.ts';
import { openWithPdfjs } from '../../pdf/pdfjs.ts';

/**
 * The title block of a PDF's first page, read on the server (for a dropped PDF whose name said
 * nothing): pdf.js' text of page 1, read by the shared reader (`readFirstPageTitleBlock`).
 */

/** The largest PDF whose title block is read (a repair reads it whole); the web sends only unmatched PDFs. */
export const TITLE_BLOCK_MAX_BYTES = 100 * 1024 * 1024;

/** opened: false when pdf.js cannot open the file (no PDF, damaged, locked by a password). */
export interface TitleBlockResult {
  opened: boolean;
  reading: TitleBlockReading | null;
}

export async function readTitleBlock(path: string, size: number): Promise<TitleBlockResult> {
  const opening = await openWithPdfjs({ path, size }, TITLE_BLOCK_MAX_BYTES);
  if (opening.status !== 'open') return { opened: false, reading: null };
  try {
    return { opened: true, reading: await readFirstPageTitleBlock(opening.doc) };
  } finally {
    await opening.close();
  }
}

/** readTitleBlock in the PDF process, in the office's turn: pdf.js' text extraction is synchronous work. */
export const readTitleBlockInChild = (path: string, size: number, officeId: string) =>
  inPdfProcessFor<TitleBlockResult>(officeId, new URL(import.meta.url), 'readTitleBlock', path, size);
