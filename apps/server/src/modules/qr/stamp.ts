import {
  PDFDocument,
  concatTransformationMatrix,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { errors } from '@plankurier/shared';
import { quietly } from '../../pdf/quietly.ts';
import { mmToPoints, normaliseRotation, qrMatrix, type PageBox } from './placement.ts';

export interface StampPlacement {
  x: number;
  y: number;
  width: number;
  hasBorder: boolean;
}

/** Raise when the stamp's look changes: cached copies of the old look are then made again. */
export const STAMP_LAYOUT_VERSION = 1;
/** Light modules around the code when the border is on (ISO 18004 asks for 4; 2 reads well on paper). */
const QUIET_MODULES = 2;

/**
 * A copy of the PDF with the QR code of `url` drawn on EVERY page: a sheet taken out of a printed
 * set still tells whether it is current. The code is vector (crisp at any plot size), upright as
 * the page is viewed, whatever its /Rotate and CropBox. Encrypted PDFs are refused: rewriting them
 * would drop or break their protection.
 */
export async function stampQr(original: Uint8Array, url: string, placement: StampPlacement): Promise<Uint8Array> {
  const doc = await loadPlain(original);
  const pages = (() => {
    try {
      return doc.getPages();
    } catch {
      throw errors.qrUnreadable();
    }
  })();
  if (pages.length === 0) throw errors.qrUnreadable();
  const operators = qrOperators(url, placement);
  for (const page of pages) {
    const box = visibleBox(page);
    if (!(box.width > 0 && box.height > 0)) throw errors.qrUnreadable();
    const matrix = qrMatrix(box, normaliseRotation(page.getRotation().angle), placement);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...matrix), ...operators, popGraphicsState());
  }
  return quietly(() => doc.save({ useObjectStreams: false }));
}

/**
 * Loads an unencrypted PDF strictly. An encrypted one often does not even parse without its key,
 * so a failed strict load is looked at again leniently to tell "encrypted" from "damaged".
 */
async function loadPlain(bytes: Uint8Array): Promise<PDFDocument> {
  const load = (strict: boolean) =>
    quietly(() =>
      PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: strict }),
    );
  const doc = await load(true).catch(() => null);
  if (doc && !doc.isEncrypted) return doc;
  const lenient = doc ?? (await load(false).catch(() => null));
  if (lenient?.isEncrypted) throw errors.qrEncrypted();
  throw errors.qrUnreadable();
}

function visibleBox(page: PDFPage): PageBox {
  const { x, y, width, height } = page.getCropBox();
  return { x, y, width, height };
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
