import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import {
  PDFArray,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFString,
  fill,
  rectangle,
  setFillingRgbColor,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
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
export const STAMP_LAYOUT_VERSION = 3;
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
  const viewer = await viewerGeometry(original);
  const doc = await loadForWriting(original);
  const pages = (() => {
    try {
      return doc.getPages();
    } catch {
      throw errors.qrUnreadable();
    }
  })();
  // pdf-lib reads some damaged files differently from viewers: a copy must not lose or add pages.
  if (pages.length !== viewer.pages) throw errors.qrUnreadable();
  const geometry = pagesGeometry(pages, viewer);
  for (const page of geometry) {
    const viewed = viewedPageSizeMm({ mediaBox: page.box, rotate: page.rotate, userUnit: page.userUnit });
    if (!viewed) throw errors.qrUnreadable();
    if (!qrFitsPage(viewed, placement)) throw errors.qrDoesNotFit();
  }

  // The code is one form XObject; a page only places it (a few bytes, not compressed): a
  // 100,000-page set is not given 100,000 compressed copies of the code.
  const size = mmToPoints(placement.width);
  const form = doc.context.register(
    doc.context.contentStream(qrOperators(url, placement), {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, size, size],
    }),
  );
  const onTop = codeOnTop(doc, form, size);
  pages.forEach((page, i) => {
    const { box, rotate, userUnit } = geometry[i]!;
    const matrix = qrMatrix(
      { x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1] },
      normaliseRotation(rotate),
      placement,
      userUnit,
    );
    const name = page.node.newXObject('PlankurierQr', form);
    const contents = isolateContent(page);
    const cm = matrix.map((n) => Number(n.toFixed(6)));
    const placing = `q\n${cm.join(' ')} cm\n${name.asString()} Do\nQ\n`;
    contents.push(doc.context.register(doc.context.stream(placing)));
    page.node.addAnnot(onTop.annotationAt(cm));
  });
  const copy = await quietly(() => doc.save({ useObjectStreams: false }));
  await expectSamePages(copy, geometry, viewer.checked);
  return copy;
}

/**
 * The code once more as an annotation, after the page's own: viewers and printers draw annotations
 * over the content, in the order of /Annots, so form fields and markups of a stamped or commented
 * plan would otherwise hide the code (issue 41). The drawing in the content stays for whoever
 * prints without annotations. Printed (flag Print), neither editable nor movable (ReadOnly,
 * Locked); pages of one geometry share one appearance.
 */
function codeOnTop(doc: PDFDocument, form: PDFRef, size: number) {
  const appearances = new Map<string, PDFRef>();
  const appearanceAt = (cm: number[]) => {
    const key = cm.join(' ');
    let appearance = appearances.get(key);
    if (!appearance) {
      appearance = doc.context.register(
        doc.context.stream('/PlankurierQr Do', {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: [0, 0, size, size],
          Matrix: cm,
          Resources: { XObject: { PlankurierQr: form } },
        }),
      );
      appearances.set(key, appearance);
    }
    return appearance;
  };
  return {
    annotationAt: (cm: number[]) => {
      const [a, b, c, d, e, f] = cm as [number, number, number, number, number, number];
      const xs = [e, a * size + e, c * size + e, (a + c) * size + e];
      const ys = [f, b * size + f, d * size + f, (b + d) * size + f];
      // The appearance's box after its /Matrix is exactly /Rect: viewers place it without scaling.
      const rect = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((n) =>
        Number(n.toFixed(6)),
      );
      return doc.context.register(
        doc.context.obj({
          Type: 'Annot',
          Subtype: 'Stamp',
          Rect: rect,
          F: ANNOTATION_PRINT | ANNOTATION_READ_ONLY | ANNOTATION_LOCKED,
          NM: PDFString.of('plankurier-qr'),
          AP: { N: appearanceAt(cm) },
        }),
      );
    },
  };
}

/** Annotation flags (PDF 32000-1, 12.5.3). */
const ANNOTATION_PRINT = 4;
const ANNOTATION_READ_ONLY = 64;
const ANNOTATION_LOCKED = 128;

/**
 * Pages whose geometry pdf.js reads in full; past them (a plan set of thousands of pages, where
 * pdf.js took seconds per thousand pages, twice) pdf-lib reads every page's geometry, and pdf.js
 * only the first QR_CHECK_PAGES and the last to confirm the two agree.
 */
export const VIEWER_ALL_PAGES = 200;
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

/** pdf.js' page count, and the geometry of the pages it read (page number → geometry). */
interface ViewerGeometry {
  pages: number;
  checked: Map<number, PageGeometry>;
}

