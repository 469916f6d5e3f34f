import { compareIndexes, indexKind, normalizeIndex } from './plan-index.ts';
import type { TitleBlockReading } from './plan-sets.ts';

/**
 * Reads plan number, index and name from the text of a PDF's first page, as a person reads a title
 * block: find the labels ('Plan-Nr.', 'Index', 'Planbezeichnung', 'Drawing No.', 'Rev.') and take the
 * value beside or below each, preferring labels towards the bottom right where title blocks sit.
 * Positions are taken as the page is viewed (its /Rotate applied), so turned sheets read the same.
 * Pure: the server feeds it pdf.js' text of an unreadable name's PDF, the browser the text of the
 * other dropped PDFs (compared with their names, nothing uploaded). The result is a suggestion.
 */

/** A text item as pdf.js' getTextContent gives it. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** The page as viewed: its size, and a point of the PDF's user space in viewed coordinates (y down). */
export interface PdfViewedPage {
  width: number;
  height: number;
  toViewport: (x: number, y: number) => [number, number];
}

/** What the reader needs of a pdf.js document (server and browser give it their own pdf.js). */
export interface PdfDocumentLike {
  numPages: number;
  getPage: (pageNumber: number) => Promise<{
    getViewport: (options: { scale: number }) => {
      width: number;
      height: number;
      convertToViewportPoint: (x: number, y: number) => number[];
    };
    getTextContent: () => Promise<{ items: readonly object[] }>;
  }>;
}

/** The title block of a document's first page (its text items as pdf.js extracts them). */
export async function readFirstPageTitleBlock(doc: PdfDocumentLike): Promise<TitleBlockReading | null> {
  if (doc.numPages < 1) return null;
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = content.items.filter((item): item is PdfTextItem => 'str' in item);
  return readTitleBlockText(items, {
    width: viewport.width,
    height: viewport.height,
    toViewport: (x, y) => viewport.convertToViewportPoint(x, y) as [number, number],
  });
}

export interface Phrase {
  text: string;
  /** Box as viewed, y growing downwards, in points. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Line height as viewed. */
  h: number;
}

const NUMBER_LABEL =
  /^(plan[\s-]*(?:nr|no|nummer|number)\.?|plannr\.?|zeichnungs?[\s-]*(?:nr|nummer)\.?|zeichn\.?[\s-]*nr\.?|blatt[\s-]*nr\.?|drawing[\s-]*(?:no|nr|number)\.?|dwg[\s-]*no\.?|sheet[\s-]*(?:no|number)\.?)(?!\p{L})\s*[:.]?\s*/iu;
const INDEX_LABEL = /^(plan[\s-]?index|änderungsindex|index|idx\.?|revision|rev\.?)(?!\p{L})\s*[:.]?\s*/iu;
const NAME_LABEL =
  /^(planbezeichnung|planinhalt|plantitel|bezeichnung|drawing[\s-]*title|sheet[\s-]*title|title|titel)(?!\p{L})\s*[:.]?\s*/iu;
const ANY_LABEL = [NUMBER_LABEL, INDEX_LABEL, NAME_LABEL];

const looksLikeNumber = (text: string) =>
  text.length <= 40 && /\d/.test(text) && /^[\p{L}\d][\p{L}\d\s\-_./]*$/u.test(text) && !/\p{Ll}{4,}/u.test(text);
const looksLikeIndex = (text: string) => {
  const kind = indexKind(text);
  return kind === 'letters' || kind === 'numbers' || kind === 'iso';
};
const looksLikeName = (text: string) => /\p{L}{3,}/u.test(text) && !ANY_LABEL.some((label) => label.test(text));

/** The title block's reading from the first page's text items (null: no number or index found). */
export function readTitleBlockText(items: readonly PdfTextItem[], page: PdfViewedPage): TitleBlockReading | null {
  const pieces: Phrase[] = [];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const [a, b, c, d, e, f] = item.transform;
    const along = Math.hypot(a!, b!) || 1;
    const up = Math.hypot(c!, d!) || 1;
    const height = item.height || up;
    const corners = [
      [e!, f!],
      [e! + (a! / along) * item.width, f! + (b! / along) * item.width],
      [e! + (c! / up) * height, f! + (d! / up) * height],
      [e! + (a! / along) * item.width + (c! / up) * height, f! + (b! / along) * item.width + (d! / up) * height],
    ].map(([x, y]) => page.toViewport(x!, y!));
    const [start, end] = [corners[0]!, corners[1]!];
    // Only text that reads left to right as the sheet is viewed: title blocks are upright.
    if (Math.abs(end[1] - start[1]) > Math.abs(end[0] - start[0]) || end[0] < start[0]) continue;
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    pieces.push({
      text: item.str.replace(/\s+/g, ' ').trim(),
      x0: Math.min(...xs),
      y0: Math.min(...ys),
      x1: Math.max(...xs),
      y1: Math.max(...ys),
      h: Math.max(...ys) - Math.min(...ys),
    });
  }
  return readPhrases(joinPieces(pieces), page.width, page.height);
}

