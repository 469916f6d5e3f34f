/**
 * Plan numbers compared the way people read them: 'A-101', 'a_101', 'A 101', 'A101' and 'A-0101' are
 * one plan. A number is cut into runs of letters and runs of digits; case, separators and leading
 * zeros do not count, the order and the cut between letters and digits do.
 */

interface Group {
  text: string;
  start: number;
  end: number;
  digits: boolean;
}

const GROUP = /(\p{L}+)|(\d+)/gu;

export function numberGroups(value: string): Group[] {
  const groups: Group[] = [];
  for (const match of value.normalize('NFC').matchAll(GROUP)) {
    groups.push({ text: match[0], start: match.index, end: match.index + match[0].length, digits: !!match[2] });
  }
  return groups;
}

// toUpperCase, not toLocaleUpperCase('de'): the same for German (no locale-specific case rules) and
// about fifty times faster in Node, where the reader compares every name with the project's numbers.
const normalGroup = (group: Pick<Group, 'text' | 'digits'>) =>
  group.digits ? group.text.replace(/^0+(?=\d)/, '') : group.text.toUpperCase();

/** The form two numbers are compared in: 'A-0101' → 'A.101', 'gr_eg_01' → 'GR.EG.1'. */
export function normalizePlanNumber(value: string): string {
  return numberGroups(value).map(normalGroup).join('.');
}

const SEPARATOR_BEFORE = /[\s_\-.([]$/;

/** What may follow a plan number in a file name: its end, a separator to the name, or its index. */
function endsNumberAt(stem: string, end: number): boolean {
  const after = stem.slice(end);
  if (after === '' || /^[\s_]/.test(after)) return true;
  // 'GR-EG-01c', 'A-101-C', 'A-101.C' and 'A-101-P03': an index joined to the number.
  if (/^[-.]?\p{L}{1,2}(?:\d{2})?(?=$|[\s_.\-(])/u.test(after)) return true;
  // 'A-101-Grundriss': a word after a hyphen; 'A-101-1' or 'A-101.2' would be another plan's number.
  if (/^-\p{L}{3,}/u.test(after)) return true;
  return false;
}

export interface KnownNumberHit {
  number: string;
  start: number;
  end: number;
}

/**
 * An index of the project's plan numbers, to find one inside a file name that the office's pattern
 * does not describe ('2026-014_LP5_A_101_C' holds 'A-101'). Only whole runs of letters and digits
 * match, and only where the number ends in the name (not 'A-101' inside 'A-101-1').
 */
export class KnownNumbers {
  private byFirst = new Map<string, { number: string; groups: string[] }[]>();
  private byNormal = new Map<string, string[]>();

  constructor(numbers: readonly string[]) {
    for (const number of numbers) {
      const groups = numberGroups(number).map(normalGroup);
      if (groups.length === 0) continue;
      const normal = groups.join('.');
      const same = this.byNormal.get(normal);
      if (same) {
        if (!same.includes(number)) same.push(number);
        continue;
      }
      this.byNormal.set(normal, [number]);
      const list = this.byFirst.get(groups[0]!) ?? [];
      list.push({ number, groups });
      this.byFirst.set(groups[0]!, list);
    }
  }

  /** The project's numbers that read the same as this one (more than one: the project has look-alikes). */
  lookup(number: string): string[] {
    return this.byNormal.get(normalizePlanNumber(number)) ?? [];
  }

  /** The longest known number found in the name; ties between different numbers are all returned. */
  findIn(stem: string): KnownNumberHit[] {
    const groups = numberGroups(stem);
    let best: KnownNumberHit[] = [];
    let bestLength = 0;
    for (let i = 0; i < groups.length; i++) {
      const first = groups[i]!;
      if (first.start > 0 && !SEPARATOR_BEFORE.test(stem.slice(0, first.start))) continue;
      for (const candidate of this.byFirst.get(normalGroup(first)) ?? []) {
        const n = candidate.groups.length;
        if (i + n > groups.length) continue;
        let same = true;
        for (let k = 1; k < n && same; k++) same = normalGroup(groups[i + k]!) === candidate.groups[k];
        if (!same) continue;
        const end = groups[i + n - 1]!.end;
        if (!endsNumberAt(stem, end)) continue;
        // A number of digits alone ('101') must not be taken from inside a longer code ('A-101').
        if (candidate.groups.every((g) => /^\d+$/.test(g)) && i > 0 && /-$/.test(stem.slice(0, first.start))) continue;
        const length = candidate.groups.join('').length;
        const hit = { number: candidate.number, start: first.start, end };
        if (length > bestLength) {
          best = [hit];
          bestLength = length;
        } else if (length === bestLength && !best.some((b) => b.number === hit.number)) {
          best.push(hit);
        }
      }
    }
    return best;
  }
}
