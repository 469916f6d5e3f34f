import type { PdfDocument } from './pdf-types.ts';

/** Server → render thread: render this document into this file. */
export interface RenderRequest {
  id: number;
  document: PdfDocument;
  filename: string;
}

/** Render thread → server: done (with the page count), or the render's error. */
export type RenderReply =
  { id: number; ok: true; pageCount: number } | { id: number; ok: false; message: string; stack: string };
