import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attachmentOnlyEncrypted } from '../../test/tricky-pdfs.ts';
import { inspectPdf } from '../modules/uploads/pdf-inspect.ts';
import { checkQrPlacementFile, stampQr } from '../modules/qr/stamp.ts';
import { renderPdfSheet, renderPdfThumbnail } from '../previews/pdf-thumbnail.ts';

/**
 * A PDF whose only encrypted part is an attachment gets one answer everywhere: the upload's flag,
 * the thumbnail and sheet, and the QR code's check and stamp agree with what a viewer does on
 * opening it (pdf.js in the browser, Acrobat). Its password asked when the attachment opens: an
 * ordinary plan. Asked when the document opens: a file that needs a password — no picture of it,
 * no code on it (PDFium alone would draw it; the browser viewer then said it cannot be shown).
 */

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encrypted-attachment-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const placement = { x: 10, y: 10, width: 20, hasBorder: false };
const URL = 'https://plankurier.test/q/abcdefgh';

async function answers(name: string, pdf: Buffer) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, pdf);
  const inspection = await inspectPdf(file, pdf.length);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { msgCode?: string }) => error.msgCode ?? 'error',
    );
  return {
    encrypted: inspection.ok ? inspection.facts.isEncrypted : null,
    thumbnail: (await renderPdfThumbnail(file, pdf.length)) !== null,
    sheet: (await renderPdfSheet(file, pdf.length)) !== null,
    placementCheck: await refusal(checkQrPlacementFile(file, placement)),
    stamp: await refusal(stampQr(new Uint8Array(pdf), URL, placement)),
  };
}

describe('a PDF with an encrypted attachment answers one way everywhere', () => {
  test.each([
    ['asked when the attachment opens', attachmentOnlyEncrypted()],
    ['asked when the attachment opens, printing bits cleared', attachmentOnlyEncrypted({ p: -8 })],
  ])('its password %s: an ordinary plan — not flagged, drawn, stamped', async (label, pdf) => {
    expect(await answers(`${label}.pdf`, pdf)).toEqual({
      encrypted: false,
      thumbnail: true,
      sheet: true,
      placementCheck: null,
      stamp: null,
    });
  });

  test('its password asked when the document opens: needs a password — flagged, not drawn, no code', async () => {
    expect(await answers('doc-open.pdf', attachmentOnlyEncrypted({ authEvent: 'DocOpen' }))).toEqual({
      encrypted: true,
      thumbnail: false,
      sheet: false,
      placementCheck: 'qr.encrypted',
      stamp: 'qr.encrypted',
    });
  });
});
