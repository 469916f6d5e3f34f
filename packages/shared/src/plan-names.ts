import { indexKind, normalizeIndex, styleAccepts, type IndexStyle } from './plan-index.ts';
import { KnownNumbers, normalizePlanNumber } from './plan-numbers.ts';
import { extensionOf, kindFromFilename, type MainFileKind } from './upload-rules.ts';

/**
 * Reading plan number, name and index from a file name, by the project's naming key or, without
 * one, by the common conventions of German and English offices. Pure and fast: the browser runs it
 * on every dropped name at once (the files are never read), the server runs it again on the set.
 */

export const NAMING_FIELDS = ['project', 'phase', 'discipline', 'number', 'name', 'index'] as const;
export type NamingField = (typeof NAMING_FIELDS)[number];
/** Parts of a name that say something but do not decide the plan (project number, phase, discipline). */
export type FreePart = Exclude<NamingField, 'number' | 'name' | 'index'>;

export interface NamingKey {
  /** E.g. '{project}_{phase}_{number}_{name}_{index}'; null: the common conventions are recognised. */
  pattern: string | null;
  indexStyle: IndexStyle;
}
export const DEFAULT_NAMING_KEY: NamingKey = { pattern: null, indexStyle: 'auto' };
export const NAMING_PATTERN_MAX_LENGTH = 200;

/** What the parser knows of the project: its number and phase shortcuts are parts of names, not the plan number. */
export interface NamingContext {
  projectNumber?: string;
  phaseShortcuts?: readonly string[];
  /** The project's plan numbers: one of them inside a name decides over a guess. */
  knownNumbers?: KnownNumbers;
}

/** A reading by the rules alone; `parsePlanFilename` (plan-reader.ts) scores it and says how sure it is. */
export interface RuleReading {
  filename: string;
  /** Lower case, without the dot ('pdf'). */
  extension: string;
  /** PDF, DWG or DXF; null for any other file (not part of a plan set). */
  kind: MainFileKind | null;
  number: string | null;
  name: string;
  /** Normalised ('C', '02', 'P03'); null when the name carries none. */
  index: string | null;
  parts: Partial<Record<FreePart, string>>;
  /** Words left out: 'final', '(1)', 'Kopie', a date, an AutoCAD layout name. */
  noise: string[];
  /** 'pattern': the project's key; 'known': a plan number of the project found in the name; 'auto': the common conventions. */
  via: 'pattern' | 'known' | 'auto' | null;
  /** A trailing number that may be the index ('TWP-S-201-02'), left in the plan number because the project's convention is letters or auto. */
  possibleIndex: string | null;
  /** More than one plan of the project reads like the number found. */
  lookAlikes: string[];
}

// ---------------------------------------------------------------------------------------------
// The naming key's pattern

export type PatternPart = { field: NamingField } | { literal: string };
export type NamingPatternProblem =
  | 'naming.pattern_no_number'
  | 'naming.pattern_unknown_field'
  | 'naming.pattern_repeated_field'
  | 'naming.pattern_needs_separator';

