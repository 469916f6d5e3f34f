import { describe, expect, test } from 'vitest';
import { PDFDocument, degrees, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { fixture } from '../../../test/upload-fixtures.ts';
import { popplerPageCount, scanQr } from '../../../test/qr-scan.ts';
import {
  asPdf20,
  encryptedPdf,
  handWrittenPdf,
  pageWithContent,
  plainPdf,
  truncated,
  withGarbagePrefix,
  withIncrementalUpdate,
  withoutStartxref,
  withTrailingGarbage,
  withWrongXrefOffsets,
} from '../../../test/tricky-pdfs.ts';
import { mmToPoints } from './placement.ts';
import { stampQr } from './stamp.ts';

const URL = 'http://plankurier.test/q/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const TOLERANCE_MM = 1.5;
const placement = { x: 20, y: 15, width: 25, hasBorder: false };

/** Where the symbol should be read: with the border on it is inset by the quiet zone of two modules. */
function expectAt(scan: ReturnType<typeof scanQr>, at: { x: number; y: number; width: number; hasBorder: boolean }) {
  const modules = QRCode.create(URL, { errorCorrectionLevel: 'M' }).modules.size;
  const inset = at.hasBorder ? (at.width * 2) / (modules + 4) : 0;
  expect(scan?.url).toBe(URL);
  expect(scan!.upright).toBe(true);
  expect(Math.abs(scan!.x - (at.x + inset))).toBeLessThanOrEqual(TOLERANCE_MM);
  expect(Math.abs(scan!.y - (at.y + inset))).toBeLessThanOrEqual(TOLERANCE_MM);
  expect(Math.abs(scan!.width - (at.width - 2 * inset))).toBeLessThanOrEqual(TOLERANCE_MM);
}

/** A large plan as CAD exports it: A1 landscape, a CropBox inside a bigger MediaBox, turned by /Rotate. */
async function largePlan(rotation: number) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([mmToPoints(900), mmToPoints(650)]);
  page.setCropBox(mmToPoints(30), mmToPoints(40), mmToPoints(841), mmToPoints(594));
  page.setRotation(degrees(rotation));
  for (let i = 0; i < 40; i++) {
    page.drawLine({
      start: { x: 0, y: i * 40 },
      end: { x: 2500, y: i * 40 + 300 },
      thickness: 0.5,
      color: rgb(0.3, 0.3, 0.3),
    });
  }
  return doc.save();
}

async function a4Portrait() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([mmToPoints(210), mmToPoints(297)]);
  page.drawText('Grundriss Erdgeschoss – Maßstab 1:100', { x: 50, y: 700, size: 14 });
  return doc.save();
}

describe('stamping a QR code onto a copy of a PDF', () => {
  test('an A4 portrait page: the code sits x/y mm from the bottom-right corner and reads back', async () => {
    const original = await a4Portrait();
    const copy = await stampQr(original, URL, placement);
    expectAt(scanQr(copy), placement);
  });

  test('every page of a multi-page PDF (tracemonkey, 14 pages) carries the code', async () => {
    const at = { x: 3, y: 3, width: 15, hasBorder: true }; // in the page margin, clear of the text
    const copy = await stampQr(fixture('tracemonkey.pdf'), URL, at);
    for (const page of [1, 7, 14]) expectAt(scanQr(copy, page), at);
  });

  test('a page with /Rotate (hello_world_rotated.pdf) gets the code upright at the viewed corner', async () => {
    const copy = await stampQr(fixture('hello_world_rotated.pdf'), URL, placement);
    expectAt(scanQr(copy), placement);
  });

  test.each([0, 90, 180, 270])('a large A1 plan with a CropBox offset and /Rotate %i', async (rotation) => {
    const at = { x: 40, y: 30, width: 30, hasBorder: false };
    const copy = await stampQr(await largePlan(rotation), URL, at);
    expectAt(scanQr(copy), at);
  });

  test('with the border on, the white quiet zone is inside the square: the symbol is inset by two modules', async () => {
    const at = { ...placement, hasBorder: true };
    expectAt(scanQr(await stampQr(await a4Portrait(), URL, at)), at);
  });

  test.each(['empty_protected.pdf', 'issue6010_1.pdf'])(
    'an encrypted PDF (%s) is refused with qr.encrypted',
    async (name) => {
      await expect(stampQr(fixture(name), URL, placement)).rejects.toMatchObject({
        msgCode: 'qr.encrypted',
        status: 409,
      });
    },
  );

  test.each([
    ['fuzzed (poppler-742-0-fuzzed.pdf)', () => fixture('poppler-742-0-fuzzed.pdf')],
    ['truncated', async () => truncated(await plainPdf(), 0.6)],
    ['not a PDF at all', () => Buffer.from('not a pdf')],
  ])('a damaged original (%s) is refused with qr.unreadable, never a crash', async (_label, make) => {
    await expect(stampQr(await make(), URL, placement)).rejects.toMatchObject({
      msgCode: 'qr.unreadable',
      status: 422,
    });
  });
});

