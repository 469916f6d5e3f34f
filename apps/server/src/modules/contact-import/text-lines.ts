import { ImportRefusal } from './refusal.ts';

/** Line breaks in decoded text: CRLF, CR and LF each end one line; a CRLF split over two pieces counts once. */
export function countLineBreaks(text: string, previousEndedWithCr: boolean): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) count++;
    else if (c === 10 && !(i === 0 ? previousEndedWithCr : text.charCodeAt(i - 1) === 13)) count++;
  }
  return count;
}

export interface TextLine {
  /** Physical line number, from 1; CRLF, CR and LF each end a line. */
  line: number;
  text: string;
}

/**
 * The lines of decoded text as they stream in. A line longer than maxChars refuses the file, or,
 * with `truncate` (vCard photos written on one line), is cut there and the rest passed over.
 */
export async function* textLines(
  chunks: AsyncIterable<string | Buffer> | Iterable<string>,
  maxChars: number,
  tooLong: 'refuse' | 'truncate' = 'refuse',
): AsyncGenerator<TextLine> {
  let line = 1;
  let pending = '';
  let skipLf = false;
  let truncated = false;
  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (skipLf && text.startsWith('\n')) text = text.slice(1);
    skipLf = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      if (!truncated) pending += text.slice(start, i);
      if (pending.length > maxChars) {
        if (tooLong === 'refuse') throw new ImportRefusal('import.line_too_long', line);
        pending = pending.slice(0, maxChars);
      }
      yield { line: line++, text: pending };
      pending = '';
      truncated = false;
      if (c === 13) {
        if (i + 1 < text.length) {
          if (text.charCodeAt(i + 1) === 10) i++;
        } else skipLf = true;
      }
      start = i + 1;
    }
    if (!truncated) pending += text.slice(start);
    if (pending.length > maxChars) {
      if (tooLong === 'refuse') throw new ImportRefusal('import.line_too_long', line);
      pending = pending.slice(0, maxChars);
      truncated = true;
    }
  }
  if (pending) yield { line, text: pending };
}