/** The pattern's fields and separators, or what is wrong with it. */
export function parseNamingPattern(
  pattern: string,
): { ok: true; parts: PatternPart[] } | { ok: false; problem: NamingPatternProblem; field?: string } {
  const parts: PatternPart[] = [];
  const seen = new Set<string>();
  let rest = pattern.trim();
  while (rest) {
    const field = /^\{([^{}]*)\}/.exec(rest);
    if (field) {
      const name = field[1]!.trim().toLowerCase() as NamingField;
      if (!NAMING_FIELDS.includes(name)) return { ok: false, problem: 'naming.pattern_unknown_field', field: field[1] };
      if (seen.has(name)) return { ok: false, problem: 'naming.pattern_repeated_field', field: name };
      const previous = parts.at(-1);
      // Two fields without a separator can only be told apart when one of them is the index ('01c').
      if (previous && 'field' in previous && previous.field !== 'index' && name !== 'index')
        return { ok: false, problem: 'naming.pattern_needs_separator', field: name };
      seen.add(name);
      parts.push({ field: name });
      rest = rest.slice(field[0].length);
    } else {
      const literal = /^[^{]+/.exec(rest)?.[0] ?? rest[0]!;
      parts.push({ literal });
      rest = rest.slice(literal.length);
    }
  }
  if (!seen.has('number')) return { ok: false, problem: 'naming.pattern_no_number' };
  return { ok: true, parts };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const INDEX_MARKER = String.raw`(?:(?:index|idx|indx|rev(?:ision)?)\.?[\s_-]?)`;
const INDEX_BY_STYLE: Record<IndexStyle, string> = {
  letters: String.raw`(?:[A-Za-z]{1,2}|0|-)`,
  numbers: String.raw`\d{1,3}`,
  iso: String.raw`[A-Za-z]\d{2}(?:\.\d{1,2})?`,
  auto: String.raw`(?:[A-Za-z]\d{2}(?:\.\d{1,2})?|[A-Za-z]{1,2}|\d{1,3})`,
};

function patternRegex(parts: PatternPart[], style: IndexStyle): { regex: RegExp; fields: NamingField[] } {
  const fields: NamingField[] = [];
  let source = '';
  for (const [at, part] of parts.entries()) {
    if ('literal' in part) {
      source += part.literal
        .split(/(\s+)/)
        .map((piece) => (/^\s+$/.test(piece) ? String.raw`\s+` : escapeRegex(piece)))
        .join('');
      continue;
    }
    fields.push(part.field);
    if (part.field === 'number') {
      // The whole number up to the next field's separator, also when the number holds that separator
      // ('{number}-{name}' on 'A-101-2-Grundriss'): it does not stop before a code with a digit that
      // another separator follows.
      const next = parts[at + 1];
      const sep = next && 'literal' in next ? escapeRegex(next.literal) : null;
      const code = sep ? String.raw`(?=(?:(?!${sep}).)*\d)[\p{Lu}\d][\p{Lu}\d./+]*` : null;
      // A code that the index field after the separator takes in its (explicit) style may end the
      // number: '{number}_{index}_{name}' with revision codes on 'ARC_1001_P03_Ground Floor'.
      const following = parts[at + 2];
      const indexNext =
        style !== 'auto' && following !== undefined && 'field' in following && following.field === 'index';
      const notIndex = indexNext ? String.raw`(?!${INDEX_BY_STYLE[style]}${sep})` : '';
      source += sep ? String.raw`(.*?\d.*?)(?!${sep}${notIndex}${code}${sep})` : String.raw`(.*?\d.*?)`;
    } else if (part.field === 'name')
      // In front of the number the name takes all it can: a number is a compact code at its end.
      source += parts.slice(at + 1).some((p) => 'field' in p && p.field === 'number') ? '(.*)' : '(.*?)';
    else if (part.field === 'index') source += `${INDEX_MARKER}?(${INDEX_BY_STYLE[style]})`;
    else source += '(.+?)';
  }
  return { regex: new RegExp(`^${source}$`, 'iu'), fields };
}

const cleanText = (text: string) =>
  text
    .replace(/_+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-.]+|[\s\-.]+$/g, '');

function parseByPattern(stem: string, parts: PatternPart[], style: IndexStyle, context: NamingContext) {
  const { regex, fields } = patternRegex(parts, style);
  const match = regex.exec(stem);
  if (!match) return null;
  const found: Partial<Record<NamingField, string>> = {};
  fields.forEach((field, i) => (found[field] = match[i + 1] ?? ''));
  const number = (found.number ?? '').trim().replace(/^[\s_\-.]+|[\s_\-.]+$/g, '');
  if (!/\d/.test(number)) return null;
  // A name of another convention that the key's separators happen to fit is not read by the key:
  // a number holding a word ('104_Ansicht Nord'), a phase the project does not have, another project.
  if (/\p{Ll}{4,}/u.test(number)) return null;
  // … a number that is the project's number or a phase ('2026-014', 'LP5'), or a name that holds
  // what looks like the plan's number ('HPW_ARC_ZZ_00' + 'DR_A_1001_S2').
  const numberParts = number.split(/[\s_]+/);
  const firstPart = numberParts[0]!;
  if (numberParts.some((part) => isPhase(part, context))) return null;
  if (context.projectNumber && normalizePlanNumber(firstPart) === normalizePlanNumber(context.projectNumber))
    return null;
  if ((found.name ?? '').split(/[\s_]+/).some((part) => /^[\p{Lu}\d-]*\d{3,}[\p{Lu}\d-]*$/u.test(part))) return null;
  if (found.phase !== undefined && context.phaseShortcuts?.length && !isPhase(found.phase.trim(), context)) return null;
  if (
    found.project !== undefined &&
    context.projectNumber &&
    normalizePlanNumber(found.project) !== normalizePlanNumber(context.projectNumber)
  )
    return null;
  const freeParts: Partial<Record<FreePart, string>> = {};
  for (const field of ['project', 'phase', 'discipline'] as const)
    if (found[field] !== undefined) freeParts[field] = cleanText(found[field]);
  return {
    number,
    name: cleanText(found.name ?? ''),
    index: found.index !== undefined ? normalizeIndex(found.index) : null,
    parts: freeParts,
  };
}

// ---------------------------------------------------------------------------------------------
// What is not part of the plan's name: extensions, copies, 'final', dates, AutoCAD layouts

const PLAN_EXTENSIONS = /\.(pdf|dwg|dxf|dxfb|plt|ctb)$/i;
const TRAILING_NOISE: RegExp[] = [
  /[\s_-]*\([1-9]\d?\)$/, // 'Grundriss (1)': a second download of the same file ('(02)' is an index)
  /[\s_-]+-?\s*(kopie|copy)(\s*\(\d+\))?$/i,
  /[\s_-]+(final|endg(ü|ue)ltig|fertig|freigabe|alt|old)$/i,
  // a reviewer's suffix: 'geprüft MK', 'checked_JS', 'korr'
  /[\s_-]+(gepr(ü|ue)ft|gez|korr(igiert)?|kommentiert|checked|reviewed|markup)([\s_-]+[A-Za-z]{2,3})?$/i,
  /[\s_-]+v\d{1,2}$/i,
  /-(model|modell|layout\s?\d*)$/i, // AutoCAD publishes '<drawing>-<layout>.pdf'
];
const LEADING_NOISE = /^(kopie von|copy of)\s+/i;
/** Names that are no plan at all: camera and scanner files, screenshots, office lock files. */
const NOT_A_PLAN = /^(img|dsc|dscn|dcim|pxl|scan|scanned|screenshot|bildschirmfoto|~\$)[\s_-]?/i;

function isDate(token: string): boolean {
  let m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(token);
  if (m && /^(19|20)/.test(m[1]!)) return validDay(Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})([.-])(\d{1,2})\2(\d{2}|\d{4})$/.exec(token);
  if (m) return validDay(Number(m[3]), Number(m[1]));
  // yymmdd ('261112'), as many offices put it in front of or after the name
  m = /^(2\d)(\d{2})(\d{2})$/.exec(token);
  if (m) return validDay(Number(m[2]), Number(m[3]));
  return false;
}
const validDay = (month: number, day: number) => month >= 1 && month <= 12 && day >= 1 && day <= 31;

