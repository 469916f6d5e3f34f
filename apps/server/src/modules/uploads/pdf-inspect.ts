import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PDFDocument } from 'pdf-lib';
import { pointsToMm } from '@plankurier/shared';

/** PDFs up to this size are parsed with pdf-lib in memory; larger ones only get the encryption check. */
export const PDF_INSPECT_LIMIT_BYTES = 100 * 1024 * 1024;
const TAIL_BYTES = 1024 * 1024;

/** The PDF's bytes, or a range of them (inclusive end): a local file, or a finished upload in the bucket. */
export type OpenBytes = (range?: { start: number; end: number }) => Promise<Readable>;

const openFile =
  (filePath: string): OpenBytes =>
  async (range) =>
    fs.createReadStream(filePath, range ? { start: range.start, end: range.end } : {});

export interface PdfFacts {
  widthMm: number | null;
  heightMm: number | null;
  pages: number | null;
  isEncrypted: boolean;
}

/**
 * Page size of the first page (mm, /Rotate 90/270 swaps), page count and the encrypted flag.
 * Returns null for a PDF that cannot be read (damaged, no pages): the caller refuses it.
 *
 * pdf-lib needs the whole file in memory, so only PDFs up to PDF_INSPECT_LIMIT_BYTES are parsed.
 * Larger ones (and encrypted ones whose object streams pdf-lib cannot read without the key) are
 * stored with size and page count unknown; their encryption is read from the trailer.
 */
export async function inspectPdf(source: string | OpenBytes, size: number): Promise<PdfFacts | null> {
  const open = typeof source === 'string' ? openFile(source) : source;
  const trailerEncrypted = size > 0 && (await declaresEncryption(open, size));
  if (size > PDF_INSPECT_LIMIT_BYTES)
    return { widthMm: null, heightMm: null, pages: null, isEncrypted: trailerEncrypted };

  const bytes = await buffer(await open());
  const doc = await quietly(() =>
    PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true }),
  ).catch(() => null);
  if (!doc) return trailerEncrypted ? { widthMm: null, heightMm: null, pages: null, isEncrypted: true } : null;
  try {
    // pdf-lib loads some damaged files without complaint: the page tree must really hold pages.
    const pages = doc.getPageCount();
    if (pages < 1) return null;
    const page = doc.getPage(0);
    const { width, height } = page.getSize();
    if (!(width > 0 && height > 0)) return null;
    const quarterTurns = Math.round((((page.getRotation().angle % 360) + 360) % 360) / 90);
    const turned = quarterTurns % 2 === 1;
    return {
      widthMm: pointsToMm(turned ? height : width),
      heightMm: pointsToMm(turned ? width : height),
      pages,
      isEncrypted: doc.isEncrypted || trailerEncrypted,
    };
  } catch {
    return trailerEncrypted ? { widthMm: null, heightMm: null, pages: null, isEncrypted: true } : null;
  }
}

/** True when the last trailer or cross-reference stream names an /Encrypt dictionary. */
async function declaresEncryption(open: OpenBytes, size: number): Promise<boolean> {
  const length = Math.min(size, TAIL_BYTES);
  const tail = await buffer(await open({ start: size - length, end: size - 1 }));
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(tail.toString('latin1'));
}

/**
 * pdf-lib logs parse noise through console for damaged files; the server logs through pino, so
 * console is muted while any inspection runs (counted, so overlapping inspections restore once).
 */
let quietDepth = 0;
let savedConsole: Pick<Console, 'log' | 'warn' | 'error'> | undefined;
export async function quietly<T>(work: () => Promise<T>): Promise<T> {
  if (quietDepth++ === 0) {
    savedConsole = { log: console.log, warn: console.warn, error: console.error };
    const silent = () => undefined;
    console.log = silent;
    console.warn = silent;
    console.error = silent;
  }
  try {
    return await work();
  } finally {
    if (--quietDepth === 0 && savedConsole) Object.assign(console, savedConsole);
  }
}
