import type { MainFileKind } from '@plankurier/shared';
import { dwgReleaseOf } from '../../cad/dwg-structure.ts';
import { BINARY_DXF_SENTINEL } from '../../cad/dxf-reader.ts';

/** How many leading bytes `sniffKind` needs. */
export const SNIFF_BYTES = 4096;

/**
 * The type a file really is, judged by its first bytes (never by its name): PDF (`%PDF-` within the
 * first 1024 bytes), DWG (the magic of an AutoCAD release, `AC1.2` to `AC1032`), DXF (binary
 * sentinel, or ASCII group code 0 followed by SECTION after optional whitespace and 999 comments).
 * Anything else is null. Whether a DWG or DXF is whole is cad-inspect.ts's call.
 * A file named .pdf is judged by pdf.js instead (pdf-inspect.ts), which also opens PDFs with
 * garbage before their header; this decides DWG and DXF.
 */
export function sniffKind(head: Buffer): MainFileKind | null {
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (dwgReleaseOf(head)) return 'dwg';
  if (head.subarray(0, BINARY_DXF_SENTINEL.length).equals(BINARY_DXF_SENTINEL)) return 'dxf';
  if (isAsciiDxf(head)) return 'dxf';
  return null;
}

function isAsciiDxf(head: Buffer): boolean {
  let text = head.toString('latin1');
  if (text.startsWith('\u00ef\u00bb\u00bf')) text = text.slice(3);
  const lines = text.split(/\r?\n/);
  let i = 0;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  // Group code 999 is a comment: its value is the next line.
  while (i + 1 < lines.length && lines[i]!.trim() === '999') i += 2;
  return lines[i]?.trim() === '0' && lines[i + 1]?.trim() === 'SECTION';
}