/** The stem without extensions and without what is not part of the plan's name. */
export function stemOf(filename: string): { stem: string; extension: string; noise: string[] } {
  const base = filename.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const extension = extensionOf(base);
  let stem = extension ? base.slice(0, -(extension.length + 1)) : base;
  const noise: string[] = [];
  // 'A-101_C.pdf.pdf', 'A-101.dwg.pdf' (a PDF plotted from a drawing): every further plan extension goes.
  while (PLAN_EXTENSIONS.test(stem)) stem = stem.replace(PLAN_EXTENSIONS, '');
  const leading = LEADING_NOISE.exec(stem);
  if (leading) {
    noise.push(leading[1]!);
    stem = stem.slice(leading[0].length);
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const pattern of TRAILING_NOISE) {
      const m = pattern.exec(stem);
      if (m && m.index > 0) {
        noise.push(m[0].replace(/^[\s_-]+/, ''));
        stem = stem.slice(0, m.index);
        changed = true;
      }
    }
    const lastToken = /[\s_]+([^\s_]+)$/.exec(stem);
    if (lastToken && isDate(lastToken[1]!)) {
      noise.push(lastToken[1]!);
      stem = stem.slice(0, lastToken.index);
      changed = true;
    }
  }
  const firstToken = /^([^\s_]+)[\s_]+/.exec(stem);
  if (firstToken && isDate(firstToken[1]!)) {
    noise.push(firstToken[1]!);
    stem = stem.slice(firstToken[0].length);
  }
  return { stem: stem.trim(), extension, noise };
}

