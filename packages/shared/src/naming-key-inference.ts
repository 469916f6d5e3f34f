import { indexKind, normalizeIndex, type IndexStyle } from './plan-index.ts';
import {
  INDEX_MARKER_WORDS,
  isPhase,
  parseNamingPattern,
  stemOf,
  type NamingContext,
  type NamingKey,
} from './plan-names.ts';
import { normalizePlanNumber } from './plan-numbers.ts';
import { parsePlanFilename, type ParsedPlanName } from './plan-reader.ts';

/**
 * The project teaches the reader: from one name whose number and index the office has set by hand,
 * a naming key is inferred ('{project}_{phase}_{number}_{name}_{index}'), so that the next names of
 * the project are read the office's way. The key is only offered: the review previews it against
 * the other names of the drop before it is kept. A name the key cannot read back exactly gives no key.
 */

const SEPARATOR_CLASS = String.raw`[\s_\-.()[\]]`;
const SEPARATOR = new RegExp(SEPARATOR_CLASS);
const SEPARATORS = new RegExp(`(${SEPARATOR_CLASS}+)`);
const isIndexWord = (word: string) => (INDEX_MARKER_WORDS as readonly string[]).includes(word.toLowerCase());
/** An index joined to the number ('GR-EG-01c'): one or two letters, then a separator or the end. */
const JOINED_INDEX = new RegExp(String.raw`^\p{L}{1,2}(?:$|${SEPARATOR_CLASS})`, 'u');
/** A discipline or trade code in front of the number ('A', 'TWP', 'HLS'). */
const DISCIPLINE = /^\p{Lu}{1,3}$/u;

interface Span {
  field: 'number' | 'index';
  start: number;
  end: number;
}

const boundaryBefore = (stem: string, at: number) => at === 0 || SEPARATOR.test(stem[at - 1]!);
const boundaryAfter = (stem: string, at: number) => at === stem.length || SEPARATOR.test(stem[at]!);

/** Where the number is written in the stem: the longest run between separators that normalises to it. */
function findNumber(stem: string, number: string): Span | null {
  const wanted = normalizePlanNumber(number);
  if (!wanted || !/\d/.test(number)) return null;
  let best: Span | null = null;
  for (let start = 0; start < stem.length; start++) {
    if (!boundaryBefore(stem, start) || SEPARATOR.test(stem[start]!)) continue;
    for (let end = stem.length; end > start; end--) {
      if (SEPARATOR.test(stem[end - 1]!)) continue;
      // The number may be followed by its index without a separator ('GR-EG-01c').
      if (!boundaryAfter(stem, end) && !JOINED_INDEX.test(stem.slice(end))) continue;
      const text = stem.slice(start, end);
      if (!/\d/.test(text) || normalizePlanNumber(text) !== wanted) continue;
      if (!best || end - start > best.end - best.start) best = { field: 'number', start, end };
      break;
    }
  }
  return best;
}

/** Where the index is written: after the number when it is there, else before it. */
function findIndex(stem: string, index: string, number: Span): Span | null {
  const wanted = normalizeIndex(index);
  const at = (start: number, end: number) =>
    (start === number.end || boundaryBefore(stem, start)) &&
    boundaryAfter(stem, end) &&
    normalizeIndex(stem.slice(start, end)) === wanted;
  // From the end: the index closes a name more often than a word of the name equals it.
  for (let start = stem.length - wanted.length; start >= number.end; start--)
    if (at(start, start + wanted.length)) return { field: 'index', start, end: start + wanted.length };
  for (let start = 0; start + wanted.length < number.start; start++)
    if (at(start, start + wanted.length)) return { field: 'index', start, end: start + wanted.length };
  return null;
}

/** Where the name of the plan is written: between or after the fields, else in front (any words). */
function namePlace(gaps: string[]): number {
  const inner = gaps.findIndex((gap, i) => i > 0 && /\p{L}/u.test(gap));
  if (inner >= 0) return inner;
  return /\p{Ll}{2,}/u.test(gaps[0] ?? '') ? 0 : -1;
}

