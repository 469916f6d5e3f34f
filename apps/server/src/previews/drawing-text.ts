import fs from 'node:fs';
import { DWG_ERR_CRITICAL, freshLibreDwg, LIBREDWG_LIMIT_BYTES, type LibreDwgModule } from '../cad/dwg-header.ts';
import { BINARY_DXF_SENTINEL, binaryDxfAsText } from '../cad/dxf-reader.ts';

/** Larger DXF text is not drawn (it would be parsed whole in memory): the plan gets a placeholder. */
export const DRAWING_TEXT_LIMIT_BYTES = 150 * 1024 * 1024;

/**
 * A drawing as ASCII DXF text, which dxf-viewer's parser reads: a DWG converted by LibreDWG (GPL,
 * on the server only: README "Licences"), a binary DXF rewritten as ASCII, an ASCII DXF as it is
 * (UTF-8 from AutoCAD 2007 on, the Windows code page before). Null when it cannot be had.
 */
export async function drawingAsDxfText(filePath: string, kind: 'dwg' | 'dxf'): Promise<string | null> {
  const size = (await fs.promises.stat(filePath)).size;
  if (kind === 'dwg') return size > LIBREDWG_LIMIT_BYTES ? null : dwgAsDxfText(filePath);
  if (size > DRAWING_TEXT_LIMIT_BYTES) return null;
  const head = Buffer.alloc(BINARY_DXF_SENTINEL.length);
  const fd = await fs.promises.open(filePath, 'r');
  try {
    await fd.read(head, 0, head.length, 0);
  } finally {
    await fd.close();
  }
  if (head.equals(BINARY_DXF_SENTINEL)) return binaryDxfAsText(filePath);
  return decodeDxf(await fs.promises.readFile(filePath));
}

/**
 * One LibreDWG instance converts every drawing of the preview process: a second instance made after
 * a conversion took up to a minute to start here (the upload check's fresh instance per file does
 * not convert). One that failed is dropped and made anew.
 */
let converter: Promise<LibreDwgModule> | undefined;

async function dwgAsDxfText(filePath: string): Promise<string | null> {
  converter ??= freshLibreDwg();
  const libredwg = await converter;
  try {
    return await convert(libredwg, filePath);
  } catch (err) {
    converter = undefined;
    throw err;
  }
}

async function convert(libredwg: LibreDwgModule, filePath: string): Promise<string | null> {
  libredwg.FS.writeFile('/drawing.dwg', await fs.promises.readFile(filePath));
  const error = libredwg.dwg_write_dxf('/drawing.dwg', '/drawing.dxf');
  libredwg.FS.unlink('/drawing.dwg');
  if (error >= DWG_ERR_CRITICAL || !libredwg.FS.analyzePath('/drawing.dxf', false).exists) return null;
  const dxf = libredwg.FS.readFile('/drawing.dxf');
  libredwg.FS.unlink('/drawing.dxf');
  return dxf.length > DRAWING_TEXT_LIMIT_BYTES ? null : decodeDxf(dxf);
}

function decodeDxf(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
