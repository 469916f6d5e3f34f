import { indexKind, normalizeIndex } from './plan-index.ts';
import {
  LABEL_WORDS,
  NAME_WORDS,
  isInitials,
  readByRules,
  stemOf,
  type NamingContext,
  type NamingKey,
  type RuleReading,
} from './plan-names.ts';
import { normalizePlanNumber } from './plan-numbers.ts';

/**
 * The plan-file-name reader: the name is cut into tokens, the tokens are classified (number parts,
 * index, status code, storey, label, initials, date, noise), every plausible complete reading is
 * scored, and the best one is taken only when its margin over the second is clear. Otherwise the
 * reading is flagged with the reason and the alternatives, so that the review asks instead of
 * filing a plan under a wrong number or index. Pure and fast: no allocation-heavy search, a handful
 * of readings per name.
 */

/** The conventions a reading can be recognised as. */
export const PLAN_CONVENTIONS = [
  'key', // the project's naming key
  'iso19650', // ISO 19650 / BS 1192 container name
  'revit', // '<project file> - Sheet - <number> - <name>' (Revit, also 'Plan'/'Blatt' in German Revit)
  'autocad', // '<drawing>-<layout>' of AutoCAD publish
  'sheet', // US NCS and Archicad/Vectorworks sheet numbers: 'A-101', 'A101', 'S-201.1', 'A.01'
  'planschluessel', // German office keys: fields of codes, 'GR-EG-01', 'HLS-LP5-EG-101', 'TWP_A_104'
  'running', // a running number alone ('0012', '101')
  'other',
] as const;
export type PlanConvention = (typeof PLAN_CONVENTIONS)[number];

/** Why a reading is not taken without a question; the web translates `planSet.reading.<reason>`. */
export const READING_REASONS = [
  'two_indexes', // two tokens could be the index: params index (taken), other
  'number_not_unique', // more than one number could be the plan's: params numbers
  'index_or_number', // a trailing number is the index or part of the number: params value
  'no_convention', // the number fits no convention well
] as const;
export type ReadingReason = (typeof READING_REASONS)[number];

export interface ReadingFlag {
  reason: ReadingReason;
  params: Record<string, string>;
}

export interface ReadingAlternative {
  number: string | null;
  index: string | null;
  convention: PlanConvention | null;
  /** 0 … 1, comparable with the reading's confidence. */
  score: number;
}

export interface ParsedPlanName extends RuleReading {
  /** The convention recognised; null when no number was read. */
  convention: PlanConvention | null;
  /** 0 … 1: how sure the reading is (the score of the best reading, lowered by a close second). */
  confidence: number;
  /** Set when the reading must be confirmed by the office: a close second reading or no convention. */
  flag: ReadingFlag | null;
  /** The other readings worth offering, best first (the taken reading is not among them). */
  alternatives: ReadingAlternative[];
  /**
   * The word that says the file is no plan ('Protokoll', 'Planliste'), and a plan number the name
   * holds all the same ('Besprechungsprotokoll zu A-101'): without one the file is left out, with one
   * the office decides.
   */
  nonPlan?: { word: string; numberInside: string | null };
}

/** A reading is taken without a question only with this much over the second best. */
export const CLEAR_MARGIN = 0.2;

// ---------------------------------------------------------------------------------------------
// Tokens

interface NameToken {
  text: string;
  start: number;
  end: number;
}

/** Cuts a name at separators and brackets; codes ('A-101', 'S-201.1') stay one token. */
export function tokenizeName(stem: string): NameToken[] {
  const tokens: NameToken[] = [];
  for (const m of stem.matchAll(/[^\s_()[\]{}]+/gu)) {
    const text = m[0].replace(/^[-.]+|[-.]+$/g, '');
    if (!text) continue;
    const start = m.index + m[0].indexOf(text);
    tokens.push({ text, start, end: start + text.length });
  }
  return tokens;
}

/** Cuts a code at its own separators, case changes and digit/letter runs ('a101c' → a, 101, c). */
export function codeParts(code: string): string[] {
  return code.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\d+/gu) ?? [];
}

