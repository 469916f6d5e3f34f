import type { DocumentSource } from './document-builders.ts';
import type { PdfDocument, PdfRendered } from './pdf-types.ts';

/** What the render thread draws: a built document, or the rows it builds one from first. */
export type RenderJob = { document: PdfDocument } | { source: DocumentSource };

/** Server → render thread: render this job into this file. */
export interface RenderRequest {
  id: number;
  job: RenderJob;
  filename: string;
}

/**
 * Render thread → server: it began the job (its time limit counts from here, not from loading the
 * thread), then done (page count and timings), or the build's or render's error.
 */
export type RenderReply =
  | { id: number; started: true }
  | { id: number; ok: true; rendered: PdfRendered }
  | { id: number; ok: false; message: string; stack: string };
