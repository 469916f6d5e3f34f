import { describe, expect, test } from 'vitest';
import { DEFAULT_NAMING_KEY, type NamingKey } from './plan-names.ts';
import { KnownNumbers, normalizePlanNumber } from './plan-numbers.ts';
import { codeParts, parsePlanFilename, PLAN_CONVENTIONS, tokenizeName } from './plan-reader.ts';
import { READER_TABLE, TABLE_CONTEXT, type Clear } from './plan-reader.table.ts';
import { checkPlanSet } from './plan-set-check.ts';

const read = (filename: string, key: NamingKey = DEFAULT_NAMING_KEY) => parsePlanFilename(filename, key, TABLE_CONTEXT);

const exact = (filename: string, expected: Clear) => {
  const r = read(filename);
  return (
    !r.flag &&
    r.number !== null &&
    normalizePlanNumber(r.number) === normalizePlanNumber(expected.number) &&
    r.index === expected.index &&
    r.convention === expected.convention
  );
};

const clearRows = READER_TABLE.filter((row): row is readonly [string, Clear] => typeof row[1] === 'object');

describe('the reader on the tables of invented names', () => {
  test('the tables hold at least 300 names of every convention, flagged ones and non-plans', () => {
    expect(READER_TABLE.length).toBeGreaterThanOrEqual(300);
    const conventions = new Set(clearRows.map(([, e]) => e.convention));
    for (const c of PLAN_CONVENTIONS.filter((c) => c !== 'key' && c !== 'other')) expect(conventions).toContain(c);
    expect(READER_TABLE.filter(([, e]) => e === 'flagged').length).toBeGreaterThanOrEqual(25);
    expect(READER_TABLE.filter(([, e]) => e === 'none').length).toBeGreaterThanOrEqual(25);
  });

  test('no reading is wrong without a flag', () => {
    const silentlyWrong = clearRows.filter(([name, e]) => {
      const r = read(name);
      return !r.flag && r.number !== null && !exact(name, e);
    });
    expect(silentlyWrong.map(([name]) => name)).toEqual([]);
  });

  test('at least 95 % of the clear names are read exactly (number, index, convention)', () => {
    const right = clearRows.filter(([name, e]) => exact(name, e)).length;
    expect(right / clearRows.length).toBeGreaterThanOrEqual(0.95);
  });

  test.each(READER_TABLE.filter(([, e]) => e === 'flagged'))('%s is flagged with a reason and alternatives', (name) => {
    const r = read(name);
    expect(r.flag?.reason).toBeTruthy();
    expect(r.alternatives.length).toBeGreaterThan(0);
    expect(r.confidence).toBeLessThan(0.8);
  });

  test.each(READER_TABLE.filter(([, e]) => e === 'none'))('%s is never matched to a plan', (name) => {
    const known = new KnownNumbers(['A-101', 'T-0042']);
    expect(parsePlanFilename(name, DEFAULT_NAMING_KEY, { ...TABLE_CONTEXT, knownNumbers: known }).number).toBeNull();
  });
});

describe('tokens and reasons', () => {
  test('a name is cut at separators and brackets, codes stay whole; codes at case changes and digit runs', () => {
    expect(tokenizeName('A-101_Grundriss EG (C)').map((t) => t.text)).toEqual(['A-101', 'Grundriss', 'EG', 'C']);
    expect(codeParts('a101c')).toEqual(['a', '101', 'c']);
    expect(codeParts('IdxC')).toEqual(['Idx', 'C']);
  });

  test('two possible indexes name both, the other offered as a choice', () => {
    const r = read('A-101_Grundriss_C_B.pdf');
    expect(r.flag).toEqual({ reason: 'two_indexes', params: { index: 'B', other: 'C' } });
    expect(r.alternatives.map((a) => [a.number, a.index])).toEqual([['A-101', 'C']]);
  });

  test('a project number in front that is not the project’s makes the number not unique', () => {
    const r = read('2025-117_A-101_C.pdf');
    expect(r.flag).toMatchObject({ reason: 'number_not_unique' });
    expect(r.alternatives[0]).toMatchObject({ number: 'A-101', index: 'C' });
    // The project's own number is known: no question.
    expect(read('2026-014_A-107_Lageplan_Index E.pdf')).toMatchObject({ number: 'A-107', index: 'E', flag: null });
  });

  test("a trailing number is the index or part of the number — unless the project's convention says", () => {
    expect(read('TWP-S-201-02.pdf').flag).toMatchObject({ reason: 'index_or_number', params: { value: '02' } });
    const numbers = read('TWP-S-201-02.pdf', { pattern: null, indexStyle: 'numbers' });
    expect(numbers).toMatchObject({ number: 'TWP-S-201', index: '02', flag: null });
  });

  test('a clear reading is sure, a flagged one is not', () => {
    expect(read('HPW-ARC-ZZ-00-DR-A-1001-S2-P03.pdf').confidence).toBeGreaterThanOrEqual(0.9);
    expect(read('A-101_Grundriss_C_B.pdf').confidence).toBeLessThan(0.8);
  });
});