export type TokenClass = 'index' | 'revision' | 'status' | 'storey' | 'label' | 'initials' | 'code' | 'word' | 'other';

const STATUS = /^(S[0-7]|A[1-9]|B[1-9]|CR|D[1-4])$/i;
const REVISION = /^[PCA]\d{2}(\.\d{1,2})?$/i;

/** What a token could be, on its own. */
export function classifyToken(text: string): TokenClass {
  if (REVISION.test(text)) return 'revision';
  if (STATUS.test(text)) return 'status';
  if (NAME_WORDS.has(text.toUpperCase()) || /^\d{1,2}\.?(OG|UG|DG)$/i.test(text)) return 'storey';
  if (LABEL_WORDS.test(text)) return 'label';
  if (/^[A-Z]$|^[a-z]$|^[AB][A-Z]$|^\d{2}$|^-$|^0$/.test(text)) return 'index';
  if (isInitials(text)) return 'initials';
  if (/\d/.test(text) && !/\p{Ll}{4,}/u.test(text)) return 'code';
  if (/^\p{L}+$/u.test(text)) return 'word';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// Conventions of the number

const ISO_NAME =
  /^((?:[A-Z0-9]{2,6})([-_])(?:[A-Z0-9]{1,6}\2){3,4}(?:[A-Z][A-Z0-9]{1,2})\2(?:[A-Z]{1,2})\2\d{3,6})(?=$|[-_\s.])/i;

/** The convention a number is written in. */
export function conventionOf(number: string): PlanConvention {
  if (ISO_NAME.test(number) && ISO_NAME.exec(number)![1] === number) return 'iso19650';
  if (/^[A-Z]{1,2}[-_ .]?\d{2,4}(\.\d{1,2})?[a-z]?$/i.test(number)) return 'sheet';
  if (/^\d{3,6}$/.test(number)) return 'running';
  const fields = number.split(/[-_ .]+/);
  if (fields.length >= 2 && fields.every((f) => /^[\p{L}\d]{1,6}$/u.test(f)) && fields.some((f) => /\d/.test(f)))
    return 'planschluessel';
  return 'other';
}

/** The base score of a number in its convention: how typical such a number is for a plan. */
const CONVENTION_SCORE: Record<PlanConvention, number> = {
  key: 0.95,
  iso19650: 0.95,
  revit: 0.9,
  autocad: 0.85,
  sheet: 0.9,
  planschluessel: 0.85,
  running: 0.75,
  other: 0.5,
};

/** ISO 19650: fields, then status and revision in either order, then the title. */
function readIso19650(
  stem: string,
): { number: string; index: string | null; status: string | null; name: string } | null {
  const m = ISO_NAME.exec(stem);
  if (!m) return null;
  let rest = stem.slice(m[1]!.length);
  let index: string | null = null;
  let status: string | null = null;
  for (;;) {
    const next = /^[-_\s.]+([A-Za-z]\d{1,2}(?:\.\d{1,2})?|CR)(?=$|[-_\s.])/i.exec(rest);
    if (!next) break;
    const code = next[1]!;
    if (!index && REVISION.test(code) && code.length >= 3) index = normalizeIndex(code);
    else if (!status && STATUS.test(code)) status = code.toUpperCase();
    else break;
    rest = rest.slice(next[0].length);
  }
  const name = rest
    .replace(/^[-_\s.]+/, '')
    .replace(/_+/g, ' ')
    .trim();
  return { number: m[1]!, index, status, name };
}

/** Revit and other exports: '<project file> - Sheet - <number> - <name>'; the number after the word. */
const SHEET_EXPORT = /^(.+?) - (?:sheet|plan|blatt) - (.+)$/i;

// ---------------------------------------------------------------------------------------------

interface Reading {
  number: string | null;
  index: string | null;
  convention: PlanConvention | null;
  score: number;
}

const sameReading = (a: Reading, b: Reading) =>
  (a.number ? normalizePlanNumber(a.number) : null) === (b.number ? normalizePlanNumber(b.number) : null) &&
  a.index === b.index;

/** Non-plans by their words: minutes, lists, reports, photos, system files. */
const NON_PLAN_WORDS =
  /(protokoll|minutes|besprechung|meeting|liste\b|planliste|list\b|register|transmittal|bericht|report|rechnung|invoice|angebot|schreiben|letter|foto|photo|thumbs|desktop|ds_store|scan\b|notiz|notes|terminplan|bauzeitenplan|aktennotiz|kosten|schriftverkehr|konzept|gutachten|vertrag|\bkw\d{1,2}\b)/iu;

/** A number in a non-plan's name that names a plan: one the project has, or a sheet or ISO code ('KW45' is a week). */
function planNumberIn(rules: RuleReading, context: NamingContext): string | null {
  const number = rules.number;
  if (!number || NON_PLAN_WORDS.test(number)) return null;
  if (context.knownNumbers?.lookup(number).length) return number;
  const convention = conventionOf(number);
  return convention === 'sheet' || convention === 'iso19650' ? number : null;
}

/** The whole word a match lies in ('Besprechungsprotokoll' for 'protokoll'). */
function wordAround(text: string, start: number, length: number): string {
  const before = /[\p{L}\d]*$/u.exec(text.slice(0, start))![0];
  const after = /^[\p{L}\d]*/u.exec(text.slice(start + length))![0];
  return before + text.slice(start, start + length) + after;
}

const MARKED =
  /(?:index|idx|indx|ind|rev(?:ision)?|änd(?:erung)?|aend(?:erung)?)\.?[\s_-]?([a-z]\d{2}(?:\.\d{1,2})?|[a-z]{1,2}|\d{1,3}|-)(?![\p{L}\d])/giu;
const BRACKETED = /[([{]\s*([^)\]}\s]+)\s*[)\]}]/gu;

