import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PNG } from 'pngjs';

/** A picture as grey levels (0 black … 255 white), row by row. */
export interface GreyPicture {
  width: number;
  height: number;
  grey: Float64Array;
}

const greyOf = (rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyPicture => {
  const grey = new Float64Array(width * height);
  for (let i = 0; i < grey.length; i++) {
    const [r, g, b] = [rgba[i * 4]!, rgba[i * 4 + 1]!, rgba[i * 4 + 2]!];
    grey[i] = 0.299 * r + 0.587 * g + 0.114 * b;
  }
  return { width, height, grey };
};

/** An encoded picture (WebP, PNG) as grey levels. */
export async function decodeGrey(encoded: Buffer): Promise<GreyPicture> {
  const image = await loadImage(encoded);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return greyOf(context.getImageData(0, 0, image.width, image.height).data, image.width, image.height);
}

/** Page 1 as poppler's pdftoppm draws it (CropBox, annotations and form fields), its longer side `longerSide` px. */
export function popplerGrey(pdf: Uint8Array, longerSide: number): GreyPicture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poppler-compare-'));
  try {
    const input = path.join(dir, 'in.pdf');
    fs.writeFileSync(input, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-cropbox',
      '-scale-to',
      String(longerSide),
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      input,
      path.join(dir, 'page'),
    ]);
    const png = PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
    return greyOf(png.data, png.width, png.height);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The mean grey level of each cell of a `cells` × `cells` grid laid over the picture: renderers
 * differ in anti-aliasing and text hinting pixel by pixel, not in what a cell of the page shows.
 */
export function cellMeans(picture: GreyPicture, cells: number): number[] {
  const means: number[] = [];
  for (let cy = 0; cy < cells; cy++) {
    for (let cx = 0; cx < cells; cx++) {
      const [x0, x1] = [Math.floor((cx * picture.width) / cells), Math.floor(((cx + 1) * picture.width) / cells)];
      const [y0, y1] = [Math.floor((cy * picture.height) / cells), Math.floor(((cy + 1) * picture.height) / cells)];
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += picture.grey[y * picture.width + x]!;
      means.push(sum / Math.max(1, (x1 - x0) * (y1 - y0)));
    }
  }
  return means;
}

/** The largest difference between two pictures' cell means, in grey levels. */
export function largestCellDifference(a: GreyPicture, b: GreyPicture, cells: number): number {
  const [ma, mb] = [cellMeans(a, cells), cellMeans(b, cells)];
  return Math.max(...ma.map((m, i) => Math.abs(m - mb[i]!)));
}