// ---------------------------------------------------------------------------------------------
// The common conventions, without a pattern

interface Token {
  text: string;
  /** The separator before it in the name ('_', ' '), kept to give the number back as written. */
  sep: string;
}

const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  const re = /([_\s]*)([^_\s]+)/g;
  for (const m of text.matchAll(re)) tokens.push({ sep: m[1]!, text: m[2]! });
  return tokens;
};
const joinTokens = (tokens: readonly Token[]) => tokens.map((t, i) => (i ? t.sep : '') + t.text).join('');

/** Floor and view abbreviations that end many plan names and are no index ('Grundriss EG'). */
export const NAME_WORDS = new Set([
  'EG',
  'OG',
  'UG',
  'DG',
  'KG',
  'SG',
  'GR',
  'AN',
  'SN',
  'DT',
  'TG',
  'ZG',
  'GF',
  'FF',
  'BF',
  'SD',
  'ZD',
  'LP',
  'BA',
  'GA',
]);
/** Words after which a single letter names a section or axis, not the index ('Schnitt B'). */
export const LABEL_WORDS =
  /^(schnitt|section|ansicht|elevation|detail|achse|axis|treppe|stair|haus|house|bauteil|block|typ|type|teil|part|abschnitt|bauabschnitt|ba|bereich|zone|variante|option|geb(ä|ae)ude|building|wing|fl(ü|ue)gel|level|und|and|bis|to|&|\+)$/i;

/** A part of a plan number: upper-case letters, digits and the separators inside codes ('A-101', 'TWP', '2.1'). */
const hasDigit = (text: string) => /\d/.test(text);
function isCode(text: string): boolean {
  if (text.length > 40 || !/^[\p{L}\d][\p{L}\d\-./+]*$/u.test(text)) return false;
  // With digits: no lower-case word in it ('gr-eg-01c' is a code, 'Grundriss2' is not); without: capitals ('TWP', 'HPW-ARC').
  return hasDigit(text) ? !/\p{Ll}{4,}/u.test(text) : /^[\p{Lu}\-./+]+$/u.test(text);
}

/** A number that is one: with a letter, a separator or at least three digits, and not a year alone. */
function plausibleNumber(number: string): boolean {
  if (!hasDigit(number)) return false;
  if (/^(19|20)\d{2}$/.test(number)) return false;
  if (/^\d+$/.test(number)) return number.length >= 3;
  return true;
}

interface AutoResult {
  number: string | null;
  name: string;
  index: string | null;
  parts: Partial<Record<FreePart, string>>;
  possibleIndex: string | null;
}

