import { PDFDocument, PDFName, PDFNumber, type PDFPage } from 'pdf-lib';
import { viewedPageSizeMm, type PdfRect } from '@plankurier/shared';
import { openByteReader, type ByteLocation, type ByteReader } from '../../pdf/byte-reader.ts';
import { inPdfProcessFor } from '../../pdf/pdf-process.ts';
import { openWithPdfjs, pageGeometry, PRINT_PERMISSION, type PDFDocumentProxy } from '../../pdf/pdfjs.ts';
import { quietly } from '../../pdf/quietly.ts';
import { pdfEncryptionIn, protectionOf, type PdfEncryption } from '../../pdf/pdf-encryption.ts';

/**
 * What reading one file may cost: pdf.js reads a large PDF with an intact cross-reference table in
 * a few ranges, but repairing a broken one reads it whole; larger repairs are not attempted.
 * pdf-lib (page facts of a password-locked file) always needs the whole file in memory.
 */
export const PDF_INSPECT_LIMIT_BYTES = 100 * 1024 * 1024;
const HEADER_SEARCH_BYTES = 1024 * 1024;

export interface PdfFacts {
  /** The first page as viewers show it: CropBox, /Rotate, /UserUnit. Null when unknown. */
  widthMm: number | null;
  heightMm: number | null;
  pages: number | null;
  /** Flagged "Die Datei ist verschlüsselt": opening needs a password, or printing is not allowed. */
  isEncrypted: boolean;
}

export type PdfRefusal = 'upload.not_a_pdf' | 'upload.pdf_damaged';
export type PdfInspection = { ok: true; facts: PdfFacts } | { ok: false; refusal: PdfRefusal };

const UNKNOWN_SIZE = { widthMm: null, heightMm: null, pages: null };

/**
 * Accepts what PDF viewers open (pdf.js decides, with its repairs: broken or missing
 * cross-reference tables, garbage before `%PDF-`, object streams, PDF 2.0) and reads its facts.
 * Refuses a file that is not a PDF at all, or one no reader can open (damaged, truncated).
 * A password-locked PDF is kept and flagged; its page facts come from pdf-lib when it can read
 * the unencrypted numbers. The file is a path, or where it is (a finished upload in the bucket).
 */
export async function inspectPdf(file: string | ByteLocation, size: number): Promise<PdfInspection> {
  const reader = await openByteReader(typeof file === 'string' ? { path: file } : file, size);
  try {
    return await inspectBytes(reader);
  } finally {
    await reader.close();
  }
}

async function inspectBytes(reader: ByteReader): Promise<PdfInspection> {
  const encryption = await pdfEncryptionIn(reader).catch(() => null);
  const opening = await openWithPdfjs({ reader }, PDF_INSPECT_LIMIT_BYTES);
  switch (opening.status) {
    case 'open':
      try {
        return await openedFacts(opening.doc, encryption);
      } finally {
        await opening.close();
      }
    case 'password':
      return { ok: true, facts: await lockedFacts(reader, encryption) };
    case 'over_budget':
      // Too large to repair here; viewers repair it when they open it.
      if (!(await hasPdfHeader(reader))) return { ok: false, refusal: 'upload.not_a_pdf' };
      return { ok: true, facts: { ...UNKNOWN_SIZE, isEncrypted: protectionOf(encryption, false) !== null } };
    case 'unreadable':
      // Another security handler than passwords (certificates): pdf.js cannot open it, Acrobat can.
      if (encryption && encryption.filter !== 'Standard')
        return { ok: true, facts: await lockedFacts(reader, encryption) };
      return { ok: false, refusal: (await hasPdfHeader(reader)) ? 'upload.pdf_damaged' : 'upload.not_a_pdf' };
  }
}

/** inspectPdf in the PDF process, in the office's turn: the server keeps answering while a large file is read or repaired. */
export const inspectPdfInChild = (file: string | ByteLocation, size: number, officeId = '') =>
  inPdfProcessFor<PdfInspection>(officeId, new URL(import.meta.url), 'inspectPdf', file, size);

async function openedFacts(doc: PDFDocumentProxy, encryption: PdfEncryption | null): Promise<PdfInspection> {
  if (doc.numPages < 1) return { ok: false, refusal: 'upload.pdf_damaged' };
  const page = await pageGeometry(doc, 1).catch(() => null);
  const size = page && viewedPageSizeMm({ mediaBox: page.box, rotate: page.rotate, userUnit: page.userUnit });
  if (!size) return { ok: false, refusal: 'upload.pdf_damaged' };
  let isEncrypted = protectionOf(encryption, false) !== null;
  if (!encryption) {
    // The dictionary was not found in the bytes, but pdf.js read one: its permissions decide.
    const permissions = await doc.getPermissions().catch(() => null);
    isEncrypted = permissions !== null && !permissions.has(PRINT_PERMISSION);
  }
  return { ok: true, facts: { ...size, pages: doc.numPages, isEncrypted } };
}

/**
 * A file pdf.js will not open without a password. Page numbers are not encrypted, so pdf-lib can
 * often still read the size; a file whose streams and strings are in the clear (only attachments
 * encrypted) opens in every viewer and is not flagged.
 */
async function lockedFacts(reader: ByteReader, encryption: PdfEncryption | null): Promise<PdfFacts> {
  const isEncrypted = protectionOf(encryption, true) !== null;
  if (reader.size > PDF_INSPECT_LIMIT_BYTES) return { ...UNKNOWN_SIZE, isEncrypted };
  const doc = await quietly(async () =>
    PDFDocument.load(await reader.read(0, reader.size), {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    }),
  ).catch(() => null);
  try {
    const pages = doc?.getPageCount() ?? 0;
    const first = pages > 0 ? doc!.getPage(0) : null;
    const viewed = first ? viewedPageSizeMm(pdfLibGeometry(first)) : null;
    return viewed ? { ...viewed, pages, isEncrypted } : { ...UNKNOWN_SIZE, isEncrypted };
  } catch {
    return { ...UNKNOWN_SIZE, isEncrypted };
  }
}

/** MediaBox, CropBox, /Rotate and /UserUnit of a page pdf-lib read. */
function pdfLibGeometry(page: PDFPage) {
  const rect = ({ x, y, width, height }: { x: number; y: number; width: number; height: number }): PdfRect => [
    x,
    y,
    x + width,
    y + height,
  ];
  const userUnit = page.node.lookupMaybe(PDFName.of('UserUnit'), PDFNumber)?.asNumber();
  return {
    mediaBox: rect(page.getMediaBox()),
    cropBox: rect(page.getCropBox()),
    rotate: page.getRotation().angle,
    userUnit,
  };
}

/** `%PDF-` near the start: a PDF, however damaged; without it the file is something else. */
async function hasPdfHeader(reader: ByteReader): Promise<boolean> {
  return (await reader.read(0, HEADER_SEARCH_BYTES)).includes('%PDF-');
}