describe("the project's plan numbers win over a guess", () => {
  const known = new KnownNumbers(['TWP-S-201', 'A-101', 'S-12-3-4']);
  const context = { ...TABLE_CONTEXT, knownNumbers: known };
  test('a name the reader is unsure of is sure when it holds a known number', () => {
    expect(parsePlanFilename('TWP-S-201-02.pdf', DEFAULT_NAMING_KEY, context)).toMatchObject({ flag: null });
    expect(parsePlanFilename('2025-117_A-101_C.pdf', DEFAULT_NAMING_KEY, context)).toMatchObject({
      number: 'A-101',
      index: 'C',
      flag: null,
      confidence: 1,
    });
  });

  test('a longer known number inside a name is found whole', () => {
    const r = parsePlanFilename('S-12-3-4_C.pdf', DEFAULT_NAMING_KEY, context);
    expect(r).toMatchObject({ number: 'S-12-3-4', index: 'C', flag: null });
  });
});

describe("the naming key's {number} field", () => {
  test('takes the whole number up to the next field’s separator, also when it holds that separator', () => {
    const dash: NamingKey = { pattern: '{number}-{name}-{index}', indexStyle: 'auto' };
    expect(read('A-101-2-Grundriss-C.pdf', dash)).toMatchObject({ number: 'A-101-2', name: 'Grundriss', index: 'C' });
    expect(read('A-101-Grundriss EG-C.pdf', dash)).toMatchObject({ number: 'A-101', name: 'Grundriss EG' });
    const under: NamingKey = { pattern: '{number}_{name}_{index}', indexStyle: 'auto' };
    expect(read('A_101_2_Grundriss_EG_C.pdf', under)).toMatchObject({
      number: 'A_101_2',
      name: 'Grundriss EG',
      index: 'C',
      convention: 'key',
    });
  });

  test('the same Planschlüssel names read with the project key set', () => {
    const key: NamingKey = { pattern: '{discipline}-{phase}-{number}_{name}_{index}', indexStyle: 'auto' };
    expect(read('HLS-LP5-EG-101_Heizung_c.pdf', key)).toMatchObject({
      number: 'EG-101',
      index: 'C',
      convention: 'key',
      flag: null,
    });
    // A name the key does not describe is read by the conventions, as before.
    expect(read('GR-EG-01c.pdf', key)).toMatchObject({ number: 'GR-EG-01', index: 'C', convention: 'planschluessel' });
  });
});

describe('the same names with a project key set', () => {
  const KEYS = ['{number}_{name}_{index}', '{project}_{phase}_{number}_{index}', '{number} {name} Index {index}'];
  test.each(KEYS)('%s: no name is read wrong without a flag, those of the key are read by it', (pattern) => {
    const key: NamingKey = { pattern, indexStyle: 'auto' };
    const wrong = clearRows.filter(([name, e]) => {
      const r = read(name, key);
      if (r.flag || r.number === null) return false;
      return normalizePlanNumber(r.number) !== normalizePlanNumber(e.number) || r.index !== e.index;
    });
    expect(wrong.map(([name]) => name)).toEqual([]);
    expect(clearRows.some(([name]) => read(name, key).via === 'pattern')).toBe(true);
  });

  test("a name of another convention that the key's separators fit is read by the conventions", () => {
    const key: NamingKey = { pattern: '{number}_{name}_{index}', indexStyle: 'auto' };
    expect(read('HPW_ARC_ZZ_00_DR_A_1001_S2_P01.dwg', key)).toMatchObject({
      number: 'HPW_ARC_ZZ_00_DR_A_1001',
      index: 'P01',
      convention: 'iso19650',
    });
    expect(read('2026-014_A-107_Lageplan_Index E.pdf', key)).toMatchObject({ number: 'A-107', via: 'auto' });
  });
});

describe('flagged rows in the plan-set review', () => {
  const review = (edits = {}) =>
    checkPlanSet({
      files: ['A-101_Grundriss_C_B.pdf', 'A-102_Grundriss_C.pdf'].map((filename) => ({
        key: filename,
        filename,
        size: 1,
      })),
      edits,
      plans: [],
      dropFolderId: 'folder',
      namingKey: DEFAULT_NAMING_KEY,
      context: TABLE_CONTEXT,
    });

  test('wait for the office: blocking, in no group, with the reason', () => {
    const r = review();
    const row = r.files.find((f) => f.key === 'A-101_Grundriss_C_B.pdf')!;
    expect(row.problems[0]).toMatchObject({
      code: 'reading_two_indexes',
      level: 'block',
      params: { index: 'B', other: 'C' },
    });
    expect(row.groupKey).toBeNull();
    expect(r.blocking).toBe(1);
    expect(r.uploads).toBe(1);
  });

  test('go once the office chose the index', () => {
    const r = review({ 'A-101_Grundriss_C_B.pdf': { index: 'C' } });
    expect(r.blocking).toBe(0);
    expect(r.groups.map((g) => [g.number, g.index])).toContainEqual(['A-101', 'C']);
  });
});