/** A phase written in a name: "LP5", "Phase 3", or one of the project's phase shortcuts. */
export const isPhase = (text: string, context: NamingContext) =>
  /^(lp|lph|phase)[\s-]?\d{1,2}$/i.test(text) ||
  (context.phaseShortcuts ?? []).some((s) => s.trim() && s.trim().toLowerCase() === text.toLowerCase());

function takeIndex(tokens: Token[], style: IndexStyle): { index: string | null; possibleIndex: string | null } {
  const last = tokens.at(-1);
  if (!last || tokens.length < 2) {
    // A single code token: only its joined or hyphenated index can be taken ('GR-EG-01c').
    if (last) return takeJoinedIndex(tokens, last, style);
    return { index: null, possibleIndex: null };
  }
  const before = tokens.at(-2)!;
  const kind = indexKind(last.text);
  const labelled = LABEL_WORDS.test(before.text);
  if (
    kind === 'letters' &&
    !labelled &&
    !NAME_WORDS.has(last.text.toUpperCase()) &&
    style !== 'numbers' &&
    style !== 'iso'
  ) {
    // Two letters are an index only in capitals and from AA to BZ ('MK' is a reviewer's initials), a single one in either case ('c').
    if (last.text.length === 1 || /^[AB][A-Z]$/.test(last.text)) {
      tokens.pop();
      return { index: normalizeIndex(last.text), possibleIndex: null };
    }
  }
  if (kind === 'iso' && (style === 'iso' || style === 'auto') && /^[PCA]/i.test(last.text)) {
    tokens.pop();
    return { index: normalizeIndex(last.text), possibleIndex: null };
  }
  // '-' or '0': the first issue before A or 01.
  if (kind === 'initial' && isCode(before.text) && hasDigit(before.text)) {
    tokens.pop();
    return { index: normalizeIndex(last.text), possibleIndex: null };
  }
  if (kind === 'numbers') {
    if (style === 'numbers' && hasDigit(joinTokens(tokens.slice(0, -1)))) {
      tokens.pop();
      return { index: last.text, possibleIndex: null };
    }
    if (isCode(before.text) && hasDigit(before.text)) return { index: null, possibleIndex: last.text };
  }
  return takeJoinedIndex(tokens, last, style);
}

/** An index joined to the number: 'GR-EG-01c', 'A-101-C', 'A-1001-P03', 'TWP-S-201-02' (numbers). */
function takeJoinedIndex(
  tokens: Token[],
  last: Token,
  style: IndexStyle,
): { index: string | null; possibleIndex: string | null } {
  const lower = /^(.*\d)([a-z])$/.exec(last.text);
  if (lower && style !== 'numbers' && style !== 'iso') {
    last.text = lower[1]!;
    return { index: normalizeIndex(lower[2]!), possibleIndex: null };
  }
  const hyphen = /^(.+)[-.]([^-.]+)$/.exec(last.text);
  if (!hyphen || !isCode(last.text.toUpperCase()) || !hasDigit(hyphen[1]!)) return { index: null, possibleIndex: null };
  const piece = hyphen[2]!;
  const kind = indexKind(piece);
  const take = () => {
    last.text = hyphen[1]!;
    return { index: normalizeIndex(piece), possibleIndex: null };
  };
  if (
    kind === 'letters' &&
    style !== 'numbers' &&
    style !== 'iso' &&
    (piece.length === 1 || piece === piece.toUpperCase())
  )
    return take();
  if (kind === 'iso' && style !== 'numbers' && style !== 'letters' && /^[PCA]/i.test(piece)) return take();
  if (kind === 'numbers' && piece.length <= 2) {
    if (style === 'numbers') return take();
    return { index: null, possibleIndex: piece };
  }
  return { index: null, possibleIndex: null };
}

/** A word matched in any case: '[Ii][Nn][Dd][Ee][Xx]'. */
const anyCase = (word: string) =>
  [...word]
    .map((c) => (c.toUpperCase() !== c.toLowerCase() ? `[${c.toUpperCase()}${c.toLowerCase()}]` : escapeRegex(c)))
    .join('');
