import { describe, expect, test } from 'vitest';
import { PDFDocument, degrees, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { fixture } from '../../../test/upload-fixtures.ts';
import { scanQr } from '../../../test/qr-scan.ts';
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

  test('a damaged PDF is refused with qr.unreadable, never a crash', async () => {
    await expect(stampQr(fixture('poppler-742-0-fuzzed.pdf'), URL, placement)).rejects.toMatchObject({
      msgCode: expect.stringMatching(/^qr\.(unreadable|encrypted)$/),
    });
    await expect(stampQr(Buffer.from('not a pdf'), URL, placement)).rejects.toMatchObject({ msgCode: 'qr.unreadable' });
  });
});
