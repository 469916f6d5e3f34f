import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import {
  PDFDocument,
  concatTransformationMatrix,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  type PDFOperator,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { errors, qrFitsPage, viewedPageSizeMm, type PdfRect } from '@plankurier/shared';
import { openByteReader, type ByteReader } from '../../pdf/byte-reader.ts';
import { contentInClear, pdfEncryptionIn, pdfEncryptionOf } from '../../pdf/pdf-encryption.ts';
import { inStampProcessFor } from '../../pdf/pdf-process.ts';
import { openWithPdfjs, pageGeometry, type PDFDocumentProxy } from '../../pdf/pdfjs.ts';
import { quietly } from '../../pdf/quietly.ts';
import { isolateContent } from './content-isolation.ts';
import { mmToPoints, normaliseRotation, qrMatrix } from './placement.ts';

export interface StampPlacement {
  x: number;
  y: number;
  width: number;
  hasBorder: boolean;
}

/** Raise when the stamp's look changes: cached copies of the old look are then made again. */
export const STAMP_LAYOUT_VERSION = 2;
/** Light modules around the code when the border is on (ISO 18004 asks for 4; 2 reads well on paper). */
const QUIET_MODULES = 2;
/** pdf-lib holds the whole PDF in memory, pdf.js a copy: the same bound as the upload's inspection. */
export const STAMP_LIMIT_BYTES = 100 * 1024 * 1024;

interface PageGeometry {
  box: PdfRect;
  rotate: number;
  userUnit: number;
}

/**
 * A copy of the PDF with the QR code of `url` drawn on EVERY page: a sheet taken out of a printed
 * set still tells whether it is current. The code is vector (crisp at any plot size), upright as
 * the page is viewed, whatever its /Rotate, CropBox and /UserUnit, and drawn after the page's
 * content has been isolated, so a clipping path, transformation or open graphics state left behind
 * by it cannot hide or move the code.
 *
 * Pages are placed as pdf.js (a viewer) reads them; pdf-lib writes the copy. Refused: a file that
 * needs a password or is encrypted beyond its attachments (qr.encrypted: rewriting would break its
 * protection), a code that does not fit a page (qr.does_not_fit), and a file the two readers do
 * not agree on or whose copy would not open again (qr.unreadable).
 */
export async function stampQr(original: Uint8Array, url: string, placement: StampPlacement): Promise<Uint8Array> {
  if (original.length > STAMP_LIMIT_BYTES) throw errors.qrTooLarge();
  const geometry = await viewerGeometry(original);
  for (const page of geometry) {
    const viewed = viewedPageSizeMm({ mediaBox: page.box, rotate: page.rotate, userUnit: page.userUnit });
    if (!viewed) throw errors.qrUnreadable();
    if (!qrFitsPage(viewed, placement)) throw errors.qrDoesNotFit();
  }

  const doc = await loadForWriting(original);
  const pages = (() => {
    try {
      return doc.getPages();
    } catch {
      throw errors.qrUnreadable();
    }
  })();
  // pdf-lib reads some damaged files differently from viewers: a copy must not lose or add pages.
  if (pages.length !== geometry.length) throw errors.qrUnreadable();

  const operators = qrOperators(url, placement);
  pages.forEach((page, i) => {
    const { box, rotate, userUnit } = geometry[i]!;
    const matrix = qrMatrix(
      { x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1] },
      normaliseRotation(rotate),
      placement,
      userUnit,
    );
    const contents = isolateContent(page);
    const stamp = [pushGraphicsState(), concatTransformationMatrix(...matrix), ...operators, popGraphicsState()];
    contents.push(doc.context.register(doc.context.contentStream(stamp)));
  });
  const copy = await quietly(() => doc.save({ useObjectStreams: false }));
  await expectSamePages(copy, geometry);
  return copy;
}

/**
 * stampQr from file to file in the QR stamp process, in the office's turn: neither the original nor
 * the copy passes through the server's thread, and a long file never delays an upload's check.
 * Returns the copy's size and SHA-256.
 */
export const stampQrFileInChild = (
  input: string,
  output: string,
  url: string,
  placement: StampPlacement,
  officeId: string,
) =>
  inStampProcessFor<{ size: number; sha256: string }>(
    officeId,
    new URL(import.meta.url),
    'stampQrFile',
    input,
    output,
    url,
    placement,
  );

/**
 * Pages a placement is checked on when it is saved. A plan set's pages are mostly of a few sizes;
 * reading all of a 10,000-page file took a minute. A later page the code does not fit shows at the
 * download, which then serves the original (servedFile).
 */
export const QR_CHECK_PAGES = 20;

/**
 * Whether the code fits the first QR_CHECK_PAGES pages of the PDF at `input`, read by pdf.js in
 * ranges: the rest of the file is never read. Refuses as stampQr does (qr.encrypted, qr.unreadable,
 * qr.does_not_fit). Returns how many pages it read.
 */
export async function checkQrPlacementFile(
  input: string,
  placement: StampPlacement,
  pageLimit = QR_CHECK_PAGES,
): Promise<{ pages: number; pagesChecked: number }> {
  const { size } = await fsp.stat(input);
  if (size > STAMP_LIMIT_BYTES) throw errors.qrTooLarge();
  const reader = await openByteReader({ path: input }, size);
  try {
    // As loadForWriting: a file encrypted beyond its attachments is not rewritten.
    const encryption = await pdfEncryptionIn(reader);
    if (encryption && !contentInClear(encryption)) throw errors.qrEncrypted();
    return await checkPages(reader, placement, pageLimit);
  } finally {
    await reader.close();
  }
}