/** Words that announce the index in a name: 'Index C', 'Ind. C', 'Rev 03', 'Änd. D'. */
export const INDEX_MARKER_WORDS = [
  'index',
  'indx',
  'idx',
  'ind',
  'revision',
  'rev',
  'änderung',
  'aenderung',
  'änd',
  'aend',
] as const;
const MARKER_WORD = `(?:${INDEX_MARKER_WORDS.map(anyCase).join('|')})`;
/**
 * 'Index C', 'Rev.03', 'rev-c', 'Revision P02' (a separator after the marker, any case) and '_IdxC',
 * 'RevC', 'Rev03' (joined: capitals or digits only, so that 'Revit' is no 'Rev IT').
 */
const MARKED_INDEX = new RegExp(
  String.raw`(^|[\s_.\-(\[])${MARKER_WORD}(?:(?:\.?[\s_-]|\.)([A-Za-z]\d{2}(?:\.\d{1,2})?|[A-Za-z]{1,2}|\d{1,3})|([A-Z]\d{2}(?:\.\d{1,2})?|[A-Z]{1,2}|\d{1,3}))(?=$|[\s_.\-()\]])`,
  'gu',
);

const BRACKETED_INDEX = /[\s_-]*[([{]\s*([A-Za-z]\d{2}(?:\.\d{1,2})?|[A-Za-z]|[AB][A-Z]|\d{2})\s*[)\]}]/gu;
/** Two or three letters that are someone's initials, not an index (an index of two letters is AA … BZ). */
export const isInitials = (text: string) =>
  /^[a-z]{2,3}$/.test(text) || (/^[A-Z]{2,3}$/.test(text) && !/^[AB][A-Z]$/.test(text) && !NAME_WORDS.has(text));

function parseAuto(stem: string, style: IndexStyle, context: NamingContext): AutoResult {
  let rest = stem;
  let index: string | null = null;
  let possibleIndex: string | null = null;
  // A marked index wins wherever it stands (the last one), whatever the project's convention.
  const lastMark = [...rest.matchAll(MARKED_INDEX)].at(-1);
  if (lastMark) {
    index = normalizeIndex(lastMark[2] ?? lastMark[3]!);
    let tail = rest.slice(lastMark.index + lastMark[0].length);
    // '(Rev 3)', '[Index C]': the brackets go with the marked index.
    if (lastMark[1] === '(' || lastMark[1] === '[') tail = tail.replace(/^\s*[)\]]/, '');
    rest = `${rest.slice(0, lastMark.index)} ${tail}`;
  }
  // '(C)', '[C]', '{C}', '[P04]', '(02)': an index in brackets, wherever it stands (the last one).
  if (!index) {
    const bracket = [...rest.matchAll(BRACKETED_INDEX)].at(-1);
    if (bracket) {
      index = normalizeIndex(bracket[1]!);
      rest = `${rest.slice(0, bracket.index)} ${rest.slice(bracket.index + bracket[0].length)}`.trim();
    }
  }
  const tokens = tokenize(rest).filter((t) => !isDate(t.text));
  // A reviewer's initials after the index ('A-101_C_MK', 'A-101_C_mk') are no part of the plan.
  if (tokens.length > 2 && isInitials(tokens.at(-1)!.text) && indexKind(tokens.at(-2)!.text)) {
    if (!NAME_WORDS.has(tokens.at(-2)!.text.toUpperCase())) tokens.pop();
  }
  if (!index) ({ index, possibleIndex } = takeIndex(tokens, style));

  const parts: Partial<Record<FreePart, string>> = {};
  const projectNumber = context.projectNumber ? normalizePlanNumber(context.projectNumber) : '';
  if (projectNumber && tokens.length > 1 && normalizePlanNumber(tokens[0]!.text) === projectNumber) {
    parts.project = tokens.shift()!.text;
  }
  const phaseAt = tokens.findIndex((t, i) => i < 2 && isPhase(t.text, context));
  if (phaseAt !== -1 && tokens.length > 1) parts.phase = tokens.splice(phaseAt, 1)[0]!.text;

  // The number: the leading run of codes, without trailing codes that hold no digit ('A-101 EG …').
  let end = 0;
  while (end < tokens.length && isCode(tokens[end]!.text)) end++;
  while (end > 0 && !hasDigit(tokens[end - 1]!.text)) end--;
  let numberTokens = tokens.slice(0, end);
  let nameTokens = tokens.slice(end);
  if (numberTokens.length === 0) {
    // 'Grundriss EG A-101': the number at the end.
    let start = tokens.length;
    while (start > 0 && isCode(tokens[start - 1]!.text)) start--;
    while (start < tokens.length && !hasDigit(tokens[start]!.text)) start++;
    numberTokens = tokens.slice(start);
    nameTokens = tokens.slice(0, start);
  }
  // 'HPW-ARC-ZZ-00-DR-A-1001-C01 - Ground Floor Plan': the index joined to the number, before the name.
  if (!index && numberTokens.length > 0 && nameTokens.length > 0 && numberTokens !== nameTokens) {
    const joined = takeJoinedIndex(numberTokens, numberTokens.at(-1)!, style);
    index = joined.index;
    possibleIndex ??= joined.possibleIndex;
  }
  const number = joinTokens(numberTokens);
  if (!plausibleNumber(number)) return { number: null, name: cleanText(stem), index, parts, possibleIndex };
  return { number, name: cleanText(nameTokens.map((t) => t.text).join(' ')), index, parts, possibleIndex };
}

