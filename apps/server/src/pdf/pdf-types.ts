import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/** The footer of every page, as data: the render thread turns it into pdfmake's footer function. */
export interface PageFooter {
  /** Left, the same on every page. */
  text: string;
  /** Right, with '{page}' and '{pages}' filled in per page: 'Seite {page} von {pages}'. */
  pageLabel: string;
  margin: [number, number, number, number];
  fontSize: number;
  color: string;
}

/**
 * A document to render. It is posted to the render thread, so it is plain data: no functions
 * (table layouts by name, see table-layouts.ts; the page footer as `pageFooter`, not `footer`).
 */
export interface PdfDocument {
  definition: Omit<TDocumentDefinitions, 'footer'>;
  pageFooter?: PageFooter;
}

export interface PdfRendered {
  pageCount: number;
  /**
   * When the render thread took the document up, had it built, and had the file written: ms since
   * the epoch on the high-resolution clock, so the server's thread can compare them with its own.
   */
  timings: { startedAt: number; builtAt: number; writtenAt: number };
}