async function checkPages(reader: ByteReader, placement: StampPlacement, pageLimit: number) {
  const opening = await openWithPdfjs({ reader }, STAMP_LIMIT_BYTES);
  if (opening.status === 'password') throw errors.qrEncrypted();
  if (opening.status !== 'open') throw errors.qrUnreadable();
  try {
    const { numPages } = opening.doc;
    if (numPages === 0) throw errors.qrUnreadable();
    let pagesChecked = 0;
    for (let n = 1; n <= Math.min(numPages, pageLimit); n++) {
      const page = await pageGeometry(opening.doc, n).catch(() => null);
      pagesChecked++;
      const viewed = page && viewedPageSizeMm({ mediaBox: page.box, rotate: page.rotate, userUnit: page.userUnit });
      if (!viewed) throw errors.qrUnreadable();
      if (!qrFitsPage(viewed, placement)) throw errors.qrDoesNotFit();
    }
    return { pages: numPages, pagesChecked };
  } finally {
    await opening.close();
  }
}

/** checkQrPlacementFile in the QR stamp process, in the office's turn. */
export const checkQrPlacementInChild = (input: string, placement: StampPlacement, officeId: string) =>
  inStampProcessFor<{ pages: number; pagesChecked: number }>(
    officeId,
    new URL(import.meta.url),
    'checkQrPlacementFile',
    input,
    placement,
  );

export async function stampQrFile(input: string, output: string, url: string, placement: StampPlacement) {
  const { size } = await fsp.stat(input);
  if (size > STAMP_LIMIT_BYTES) throw errors.qrTooLarge();
  const copy = await stampQr(await fsp.readFile(input), url, placement);
  await fsp.writeFile(output, copy);
  return { size: copy.length, sha256: createHash('sha256').update(copy).digest('hex') };
}

/** Every page's visible box, /Rotate and /UserUnit as pdf.js reads them. */
async function viewerGeometry(bytes: Uint8Array): Promise<PageGeometry[]> {
  const opening = await openWithPdfjs({ data: bytes }, STAMP_LIMIT_BYTES);
  if (opening.status === 'password') throw errors.qrEncrypted();
  if (opening.status !== 'open') throw errors.qrUnreadable();
  try {
    return await allPages(opening.doc);
  } catch {
    throw errors.qrUnreadable();
  } finally {
    await opening.close();
  }
}

async function allPages(doc: PDFDocumentProxy): Promise<PageGeometry[]> {
  const pages: PageGeometry[] = [];
  for (let n = 1; n <= doc.numPages; n++) pages.push(await pageGeometry(doc, n));
  if (pages.length === 0) throw errors.qrUnreadable();
  return pages;
}

/**
 * pdf-lib writes what it read. An encrypted file is only written when its content is in the
 * clear (attachments-only encryption): anything else would be written half encrypted, half not.
 */
async function loadForWriting(bytes: Uint8Array): Promise<PDFDocument> {
  const encryption = await pdfEncryptionOf(bytes);
  if (encryption && !contentInClear(encryption)) throw errors.qrEncrypted();
  const load = (strict: boolean) =>
    quietly(() =>
      PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: strict }),
    );
  const doc = (await load(true).catch(() => null)) ?? (await load(false).catch(() => null));
  if (!doc) throw errors.qrUnreadable();
  return doc;
}

/** The copy must open in a viewer with the original's pages, boxes and turns, or it is not served. */
async function expectSamePages(copy: Uint8Array, expected: readonly PageGeometry[]): Promise<void> {
  const opening = await openWithPdfjs({ data: copy }, STAMP_LIMIT_BYTES * 2);
  if (opening.status !== 'open') throw errors.qrUnreadable();
  try {
    const pages = await allPages(opening.doc);
    const same = (a: PageGeometry, b: PageGeometry) =>
      a.rotate === b.rotate && a.userUnit === b.userUnit && a.box.every((v, i) => Math.abs(v - b.box[i]!) < 0.01);
    if (pages.length !== expected.length || pages.some((page, i) => !same(page, expected[i]!)))
      throw errors.qrUnreadable();
  } finally {
    await opening.close();
  }
}

/** The code as filled rectangles in a square of `width` mm at the origin, y up. */
function qrOperators(url: string, placement: StampPlacement): PDFOperator[] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const quiet = placement.hasBorder ? QUIET_MODULES : 0;
  const size = mmToPoints(placement.width);
  const unit = size / (n + 2 * quiet);
  const ops: PDFOperator[] = [
    setFillingRgbColor(1, 1, 1),
    rectangle(0, 0, size, size),
    fill(),
    setFillingRgbColor(0, 0, 0),
  ];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      // row 0 is the top row; PDF y grows upwards.
      ops.push(rectangle((quiet + start) * unit, size - (quiet + row + 1) * unit, (col - start) * unit, unit));
    }
  }
  // One path, one fill: no hairline seams between neighbouring runs.
  ops.push(fill());
  return ops;
}