/**
 * Page content as CAD programs and PDF printers leave it: what it sets up and does not undo would
 * apply to anything drawn after it. Each must leave the code visible at its place.
 */
describe('the original content cannot hide or move the code', () => {
  test.each([
    ['a clipping path set without q', ['0 0 1 rg 40 40 200 200 re f 60 60 20 20 re W n 0.8 g 0 0 595 842 re f']],
    ['a transformation inside a q that is never closed', ['q 0.2 0 0 0.2 0 0 cm 0 0 1 rg 0 0 500 500 re f']],
    ['a clipping path inside a q that is never closed', ['q 10 10 5 5 re W n 0 g 10 10 5 5 re f']],
    ['a Q too many, then a transformation', ['Q 3 0 0 3 0 0 cm 0 0 1 rg 10 10 50 50 re f']],
    ['a text object left open', ['BT /F1 24 Tf 72 700 Td (Grundriss Erdgeschoss) Tj']],
    ['a path left unpainted', ['0.5 g 100 100 m 300 300 l 300 100 l']],
    [
      'an open q split over two content streams, with an inline image holding "Q" bytes',
      ['q 0.3 0 0 0.3 0 0 cm', 'BI /W 4 /H 1 /CS /G /BPC 8 ID Q Q  EI 0 0 1 rg 0 0 100 100 re f'],
    ],
  ])('%s', async (_label, contents) => {
    const copy = await stampQr(pageWithContent(contents), URL, placement);
    expect(popplerPageCount(copy)).toBe(1);
    expectAt(scanQr(copy), placement);
  });

  test('marked content of a hidden layer (optional content, OFF) left open', async () => {
    const hiddenLayer = handWrittenPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R] /D << /OFF [5 0 R] /Order [5 0 R] >> >> >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${mmToPoints(210)} ${mmToPoints(297)}] /Contents 4 0 R /Resources << /Properties << /oc1 5 0 R >> >> >>`,
        '<< /Length 48 >>\nstream\n/OC /oc1 BDC 0 0 1 rg 100 100 200 200 re f       \nendstream',
        '<< /Type /OCG /Name (Hilfslinien) >>',
      ],
      '/Root 1 0 R',
    );
    expectAt(scanQr(await stampQr(hiddenLayer, URL, placement)), placement);
  });
});

/**
 * An A4 page under an opaque form field (its lower half) and a markup annotation (a reviewer's filled
 * rectangle over all of it), as stamped and commented plans come: wherever the code goes, it is covered.
 */
async function coveredCorner(rotation = 0) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([mmToPoints(210), mmToPoints(297)]);
  page.setRotation(degrees(rotation));
  page.drawText('Grundriss Erdgeschoss', { x: 50, y: 700, size: 14 });
  const lowerHalf = { x: 0, y: 0, width: mmToPoints(210), height: mmToPoints(150) };
  doc
    .getForm()
    .createTextField('pruefvermerk')
    .addToPage(page, { ...lowerHalf, backgroundColor: rgb(0.85, 0.85, 0.85), borderWidth: 0 });
  const markupAppearance = doc.context.register(
    doc.context.stream('0.9 0.2 0.2 rg 0 0 595 842 re f', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 595, 842],
    }),
  );
  const markup = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Square',
      Rect: [0, 0, 595, 842],
      IC: [0.9, 0.2, 0.2],
      F: 4,
      AP: { N: markupAppearance },
    }),
  );
  page.node.addAnnot(markup);
  return doc.save();
}

describe('annotations and form fields over the corner', () => {
  test.each([0, 90])('the code is drawn on top of them, so it reads (page /Rotate %i)', async (rotation) => {
    const original = await coveredCorner(rotation);
    expect(scanQr(original)).toBeNull();
    const copy = await stampQr(original, URL, placement);
    expectAt(scanQr(copy), placement);
  });
});

/** Files as they arrive (see upload inspection): every stamped copy opens in poppler and reads back. */
describe('every readable PDF gets a copy that opens, with the code at its place on every page', () => {
  test.each([
    ['tracemonkey.pdf', async () => fixture('tracemonkey.pdf')],
    ['hello_world_rotated.pdf', async () => fixture('hello_world_rotated.pdf')],
    ['object and cross-reference streams', () => plainPdf({ objectStreams: true })],
    ['PDF 2.0', async () => asPdf20(await plainPdf())],
    ['5,000 bytes before %PDF-', async () => withGarbagePrefix(await plainPdf(), 5000)],
    ['trailing garbage', async () => withTrailingGarbage(await plainPdf())],
    ['cross-reference offsets all wrong', async () => withWrongXrefOffsets(await plainPdf())],
    ['no startxref', async () => withoutStartxref(await plainPdf())],
    ['an incremental update', async () => withIncrementalUpdate(await plainPdf())],
  ])('%s', async (_label, make) => {
    const original = await make();
    const at = { x: 3, y: 3, width: 18, hasBorder: true };
    const copy = await stampQr(original, URL, at);
    const pages = popplerPageCount(original);
    expect(popplerPageCount(copy)).toBe(pages);
    for (const page of new Set([1, pages])) expectAt(scanQr(copy, page), at);
  });

  test('a page in /UserUnit 2 (an A2 sheet in A4 units) gets the code at its real distances', async () => {
    const a2InUnits = handWrittenPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /UserUnit 2 >>',
      ],
      '/Root 1 0 R',
    );
    const at = { x: 30, y: 20, width: 30, hasBorder: false };
    const scan = scanQr(await stampQr(a2InUnits, URL, at))!;
    // pdf.js and Acrobat honour /UserUnit; poppler renders one unit as 1/72 inch, so it shows the sheet at half size.
    expectAt({ ...scan, x: scan.x * 2, y: scan.y * 2, width: scan.width * 2 }, at);
  });

  test.each([
    ['RC4 with an empty user password', { cipher: 'rc4-128', print: true }],
    ['AES-256 that may not be printed', { cipher: 'aes-256', print: false }],
    ['AES-128 with a user password', { cipher: 'aes-128', userPassword: 'geheim', print: true }],
  ] as const)(
    'encrypted (%s): refused with qr.encrypted, nothing half-encrypted is written',
    async (_label, options) => {
      await expect(stampQr(await encryptedPdf(options), URL, placement)).rejects.toMatchObject({
        msgCode: 'qr.encrypted',
      });
    },
  );
});

describe('a code that does not fit', () => {
  test('is refused with qr.does_not_fit, on any page of the file', async () => {
    await expect(stampQr(await a4Portrait(), URL, { ...placement, x: 200 })).rejects.toMatchObject({
      msgCode: 'qr.does_not_fit',
      status: 422,
    });
    const doc = await PDFDocument.create();
    doc.addPage([mmToPoints(420), mmToPoints(297)]);
    doc.addPage([mmToPoints(105), mmToPoints(148)]); // an A6 detail sheet
    await expect(stampQr(await doc.save(), URL, { ...placement, x: 150 })).rejects.toMatchObject({
      msgCode: 'qr.does_not_fit',
    });
  });
});