// ---------------------------------------------------------------------------------------------

/** Reads one file name by the rules; `context.knownNumbers` lets a plan of the project be found inside any name. */
export function readByRules(filename: string, key: NamingKey, context: NamingContext = {}): RuleReading {
  const { stem, extension, noise } = stemOf(filename);
  const kind = kindFromFilename(filename);
  const base: RuleReading = {
    filename,
    extension,
    kind,
    number: null,
    name: '',
    index: null,
    parts: {},
    noise,
    via: null,
    possibleIndex: null,
    lookAlikes: [],
  };
  if (!stem || NOT_A_PLAN.test(stem)) return { ...base, name: cleanText(stem) };

  const pattern = key.pattern ? parseNamingPattern(key.pattern) : null;
  const byPattern = pattern?.ok ? parseByPattern(stem, pattern.parts, key.indexStyle, context) : null;
  let result: RuleReading;
  if (byPattern) {
    result = { ...base, ...byPattern, via: 'pattern' };
  } else {
    const auto = parseAuto(stem, key.indexStyle, context);
    result = { ...base, ...auto, via: auto.number ? 'auto' : null };
  }

  const known = context.knownNumbers;
  if (!known) return result;
  const same = result.number ? known.lookup(result.number) : [];
  if (same.length > 0) return { ...result, number: same[0]!, lookAlikes: same.length > 1 ? same : [] };
  // The number read is none of the project's: is one of them in the name ('2026-014_LP5_A_101_C')?
  const hits = known.findIn(stem);
  if (hits.length === 0) return result;
  const hit = hits[0]!;
  const after = stem.slice(hit.end);
  const joined = /^[-.\s_]?([A-Za-z]\d{2}(?:\.\d{1,2})?|[A-Za-z]{1,2})(?=$|[\s_.\-(])/.exec(after);
  const index =
    result.index ?? (joined && styleAccepts(key.indexStyle, joined[1]!) ? normalizeIndex(joined[1]!) : null);
  return {
    ...result,
    number: hit.number,
    index,
    via: 'known',
    possibleIndex: index ? null : result.possibleIndex,
    lookAlikes:
      hits.length > 1 ? hits.map((h) => h.number) : known.lookup(hit.number).length > 1 ? known.lookup(hit.number) : [],
  };
}