/** Pieces of one line close together are one phrase (CAD programs often write text word by word). */
function joinPieces(pieces: Phrase[]): Phrase[] {
  const sorted = [...pieces].sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  const phrases: Phrase[] = [];
  for (const piece of sorted) {
    const line = phrases.find(
      (p) =>
        overlap(p.y0, p.y1, piece.y0, piece.y1) > 0.6 * Math.min(p.h, piece.h) &&
        piece.x0 >= p.x1 - 0.2 * piece.h &&
        piece.x0 - p.x1 < 0.6 * Math.max(p.h, piece.h),
    );
    if (line) {
      line.text = `${line.text} ${piece.text}`;
      line.x1 = Math.max(line.x1, piece.x1);
      line.y0 = Math.min(line.y0, piece.y0);
      line.y1 = Math.max(line.y1, piece.y1);
      line.h = Math.max(line.h, piece.h);
    } else {
      phrases.push({ ...piece });
    }
  }
  return phrases;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** Phrases beside a label (right, on its line) and below it (its column), nearest first. */
function neighbours(label: Phrase, phrases: readonly Phrase[]): Phrase[] {
  const h = label.h;
  const right = phrases
    .filter(
      (p) =>
        p !== label &&
        overlap(p.y0, p.y1, label.y0, label.y1) > 0.5 * Math.min(p.h, h) &&
        p.x0 >= label.x1 - 0.5 * h &&
        p.x0 - label.x1 < 15 * h,
    )
    .map((p) => ({ p, d: p.x0 - label.x1 }));
  const below = phrases
    .filter(
      (p) =>
        p !== label &&
        p.y0 >= label.y1 - 0.3 * h &&
        p.y0 - label.y1 < 12 * h &&
        overlap(p.x0 - h, p.x1 + h, label.x0, label.x1) > 0,
    )
    .map((p) => ({ p, d: (p.y0 - label.y1) * 1.5 }));
  const above = phrases
    .filter(
      (p) =>
        p !== label &&
        p.y1 <= label.y0 + 0.3 * h &&
        label.y0 - p.y1 < 3 * h &&
        overlap(p.x0 - h, p.x1 + h, label.x0, label.x1) > 0,
    )
    .map((p) => ({ p, d: (label.y0 - p.y1) * 3 }));
  return [...right, ...below, ...above].sort((x, y) => x.d - y.d).map((x) => x.p);
}

type Field = 'number' | 'index' | 'name';
const LABELS: Record<Field, RegExp> = { number: NUMBER_LABEL, index: INDEX_LABEL, name: NAME_LABEL };
const VALID: Record<Field, (text: string) => boolean> = {
  number: looksLikeNumber,
  index: looksLikeIndex,
  name: looksLikeName,
};

/** The value of one field: from the label nearest the bottom right that has one. */
function findField(field: Field, phrases: readonly Phrase[], width: number, height: number) {
  const labelled = phrases
    .map((p) => ({ p, m: LABELS[field].exec(p.text) }))
    .filter((x): x is { p: Phrase; m: RegExpExecArray } => x.m !== null)
    .sort((x, y) => y.p.x0 / width + y.p.y0 / height - (x.p.x0 / width + x.p.y0 / height));
  for (const { p: label, m } of labelled) {
    const inside = label.text.slice(m[0].length).trim();
    if (field !== 'index' && inside && VALID[field](inside)) return { value: inside, label: m[1]! };
    const candidates = [inside, ...neighbours(label, phrases).map((p) => p.text)].filter(
      (text) => text && VALID[field](text),
    );
    if (candidates.length === 0) continue;
    if (field !== 'index') return { value: candidates[0]!, label: m[1]! };
    // An index field beside its label, or a revision table under its header: the latest index counts.
    const latest = candidates.reduce((best, text) => {
      const comparison = compareIndexes(text, best);
      return comparison && comparison.order > 0 ? text : best;
    });
    return { value: normalizeIndex(latest), label: m[1]! };
  }
  return null;
}

export function readPhrases(phrases: readonly Phrase[], width: number, height: number): TitleBlockReading | null {
  const number = findField('number', phrases, width, height);
  const index = findField('index', phrases, width, height);
  const name = findField('name', phrases, width, height);
  if (!number && !index) return null;
  return {
    number: number?.value ?? null,
    index: index?.value ?? null,
    name: name?.value ?? null,
    labels: {
      ...(number ? { number: number.label } : {}),
      ...(index ? { index: index.label } : {}),
      ...(name ? { name: name.label } : {}),
    },
  };
}