/** How much the way the index is written says: a marked index ('Index C') is surest. */
function indexScore(stem: string, index: string | null): number {
  if (!index) return 0;
  for (const m of stem.matchAll(MARKED)) if (normalizeIndex(m[1]!) === index) return 0.05;
  for (const m of stem.matchAll(BRACKETED)) if (normalizeIndex(m[1]!) === index) return 0.05;
  if (REVISION.test(index)) return 0.04;
  return 0;
}

/** Reads one file name: number, index and name, with the convention, how sure, and why not when unsure. */
export function parsePlanFilename(filename: string, key: NamingKey, context: NamingContext = {}): ParsedPlanName {
  const rules = readByRules(filename, key, context);
  const { stem } = stemOf(filename);
  const none = (reading: RuleReading): ParsedPlanName => ({
    ...reading,
    convention: null,
    confidence: 0,
    flag: null,
    alternatives: [],
  });
  // A name that says it is no plan is never matched, not even by a plan number inside it.
  const nonPlan = rules.via === 'pattern' ? null : NON_PLAN_WORDS.exec(stem);
  if (nonPlan)
    return {
      ...none({ ...rules, number: null, index: null, via: null, possibleIndex: null, lookAlikes: [] }),
      nonPlan: {
        word: wordAround(stem, nonPlan.index, nonPlan[1]!.length),
        numberInside: planNumberIn(rules, context),
      },
    };
  const sheet = rules.via === 'pattern' || rules.via === 'known' ? null : SHEET_EXPORT.exec(stem);
  if (!rules.number && !sheet) return none(rules);

  let reading: RuleReading = rules;
  let convention: PlanConvention = rules.number ? conventionOf(rules.number) : 'other';
  if (rules.via === 'pattern') convention = 'key';
  else if (rules.via !== 'known') {
    const iso = readIso19650(stem);
    if (iso) {
      const noise = iso.status ? [...rules.noise, iso.status] : rules.noise;
      reading = {
        ...rules,
        number: iso.number,
        index: iso.index ?? rules.index,
        name: iso.name,
        noise,
        possibleIndex: null,
      };
      if (!iso.index && rules.index && !REVISION.test(rules.index)) reading.index = null;
      convention = 'iso19650';
    } else if (sheet) {
      // The project file in front may hold digits of its own: the part after the word decides.
      const inner = readByRules(`${sheet[2]!.replace(/ - /g, '_')}.${rules.extension || 'pdf'}`, key, context);
      if (!inner.number) return none(rules);
      reading = { ...rules, ...inner, filename, noise: rules.noise };
      convention = 'revit';
    } else if (/-(model|modell|layout\s?\d*)$/i.test(filename.replace(/\.[^.]+$/, ''))) {
      convention = 'autocad';
    }
  } else if (readIso19650(stem)) convention = 'iso19650';

  const number = reading.number!;
  const best: Reading = {
    number,
    index: reading.index,
    convention,
    score: CONVENTION_SCORE[convention] + indexScore(stem, reading.index),
  };
  if (reading.via === 'known' || context.knownNumbers?.lookup(number).length) best.score = 1;
  const others: Reading[] = [];
  const flags: ReadingFlag[] = [];
  const known = best.score === 1;

  // Look-alikes: the project has more than one plan that reads like this number.
  if (reading.lookAlikes.length > 1) {
    flags.push({ reason: 'number_not_unique', params: { numbers: reading.lookAlikes.join(', ') } });
    for (const n of reading.lookAlikes.slice(1)) others.push({ ...best, number: n, score: best.score });
  }

  // The tokens after the number: another token that could be the index.
  const tokens = tokenizeName(stem);
  const numberEnd = endOf(stem, number);
  const candidates = tokens.filter((t, i) => {
    if (t.start < numberEnd) return false;
    const cls = classifyToken(t.text);
    if (cls !== 'index' && cls !== 'revision') return false;
    if (/^\d{2}$/.test(t.text) || t.text === '-' || t.text === '0') return false;
    if (key.indexStyle === 'numbers' || (key.indexStyle === 'iso' && cls !== 'revision')) return false;
    const before = tokens[i - 1];
    if (before && LABEL_WORDS.test(before.text)) return false;
    const after = tokens[i + 1];
    if (after && /^(und|and|&|\+|bis|to)$/i.test(after.text)) return false;
    return normalizeIndex(t.text) !== reading.index;
  });
  // A two-digit index or a first issue ('-', '0') after the name: 'A-101_Grundriss_02', 'A-101_Grundriss_-'.
  const last = tokens.at(-1);
  const trailing = /[\s_](-|0|\d{2})$/.exec(stem);
  if (
    !best.index &&
    trailing &&
    last &&
    last.start >= numberEnd &&
    key.indexStyle !== 'letters' &&
    key.indexStyle !== 'iso'
  ) {
    const beforeLast = tokens.at(-2);
    if (
      trailing[1] === '-' ||
      (beforeLast && beforeLast.end > numberEnd && classifyToken(beforeLast.text) !== 'code')
    ) {
      best.index = trailing[1]!;
      reading = { ...reading, name: reading.name.replace(new RegExp(`\\s*${trailing[1]}$`), '') };
      best.score -= 0.05;
    }
  }
  if (candidates.length > 0) {
    const other = normalizeIndex(candidates.at(-1)!.text);
    const marked = indexScore(stem, reading.index) > 0;
    if (!reading.index) {
      // The only index-like token after the number ('A-101_C_Grundriss EG'): taken, a little less sure.
      if (candidates.length === 1) {
        best.index = other;
        best.score -= 0.05;
        const words = reading.name.split(' ');
        const at = words.indexOf(candidates[0]!.text);
        if (at !== -1) reading = { ...reading, name: words.filter((_, i) => i !== at).join(' ') };
      } else {
        const first = normalizeIndex(candidates[0]!.text);
        best.index = other;
        others.push({ ...best, index: first, score: best.score - 0.05 });
        flags.push({ reason: 'two_indexes', params: { index: other, other: first } });
      }
    } else if (!marked) {
      others.push({ ...best, index: other, score: best.score - 0.1 });
      flags.push({ reason: 'two_indexes', params: { index: reading.index, other } });
    }
  }

  // A trailing number that may be the index ('TWP-S-201-02'): two readings alike.
  // 'S-201.1' is a sheet of its own in the NCS, not an index.
  const subSheet = conventionOf(number) === 'sheet' && /\.\d{1,2}$/.test(number);
  if (reading.possibleIndex && !best.index && key.indexStyle === 'auto' && !known && !subSheet) {
    const cut = number.slice(0, number.length - reading.possibleIndex.length).replace(/[-_.\s]+$/, '');
    const knownCut = context.knownNumbers?.lookup(cut) ?? [];
    if (knownCut.length === 1) {
      // The project has the shorter number: the trailing number is its index.
      return {
        ...reading,
        number: knownCut[0]!,
        index: reading.possibleIndex,
        possibleIndex: null,
        via: 'known',
        convention: conventionOf(knownCut[0]!),
        confidence: 1,
        flag: null,
        alternatives: [],
      };
    }
    others.push({ number: cut, index: reading.possibleIndex, convention: conventionOf(cut), score: best.score - 0.05 });
    flags.push({ reason: 'index_or_number', params: { value: reading.possibleIndex } });
  }

  if (!known && convention !== 'key') {
    // A project number in front that the project does not name ('2026-014_A_101'): with or without it.
    const prefix = /^(\d{4}[-.]\d{2,4}|\d{5,6}|P\d{3,5})[-_\s]+(.*\d.*)$/i.exec(number);
    if (prefix && !reading.parts.project) {
      const rest = prefix[2]!;
      others.push({ number: rest, index: best.index, convention: conventionOf(rest), score: best.score - 0.05 });
      flags.push({ reason: 'number_not_unique', params: { numbers: `${number}, ${rest}` } });
    }
    // Another sheet number in the name ('A-101 Detail zu A-205'): which one is the plan?
    const name = stem.slice(numberEnd);
    const second = /(?:^|[\s_])([A-Z]{1,2}-\d{2,4}(?:\.\d{1,2})?)(?=$|[\s_])/.exec(name);
    if (second && normalizePlanNumber(second[1]!) !== normalizePlanNumber(number)) {
      others.push({ number: second[1]!, index: best.index, convention: 'sheet', score: best.score - 0.1 });
      flags.push({ reason: 'number_not_unique', params: { numbers: `${number}, ${second[1]!}` } });
    }
    if (convention === 'other') flags.push({ reason: 'no_convention', params: { number } });
  }

  const alternatives = others
    .filter((o, i) => !sameReading(o, best) && others.findIndex((p) => sameReading(p, o)) === i)
    .sort((a, b) => b.score - a.score)
    .map((o) => ({ ...o, score: round(o.score) }));
  const margin = alternatives.length > 0 ? best.score - alternatives[0]!.score : 1;
  const flag = flags[0] && (margin < CLEAR_MARGIN || flags[0].reason === 'no_convention') ? flags[0] : null;
  const confidence = round(Math.min(1, best.score) * (margin < CLEAR_MARGIN ? 0.5 + margin : 1));
  return {
    ...reading,
    number: best.number,
    index: best.index,
    possibleIndex: best.index ? null : reading.possibleIndex,
    convention,
    confidence,
    flag,
    alternatives,
  };
}

/** Where the number ends in the name, also when written otherwise there ('A-101' in 'A_0101', 'LP5' left out); 0 when not found. */
function endOf(stem: string, number: string): number {
  const at = stem.toLowerCase().indexOf(number.toLowerCase());
  if (at !== -1) return at + number.length;
  // Its runs of letters and digits one after the other.
  let end = 0;
  for (const run of number.match(/\p{L}+|\d+/gu) ?? []) {
    const source = /\d/.test(run) ? `(?<!\\d)0*${run.replace(/^0+(?=\d)/, '')}(?!\\d)` : run;
    const m = new RegExp(source, 'iu').exec(stem.slice(end));
    if (!m) return 0;
    end += m.index + m[0].length;
  }
  return end;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Whether an index read may stand as written ('C', '02', 'P03', '-'); for edits offered as choices. */
export const isIndexLike = (value: string) => indexKind(value) !== null;
