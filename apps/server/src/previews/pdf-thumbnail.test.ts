import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cellMeans, decodeGrey, largestCellDifference, popplerGrey } from '../../test/poppler-compare.ts';
import { fixture } from '../../test/upload-fixtures.ts';
import { renderPdfThumbnail } from './pdf-thumbnail.ts';
import { drawFirstPageWithPdfium } from './pdfium-page.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-thumbnail-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function stored(name: string, data: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

const thumbnailOf = async (file: string) => renderPdfThumbnail(file, fs.statSync(file).size);

describe('the first page of a PDF as a thumbnail', () => {
  test('PDFium draws it in the page’s shape, its longer side 480 px, with the page’s /Rotate', async () => {
    const portrait = await drawFirstPageWithPdfium(stored('paper.pdf', fixture('tracemonkey.pdf')), 480);
    expect([portrait?.width, portrait?.height]).toEqual([371, 480]);
    const rotated = await drawFirstPageWithPdfium(stored('rotated.pdf', fixture('hello_world_rotated.pdf')), 480);
    expect([rotated?.width, rotated?.height]).toEqual([480, 371]);
    // Pixels come as RGBA on white: the top-left corner of the paper is white and opaque.
    expect([...portrait!.rgba.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
  });

  test('a file PDFium cannot open (leading bytes before the header) is drawn by pdf.js instead', async () => {
    const file = stored('garbage.pdf', Buffer.concat([Buffer.alloc(2048, 0x41), fixture('tracemonkey.pdf')]));
    expect(await drawFirstPageWithPdfium(file, 480)).toBeNull();
    const webp = await thumbnailOf(file);
    expect(webp?.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const picture = await loadImage(webp!);
    expect([picture.width, picture.height]).toEqual([371, 480]);
  });

  test('a PDF that needs a password, and a damaged one, give no thumbnail (the screens show a placeholder)', async () => {
    expect(await thumbnailOf(stored('locked.pdf', fixture('issue6010_1.pdf')))).toBeNull();
    expect(await thumbnailOf(stored('fuzzed.pdf', fixture('poppler-742-0-fuzzed.pdf')))).toBeNull();
    expect(await thumbnailOf(stored('cut.pdf', fixture('tracemonkey.pdf').subarray(0, 500_000)))).toBeNull();
  });
});

/**
 * A page whose own content is one title line; what a reviewer added lies in annotations: a filled
 * markup rectangle top right and a form field with its value bottom left — as stamped and commented
 * plans come.
 */
async function annotatedPlan(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([842, 595]);
  page.drawText('Grundriss Erdgeschoss', { x: 40, y: 550, size: 18 });
  const field = doc.getForm().createTextField('pruefvermerk');
  field.setText('GEPRUEFT 2026-11-30');
  field.addToPage(page, {
    x: 40,
    y: 40,
    width: 360,
    height: 120,
    backgroundColor: rgb(0.2, 0.3, 0.7),
    textColor: rgb(1, 1, 1),
    borderWidth: 0,
  });
  field.setFontSize(24);
  const appearance = doc.context.register(
    doc.context.stream('0.85 0.1 0.1 rg 0 0 300 200 re f', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 300, 200],
    }),
  );
  page.node.addAnnot(
    doc.context.register(
      doc.context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [500, 330, 800, 530], F: 4, AP: { N: appearance } }),
    ),
  );
  return doc.save();
}

/** Cells of a 16 × 16 grid may differ from poppler's by this many grey levels (anti-aliasing, field text hinting). */
const CELL_TOLERANCE = 24;

describe('annotations and form fields are drawn as a viewer draws them (compared with poppler)', () => {
  test.each([
    ['PDFium', (pdf: Uint8Array) => Buffer.from(pdf)],
    // leading bytes keep PDFium out: the same page then goes to pdf.js
    ['pdf.js', (pdf: Uint8Array) => Buffer.concat([Buffer.alloc(2048, 0x41), pdf])],
  ])('%s', async (renderer, file) => {
    const pdf = await annotatedPlan();
    const file_ = stored(`annotated-${renderer}.pdf`, file(pdf));
    if (renderer === 'pdf.js') expect(await drawFirstPageWithPdfium(file_, 480)).toBeNull();
    const thumbnail = await decodeGrey((await thumbnailOf(file_))!);
    const reference = popplerGrey(pdf, 480);
    // the same shape (renderers round the shorter side either way)
    expect(thumbnail.width).toBe(reference.width);
    expect(Math.abs(thumbnail.height - reference.height)).toBeLessThanOrEqual(1);
    // the markup (top right) and the field (bottom left) are there: dark cells where poppler has them
    const cells = cellMeans(thumbnail, 16);
    expect(cells[16 * 5 + 13]).toBeLessThan(120); // inside the red rectangle
    expect(cells[16 * 14 + 3]).toBeLessThan(120); // inside the blue field
    expect(largestCellDifference(thumbnail, reference, 16)).toBeLessThan(CELL_TOLERANCE);
  });
});
