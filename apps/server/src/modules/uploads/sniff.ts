import type { MainFileKind } from '@plankurier/shared';

/** How many leading bytes `sniffKind` needs. */
export const SNIFF_BYTES = 4096;

const BINARY_DXF = 'AutoCAD Binary DXF';

/**
 * The type a file really is, judged by its first bytes (never by its name): PDF (`%PDF-` within the
 * first 1024 bytes), DWG (`AC10xx` / `AC1.x` version magic), DXF (binary sentinel, or ASCII group
 * code 0 followed by SECTION after optional whitespace and 999 comments). Anything else is null.
 * A file named .pdf is judged by pdf.js instead (pdf-inspect.ts), which also opens PDFs with
 * garbage before their header; this decides DWG and DXF.
 */
export function sniffKind(head: Buffer): MainFileKind | null {
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  const start = head.subarray(0, 6).toString('latin1');
  if (/^AC1(0\d\d|\.\d)/.test(start)) return 'dwg';
  if (head.subarray(0, BINARY_DXF.length).toString('latin1') === BINARY_DXF) return 'dxf';
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
