/**
 * Revision indexes as planning offices write them: letters (A … Z, AA, AB …), numbers (01, 02 …) and
 * the ISO 19650 / BS 1192 revision codes of English offices (P01 preliminary, C01 contractual).
 * A project may fix its convention where a name is ambiguous: in 'auto', a trailing number stays part
 * of the plan number unless a marker ('Index 02', 'Rev 02') says it is the index.
 */
export const INDEX_STYLES = ['auto', 'letters', 'numbers', 'iso'] as const;
export type IndexStyle = (typeof INDEX_STYLES)[number];

/** The convention one index is written in; 'initial' is the '0' or '-' some offices give a first issue. */
export type IndexKind = 'letters' | 'numbers' | 'iso' | 'initial';

const LETTERS = /^[A-Z]{1,2}$/i;
const NUMBERS = /^\d{1,3}$/;
const ISO = /^[A-Z]\d{2}(?:\.\d{1,2})?$/i;
const INITIAL = /^(?:-|0+)$/;

export function indexKind(index: string): IndexKind | null {
  const value = index.trim();
  if (INITIAL.test(value)) return 'initial';
  if (LETTERS.test(value)) return 'letters';
  if (NUMBERS.test(value)) return 'numbers';
  if (ISO.test(value)) return 'iso';
  return null;
}

/** Whether the style takes this index (auto takes every convention). */
export function styleAccepts(style: IndexStyle, index: string): boolean {
  const kind = indexKind(index);
  if (!kind) return false;
  return style === 'auto' || kind === 'initial' || kind === style;
}

/** How an index is stored and shown: letters and ISO codes upper case, numbers as written ('02'). */
export function normalizeIndex(index: string): string {
  return index.trim().toUpperCase();
}

/** ISO revision prefixes in the order a plan passes them: preliminary, then contractual, then as built. */
const ISO_PREFIX_ORDER = ['P', 'C', 'A'];

/** The position of an index in its convention: A = 1, Z = 26, AA = 27; 02 = 2; P01 before C01. */
function rank(index: string, kind: IndexKind): number {
  const value = normalizeIndex(index);
  switch (kind) {
    case 'initial':
      return 0;
    case 'letters':
      return [...value].reduce((sum, char) => sum * 26 + (char.charCodeAt(0) - 64), 0);
    case 'numbers':
      return Number(value);
    case 'iso': {
      const prefix = ISO_PREFIX_ORDER.indexOf(value[0]!);
      const order = prefix === -1 ? ISO_PREFIX_ORDER.length + value.charCodeAt(0) - 64 : prefix;
      return order * 1000 + Math.floor(Number(value.slice(1)));
    }
  }
}

export interface IndexComparison {
  /** -1: the new index is older than the other one, 0: equal, 1: later. */
  order: -1 | 0 | 1;
  /** Indexes between the two that were left out (B → D skips one: C). */
  skipped: number;
}

/**
 * Compares a new index with an existing one; null when they follow different conventions ('C' and
 * '03') and cannot be compared. An initial issue ('0', '-') is before everything.
 */
export function compareIndexes(next: string, existing: string): IndexComparison | null {
  const a = indexKind(next);
  const b = indexKind(existing);
  if (!a || !b) return null;
  if (a !== b && a !== 'initial' && b !== 'initial') return null;
  const diff = rank(next, a) - rank(existing, b);
  if (diff === 0) return { order: 0, skipped: 0 };
  if (diff < 0) return { order: -1, skipped: 0 };
  // From an initial issue the first letter or number is the next one, whatever the count says.
  const skipped = b === 'initial' ? Math.max(0, rank(next, a) - 1) : diff - 1;
  // ISO: changing prefix (P → C) starts counting again; only the numbers within one prefix can skip.
  if (a === 'iso' && b === 'iso' && normalizeIndex(next)[0] !== normalizeIndex(existing)[0])
    return { order: 1, skipped: 0 };
  return { order: 1, skipped };
}

const letters = (n: number): string => {
  let out = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    out = String.fromCharCode(65 + ((rest - 1) % 26)) + out;
  return out;
};

/** The index after this one in its convention (C → D, Z → AA, 02 → 03, P02 → P03); from nothing the first one. */
export function nextIndex(current: string | null, style: IndexStyle = 'auto'): string {
  const kind = current ? indexKind(current) : null;
  if (!current || !kind || kind === 'initial') {
    if (style === 'numbers') return '01';
    if (style === 'iso') return 'P01';
    return 'A';
  }
  const value = normalizeIndex(current);
  switch (kind) {
    case 'letters':
      return letters(rank(value, 'letters') + 1);
    case 'numbers':
      return String(Number(value) + 1).padStart(value.length, '0');
    case 'iso':
      return `${value[0]}${String(Math.floor(Number(value.slice(1))) + 1).padStart(2, '0')}`;
  }
}
