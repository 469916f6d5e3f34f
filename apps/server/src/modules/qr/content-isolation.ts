import {
  PDFArray,
  PDFContentStream,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
  type PDFPage,
} from 'pdf-lib';
import { PdfLexer } from '../../pdf/pdf-lexer.ts';

const PATH_CONSTRUCTION = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);
const PATH_PAINTING = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n']);

/**
 * What a page's content leaves behind at its end, and how to close it: saved graphics states
 * (`q` without `Q`, which would keep a clipping path or transformation for whatever comes next),
 * open marked content (an optional-content layer that may be hidden), an open text object or an
 * unfinished path. `underflow` counts `Q`s with nothing of the content's own to restore: they
 * would pop a state saved before the content.
 */
export function contentEnding(content: Uint8Array): { closing: string[]; underflow: number } {
  const lexer = new PdfLexer(content);
  const open: ('q' | 'mc')[] = [];
  let underflow = 0;
  let inText = false;
  let inPath = false;
  for (let token = lexer.next(); token; token = lexer.next()) {
    if (token.kind !== 'keyword') continue;
    const op = token.value;
    if (op === 'q') open.push('q');
    else if (op === 'Q') {
      const at = open.lastIndexOf('q');
      if (at === -1) underflow++;
      else open.splice(at, 1); // marked content is not part of the graphics state: it stays open
    } else if (op === 'BMC' || op === 'BDC') open.push('mc');
    else if (op === 'EMC') {
      const at = open.lastIndexOf('mc');
      if (at !== -1) open.splice(at, 1);
    } else if (op === 'BT') inText = true;
    else if (op === 'ET') inText = false;
    else if (op === 'ID') lexer.skipInlineImageData();
    else if (PATH_CONSTRUCTION.has(op)) inPath = true;
    else if (PATH_PAINTING.has(op)) inPath = false;
  }
  const closing = [...(inPath ? ['n'] : []), ...(inText ? ['ET'] : [])];
  for (const entry of open.reverse()) closing.push(entry === 'q' ? 'Q' : 'EMC');
  return { closing, underflow };
}

/**
 * Wraps the page's original content so that what is drawn after it starts from the page's initial
 * graphics state: `q` streams before it (one more for every surplus `Q`), then whatever it left
 * open closed, then the final `Q`. The original streams are not touched (they may be shared by
 * other pages). Returns the page's new Contents array; the caller appends its own stream to it.
 * Content in a filter pdf-lib cannot decode is taken to be balanced.
 */
export function isolateContent(page: PDFPage): PDFArray {
  const context = page.doc.context;
  const refs = contentRefs(page);
  const decoded = refs.map((ref) => decodedContent(context.lookup(ref)));
  const ending = decoded.includes(null)
    ? { closing: [], underflow: 0 }
    : contentEnding(joinWithNewlines(decoded as Uint8Array[]));
  const before = context.register(context.stream('q\n'.repeat(1 + ending.underflow)));
  const after = context.register(context.stream([...ending.closing, 'Q', ''].join('\n')));
  const contents = context.obj([before, ...refs, after]);
  page.node.set(PDFName.of('Contents'), contents);
  return contents;
}

/** The page's content streams as references, whether /Contents is one stream or an array of them. */
function contentRefs(page: PDFPage): (PDFRef | PDFStream)[] {
  const raw = page.node.get(PDFName.of('Contents'));
  if (!raw) return [];
  const resolved = page.doc.context.lookup(raw);
  if (resolved instanceof PDFArray) {
    return resolved
      .asArray()
      .filter((item): item is PDFRef | PDFStream => item instanceof PDFRef || item instanceof PDFStream);
  }
  return raw instanceof PDFRef || raw instanceof PDFStream ? [raw] : [];
}

function decodedContent(stream: unknown): Uint8Array | null {
  try {
    if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
    if (stream instanceof PDFContentStream) return stream.getUnencodedContents();
  } catch {
    return null;
  }
  return null;
}

/** Content streams are concatenated at token boundaries (§7.8.2): a newline keeps tokens apart. */
function joinWithNewlines(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length + 1, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    out[at + part.length] = 0x0a;
    at += part.length + 1;
  }
  return out;
}
