import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * Resolutions tried in turn. 100 dpi reads a code on a quiet part of a sheet; one stamped beside
 * dense text (2 px a module) can fail there, as a phone held too far away would, so finer renders follow.
 */
const RESOLUTIONS = [100, 200, 300];

export interface ScannedQr {
  url: string;
  /** From the viewed page's bottom-right corner to the code's bottom-right corner, in mm. */
  x: number;
  y: number;
  /** Width of the code's symbol, in mm. */
  width: number;
  /** The code reads upright: its finder patterns sit top left, top right and bottom left. */
  upright: boolean;
}

/** Renders one page with poppler's pdftoppm (as a viewer shows it) and reads the QR code back. */
export function scanQr(pdf: Uint8Array, page = 1): ScannedQr | null {
  for (const dpi of RESOLUTIONS) {
    const scanned = scanAt(pdf, page, dpi);
    if (scanned) return scanned;
  }
  return null;
}

function scanAt(pdf: Uint8Array, page: number, dpi: number): ScannedQr | null {
  const pxToMm = (px: number) => (px / dpi) * 25.4;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-scan-'));
  try {
    const input = path.join(dir, 'in.pdf');
    fs.writeFileSync(input, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-cropbox', // as viewers show a page: its CropBox, not the MediaBox
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      input,
      path.join(dir, 'page'),
    ]);
    const png = PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    if (!code) return null;
    const { topLeftCorner: tl, topRightCorner: tr, bottomLeftCorner: bl, bottomRightCorner: br } = code.location;
    return {
      url: code.data,
      x: pxToMm(png.width - br.x),
      y: pxToMm(png.height - br.y),
      width: pxToMm(br.x - bl.x),
      upright: tl.x < tr.x && tl.y < bl.y,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The page count poppler reads (pdfinfo); throws when poppler cannot open the file. */
export function popplerPageCount(pdf: Uint8Array): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfinfo-'));
  try {
    const input = path.join(dir, 'in.pdf');
    fs.writeFileSync(input, pdf);
    const info = execFileSync('pdfinfo', [input], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
