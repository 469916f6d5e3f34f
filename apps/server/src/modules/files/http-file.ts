import { asciiFilename } from '@plankurier/shared';

/**
 * `Content-Disposition: attachment` per RFC 6266: an ASCII `filename=` for old clients and the
 * exact name as `filename*=UTF-8''…` (RFC 8187 percent-encoding) for umlauts.
 */
export function attachmentDisposition(filename: string): string {
  const encoded = encodeURIComponent(filename).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFilename(filename)}"; filename*=UTF-8''${encoded}`;
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One byte range of an HTTP Range header (RFC 9110 §14): `bytes=a-b`, `bytes=a-`, `bytes=-n`.
 * null means "send the whole file" (no header, another unit, several ranges, bad syntax).
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
