import type { PDFDataRangeTransport, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openByteReader, type ByteReader } from './byte-reader.ts';

/** Fonts a PDF names without embedding them (Helvetica, Times …): pdf.js's own, read from its package (thumbnails draw text). */
const STANDARD_FONTS =
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') +
  path.sep;

export type { PDFDocumentProxy };
/** pdf.js's PermissionFlag.PRINT and VerbosityLevel.ERRORS, as constants so this module loads without pdf.js (checked in pdfjs.test.ts). */
export const PRINT_PERMISSION = 4;
export const PDFJS_ERRORS_ONLY = 0;

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loading: Promise<Pdfjs> | undefined;

/**
 * pdf.js's legacy build is loaded on first use, never at start: its polyfills make every
 * JSON.stringify of the process about twenty times slower (a 2,000-plan project's answer: 1.1 s
 * instead of 60 ms), and the server's main process only reaches it through child-process helpers.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // pdf.js runs its parser in-process (no worker thread) once the worker module has set globalThis.pdfjsWorker.
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return pdfjs;
  })();
  return loading;
}

/** What pdf.js made of a file: opened, locked by a password, or not readable as a PDF. */
export type PdfjsOpening =
  | { status: 'open'; doc: PDFDocumentProxy; close: () => Promise<void> }
  | { status: 'password' }
  | { status: 'unreadable'; message: string }
  /** Reading it would take more than the byte budget (a large file whose cross-reference table is broken). */
  | { status: 'over_budget' };

const RANGE_CHUNK_BYTES = 64 * 1024;

const OPTIONS = {
  verbosity: PDFJS_ERRORS_ONLY,
  isOffscreenCanvasSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  stopAtErrors: false,
  standardFontDataUrl: STANDARD_FONTS,
} as const;

/**
 * Opens a PDF the way Firefox's viewer does — repairing broken cross-reference tables, skipping
 * leading garbage, reading object streams — with the empty user password. A file is read in
 * ranges as pdf.js asks for them, so a large plan with an intact cross-reference table costs a few
 * hundred kilobytes; a repair reads everything, so `budgetBytes` bounds what one file may cost.
 * A reader passed in stays open (its owner closes it); a path is opened and closed here.
 */
export async function openWithPdfjs(
  source: { path: string; size: number } | { reader: ByteReader } | { data: Uint8Array },
  budgetBytes: number,
): Promise<PdfjsOpening> {
  const pdfjs = await loadPdfjs();
  if ('data' in source) {
    if (source.data.length > budgetBytes) return { status: 'over_budget' };
    return settle(
      pdfjs.getDocument({ ...OPTIONS, data: new Uint8Array(source.data) }),
      new Promise(() => undefined),
      () => Promise.resolve(),
    );
  }
  const size = 'reader' in source ? source.reader.size : source.size;
  if (size === 0) return { status: 'unreadable', message: 'empty file' };
  const reader = 'reader' in source ? source.reader : await openByteReader({ path: source.path }, source.size);
  const release = 'reader' in source ? () => Promise.resolve() : () => reader.close();
  const first = await readRange(reader, 0, Math.min(size, RANGE_CHUNK_BYTES)).catch(async (err: unknown) => {
    await release();
    throw err;
  });
  let read = 0;
  // pdf.js's destroy() leaves the loading promise pending: a refused range settles through this one.
  let stop: (reason: 'over_budget' | 'read_error') => void = () => undefined;
  const stopped = new Promise<'over_budget' | 'read_error'>((resolve) => (stop = resolve));
  const transport = new (class extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      read += end - begin;
      if (read > budgetBytes) {
        stop('over_budget');
        return;
      }
      void deliver(this, begin, end);
    }
  })(size, first);
  // pdf.js takes each requested range as one chunk (the budget bounds its size).
  const deliver = async (range: PDFDataRangeTransport, begin: number, end: number) => {
    try {
      range.onDataRange(begin, await readRange(reader, begin, end - begin));
    } catch {
      stop('read_error');
    }
  };
  const task = pdfjs.getDocument({
    ...OPTIONS,
    range: transport,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
  });
  return settle(task, stopped, release);
}

async function settle(
  task: ReturnType<Pdfjs['getDocument']>,
  stopped: Promise<'over_budget' | 'read_error'>,
  release: () => Promise<void>,
): Promise<PdfjsOpening> {
  const close = async () => {
    await task.destroy().catch(() => undefined);
    await release().catch(() => undefined);
  };
  try {
    const outcome = await Promise.race([task.promise, stopped]);
    if (outcome === 'over_budget' || outcome === 'read_error') {
      await close();
      return outcome === 'over_budget' ? { status: 'over_budget' } : { status: 'unreadable', message: 'read error' };
    }
    return { status: 'open', doc: outcome, close };
  } catch (err) {
    await close();
    // pdf.js does not export PasswordException; its name is stable API (used by its viewer).
    if (err instanceof Error && err.name === 'PasswordException') return { status: 'password' };
    return { status: 'unreadable', message: err instanceof Error ? err.message : String(err) };
  }
}

async function readRange(reader: ByteReader, position: number, length: number): Promise<Uint8Array> {
  const bytes = await reader.read(position, length);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** The visible area of a page as pdf.js reads it: the CropBox clipped to the MediaBox, /Rotate, /UserUnit. */
export async function pageGeometry(doc: PDFDocumentProxy, pageNumber: number) {
  const page = await doc.getPage(pageNumber);
  const [x1, y1, x2, y2] = page.view as [number, number, number, number];
  return { box: [x1, y1, x2, y2] as const, rotate: page.rotate, userUnit: page.userUnit };
}
