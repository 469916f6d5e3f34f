import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