/** The pattern text of a stretch of the name between the fields. */
function gapPattern(
  text: string,
  place: { prefix: boolean; beforeIndex: boolean; takesName: boolean },
  used: Set<string>,
  context: NamingContext,
): string {
  // The project's number as a whole ('2026-014'), before the stretch is cut at its separators.
  if (context.projectNumber && !used.has('project')) {
    const at = text.toLowerCase().indexOf(context.projectNumber.trim().toLowerCase());
    const end = at + context.projectNumber.trim().length;
    if (at >= 0 && boundaryBefore(text, at) && boundaryAfter(text, end)) {
      used.add('project');
      const before = gapPattern(text.slice(0, at), { ...place, beforeIndex: false, takesName: false }, used, context);
      return `${before}{project}${gapPattern(text.slice(end), place, used, context)}`;
    }
  }
  const pieces = text.split(SEPARATORS).filter((piece) => piece !== '');
  const isContent = (piece: string) => !SEPARATOR.test(piece[0]!);
  const contents = pieces.filter(isContent);
  // The words announcing the index stay as they are written ('_Ind. ' + '{index}').
  const marker = place.beforeIndex && contents.length > 0 && isIndexWord(contents.at(-1)!) ? contents.at(-1)! : null;
  const markerAt = marker ? pieces.lastIndexOf(marker) : pieces.length;
  // The plan's name: in front of the number from its first word on, elsewhere every worded piece.
  let nameFrom = -1;
  let nameTo = -1;
  if (place.takesName && !used.has('name')) {
    const starts = (piece: string) => isContent(piece) && (!place.prefix || /\p{Ll}{2,}/u.test(piece));
    nameFrom = pieces.findIndex((piece, i) => i < markerAt && starts(piece));
    nameTo = pieces.slice(0, markerAt).findLastIndex(isContent);
    if (nameFrom >= 0) used.add('name');
  }
  let pattern = '';
  for (const [i, piece] of pieces.entries()) {
    if (nameFrom >= 0 && i >= nameFrom && i <= nameTo) {
      if (i === nameFrom) pattern += '{name}';
      continue;
    }
    if (!isContent(piece) || piece === marker) {
      pattern += piece;
      continue;
    }
    const field = isPhase(piece, context) ? 'phase' : place.prefix && DISCIPLINE.test(piece) ? 'discipline' : null;
    if (!field || used.has(field)) pattern += piece;
    else {
      used.add(field);
      pattern += `{${field}}`;
    }
  }
  return pattern;
}

const styleOf = (index: string | null): IndexStyle => {
  const kind = index ? indexKind(index) : null;
  return kind === 'letters' || kind === 'numbers' || kind === 'iso' ? kind : 'auto';
};

/**
 * The naming key that reads `filename` as the plan `number` at `index` (null: the name carries no
 * index), or null when no key can: the number is not written in the name, or the key would read
 * the name otherwise.
 */
export function inferNamingKey(
  filename: string,
  corrected: { number: string; index: string | null },
  context: NamingContext = {},
): NamingKey | null {
  const { stem } = stemOf(filename);
  if (/[{}]/.test(stem)) return null;
  const number = findNumber(stem, corrected.number);
  if (!number) return null;
  const index = corrected.index ? findIndex(stem, corrected.index, number) : null;
  if (corrected.index && !index) return null;
  const spans = [number, ...(index ? [index] : [])].sort((a, b) => a.start - b.start);
  const gaps = spans.map((span, i) => stem.slice(i === 0 ? 0 : spans[i - 1]!.end, span.start));
  gaps.push(stem.slice(spans.at(-1)!.end));
  const nameAt = namePlace(gaps);
  const used = new Set<string>();
  let pattern = '';
  for (const [i, gap] of gaps.entries()) {
    const place = { prefix: i === 0, beforeIndex: spans[i]?.field === 'index', takesName: i === nameAt };
    pattern += gapPattern(gap, place, used, context);
    if (spans[i]) pattern += `{${spans[i]!.field}}`;
  }
  if (!parseNamingPattern(pattern).ok) return null;
  const key: NamingKey = { pattern, indexStyle: styleOf(corrected.index) };
  const read = parsePlanFilename(filename, key, context);
  const sameNumber = read.number !== null && normalizePlanNumber(read.number) === normalizePlanNumber(corrected.number);
  const sameIndex = (read.index ?? null) === (corrected.index ? normalizeIndex(corrected.index) : null);
  return read.via === 'pattern' && sameNumber && sameIndex ? key : null;
}

export interface NamingKeyPreview {
  /** The names the key reads (the others stay with the common conventions). */
  read: number;
  total: number;
  /** Names whose number or index the key reads otherwise than they are read now. */
  changed: { filename: string; before: ParsedPlanName; after: ParsedPlanName }[];
}

/** What a key would read of the names of a drop, against how the review reads them now. */
export function previewNamingKey(
  key: NamingKey,
  files: readonly { filename: string; parsed: ParsedPlanName }[],
  context: NamingContext = {},
): NamingKeyPreview {
  const preview: NamingKeyPreview = { read: 0, total: files.length, changed: [] };
  for (const { filename, parsed: before } of files) {
    const after = parsePlanFilename(filename, key, context);
    if (after.via === 'pattern') preview.read++;
    if (after.number !== before.number || after.index !== before.index)
      preview.changed.push({ filename, before, after });
  }
  return preview;
}