/** The page numbers pdf.js reads of a file of `count` pages: all, or the first and the last. */
const viewerPageNumbers = (count: number) =>
  count <= VIEWER_ALL_PAGES
    ? Array.from({ length: count }, (_, i) => i + 1)
    : [...Array.from({ length: QR_CHECK_PAGES }, (_, i) => i + 1), count];

/** The visible box, /Rotate and /UserUnit of the pages viewerPageNumbers names, as pdf.js reads them. */
async function viewerGeometry(bytes: Uint8Array): Promise<ViewerGeometry> {
  const opening = await openWithPdfjs({ data: bytes }, STAMP_LIMIT_BYTES);
  if (opening.status === 'password') throw errors.qrEncrypted();
  if (opening.status !== 'open') throw errors.qrUnreadable();
  try {
    return await readPages(opening.doc);
  } catch {
    throw errors.qrUnreadable();
  } finally {
    await opening.close();
  }
}

async function readPages(doc: PDFDocumentProxy): Promise<ViewerGeometry> {
  if (doc.numPages === 0) throw errors.qrUnreadable();
  const checked = new Map<number, PageGeometry>();
  for (const n of viewerPageNumbers(doc.numPages)) checked.set(n, await pageGeometry(doc, n));
  return { pages: doc.numPages, checked };
}

/**
 * Every page's geometry: pdf.js' where it read the page, else pdf-lib's, read as pdf.js reads it
 * (boxes normalised, the CropBox cut to the MediaBox, /Rotate in quarter turns, /UserUnit > 0).
 * Where pdf.js read a page pdf-lib must agree, or the file is not one both read alike.
 */
function pagesGeometry(pages: PDFPage[], viewer: ViewerGeometry): PageGeometry[] {
  if (viewer.checked.size === pages.length) return pages.map((_, i) => viewer.checked.get(i + 1)!);
  return pages.map((page, i) => {
    const own = writerGeometry(page);
    const read = viewer.checked.get(i + 1);
    if (read && !sameGeometry(read, own)) throw errors.qrUnreadable();
    return read ?? own;
  });
}

function writerGeometry(page: PDFPage): PageGeometry {
  const box = (name: 'MediaBox' | 'CropBox'): PdfRect | null => {
    const raw = name === 'MediaBox' ? page.node.MediaBox() : page.node.CropBox();
    const values = raw instanceof PDFArray ? raw.asArray().map((v) => page.doc.context.lookup(v)) : [];
    if (values.length !== 4 || !values.every((v) => v instanceof PDFNumber)) return null;
    const [x1, y1, x2, y2] = values.map((v) => (v as PDFNumber).asNumber()) as [number, number, number, number];
    return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
  };
  const media = box('MediaBox') ?? ([0, 0, 612, 792] as PdfRect);
  const crop = box('CropBox');
  const cut: PdfRect | null = crop && [
    Math.max(crop[0], media[0]),
    Math.max(crop[1], media[1]),
    Math.min(crop[2], media[2]),
    Math.min(crop[3], media[3]),
  ];
  const visible = cut && cut[2] > cut[0] && cut[3] > cut[1] ? cut : media;
  const angle = page.getRotation().angle;
  const rotate = angle % 90 === 0 ? ((angle % 360) + 360) % 360 : 0;
  const unit = page.doc.context.lookup(page.node.get(PDFName.of('UserUnit')));
  const userUnit = unit instanceof PDFNumber && unit.asNumber() > 0 ? unit.asNumber() : 1;
  return { box: visible, rotate, userUnit };
}

const sameGeometry = (a: PageGeometry, b: PageGeometry) =>
  a.rotate === b.rotate && a.userUnit === b.userUnit && a.box.every((v, i) => Math.abs(v - b.box[i]!) < 0.01);

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

/** The copy must open in a viewer with the original's pages, boxes and turns (those pdf.js read), or it is not served. */
async function expectSamePages(
  copy: Uint8Array,
  expected: readonly PageGeometry[],
  checked: ReadonlyMap<number, PageGeometry>,
): Promise<void> {
  const opening = await openWithPdfjs({ data: copy }, STAMP_LIMIT_BYTES * 2);
  if (opening.status !== 'open') throw errors.qrUnreadable();
  try {
    const read = await readPages(opening.doc);
    if (read.pages !== expected.length) throw errors.qrUnreadable();
    for (const n of checked.keys())
      if (!sameGeometry(read.checked.get(n)!, expected[n - 1]!)) throw errors.qrUnreadable();
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
