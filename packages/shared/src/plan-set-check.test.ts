import { describe, expect, test } from 'vitest';
import { DEFAULT_NAMING_KEY } from './plan-names.ts';
import { checkPlanSet, type SetFileEdit, type SetPlan, type SetReview } from './plan-set-check.ts';

const plan = (number: string, currentIndex: string | null, prepared?: SetPlan['prepared']): SetPlan => ({
  docId: `doc-${number}`,
  number,
  name: `Plan ${number}`,
  folderId: 'folder-grundrisse',
  doctype: 'plan',
  currentIndex,
  prepared: prepared ?? null,
});

const PLANS: SetPlan[] = [
  plan('A-101', 'C'),
  plan('A-102', 'B', { versionId: 'v-102-C', index: 'C', kinds: ['pdf'] }),
  plan('A-103', 'C', { versionId: 'v-103-D', index: 'D', kinds: [] }),
  plan('A-104', 'C'),
  plan('A-106', 'B', { versionId: 'v-106-D', index: 'D', kinds: ['dwg'] }),
  plan('A-107', 'C'),
  plan('A-108', 'B'),
  plan('A-109', 'B'),
  plan('A-110', 'C'),
  plan('B-1', 'A'),
  plan('B_1', 'A'),
];

function review(names: string[], edits: Record<string, SetFileEdit> = {}): SetReview {
  return checkPlanSet({
    files: names.map((filename) => ({ key: filename, filename, size: 1000 })),
    edits,
    plans: PLANS,
    dropFolderId: 'folder-drop',
    namingKey: DEFAULT_NAMING_KEY,
    context: { projectNumber: '2026-014', phaseShortcuts: ['LP5'] },
  });
}

const file = (r: SetReview, key: string) => r.files.find((f) => f.key === key)!;
const groupOf = (r: SetReview, key: string) => r.groups.find((g) => g.fileKeys.includes(key))!;
const codes = (r: SetReview, key: string) => [
  ...file(r, key).problems.map((p) => p.code),
  ...(groupOf(r, key)?.problems.map((p) => p.code) ?? []),
];

describe('matching a dropped set to the plans', () => {
  test('a PDF and its DWG go together into a new version of their plan', () => {
    const r = review(['A-101_Grundriss EG_D.pdf', '2026-014_LP5_A_101_D.dwg']);
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]).toMatchObject({ docId: 'doc-A-101', index: 'D', kinds: ['pdf', 'dwg'], action: 'new_version' });
    expect(r.groups[0]!.problems).toEqual([]);
    expect(r).toMatchObject({ blocking: 0, uploads: 2, newPlans: 0 });
  });

  test('a number the project does not have is proposed as a new plan in the drop folder', () => {
    const r = review(['A-140_Detail Attika_A.pdf']);
    expect(groupOf(r, 'A-140_Detail Attika_A.pdf')).toMatchObject({
      docId: null,
      number: 'A-140',
      name: 'Detail Attika',
      folderId: 'folder-drop',
      action: 'new_plan',
    });
    expect(codes(r, 'A-140_Detail Attika_A.pdf')).toEqual(['new_plan']);
    expect(r.blocking).toBe(0);
    expect(r.newPlans).toBe(1);
  });

  test('two plans that read alike must be told apart', () => {
    const r = review(['B-1_B.pdf']);
    expect(file(r, 'B-1_B.pdf').problems[0]).toMatchObject({
      code: 'ambiguous_number',
      level: 'block',
      params: { numbers: 'B-1, B_1' },
    });
    expect(r.blocking).toBe(1);
  });
});

describe('checking indexes against the current and the prepared version', () => {
  test('an older index blocks and suggests the next one', () => {
    const r = review(['A-104_B.pdf']);
    expect(groupOf(r, 'A-104_B.pdf').problems).toEqual([
      {
        code: 'index_older',
        level: 'block',
        params: { number: 'A-104', index: 'B', current: 'C' },
        suggestion: { action: 'set_index', value: 'D' },
      },
    ]);
  });

  test('the current index again blocks', () => {
    expect(codes(review(['A-107_C.pdf']), 'A-107_C.pdf')).toEqual(['index_equal']);
  });

  test('a skipped letter is a warning; the empty prepared version takes the new index', () => {
    const r = review(['A-103_E.pdf']);
    const group = groupOf(r, 'A-103_E.pdf');
    expect(group).toMatchObject({ action: 'prepared', preparedVersionId: 'v-103-D' });
    expect(group.problems.map((p) => [p.code, p.level])).toEqual([
      ['prepared_index_changes', 'info'],
      ['index_skipped', 'warn'],
    ]);
    expect(r.blocking).toBe(0);
  });

  test('a format the prepared version has already blocks; the missing one goes into it', () => {
    const r = review(['A-102_C.pdf', 'A-102_C.dwg']);
    const group = groupOf(r, 'A-102_C.pdf');
    expect(group).toMatchObject({ action: 'prepared', preparedVersionId: 'v-102-C' });
    expect(group.problems.map((p) => [p.code, p.params.format])).toEqual([['format_in_prepared', 'PDF']]);
  });

  test('a prepared version with files and another index blocks', () => {
    expect(codes(review(['A-106_C.pdf']), 'A-106_C.pdf')).toEqual(['prepared_other_index']);
  });

  test('without an index the next one is suggested', () => {
    const r = review(['A-110.pdf']);
    expect(file(r, 'A-110.pdf').problems[0]).toMatchObject({
      code: 'no_index',
      suggestion: { action: 'set_index', value: 'D' },
    });
    expect(file(r, 'A-110.pdf').groupKey).toBeNull();
  });
});

describe('checking the set itself', () => {
  test('two files of one format for the same plan and index', () => {
    const r = review(['A-108_C.pdf', 'A-108_Grundriss_C.pdf']);
    expect(groupOf(r, 'A-108_C.pdf').problems.map((p) => p.code)).toEqual(['duplicate_format']);
  });

  test('one plan with two indexes in the set', () => {
    const r = review(['A-109_C.pdf', 'A-109_D.pdf']);
    expect(codes(r, 'A-109_C.pdf')).toContain('two_indexes');
    expect(codes(r, 'A-109_D.pdf')).toContain('two_indexes');
  });

  test('a DWG without PDF is a warning: the version cannot be released without one', () => {
    const r = review(['A-141_A.dwg']);
    expect(codes(r, 'A-141_A.dwg')).toEqual(['new_plan', 'tec_without_pdf']);
    expect(r.blocking).toBe(0);
  });

  test('a PDF without number asks for the title block; other files are left out', () => {
    const r = review(['Gesamtansicht.pdf', 'notes.txt']);
    expect(file(r, 'Gesamtansicht.pdf').problems[0]).toMatchObject({
      code: 'no_number',
      suggestion: { action: 'read_title_block' },
    });
    expect(file(r, 'notes.txt')).toMatchObject({ skip: true, groupKey: null });
    expect(r.blocking).toBe(1);
    expect(r.uploads).toBe(0);
  });
});

describe('files that say they are no plan', () => {
  test('minutes and a plan list are left out and say why; nothing waits for them', () => {
    const r = review(['Protokoll Baubesprechung 14.pdf', 'Planliste_LP5.pdf', 'A-101_D.pdf']);
    for (const [name, word] of [
      ['Protokoll Baubesprechung 14.pdf', 'Protokoll'],
      ['Planliste_LP5.pdf', 'Planliste'],
    ] as const) {
      expect(file(r, name)).toMatchObject({ skip: true, groupKey: null, number: null });
      expect(file(r, name).problems).toEqual([
        { code: 'not_a_plan', level: 'info', params: { word }, suggestion: { action: 'skip' } },
      ]);
    }
    expect(r).toMatchObject({ blocking: 0, uploads: 1 });
  });

  test('taken in again, it needs a number like any unreadable name; with one typed in it goes', () => {
    const name = 'Besprechungsprotokoll 14.pdf';
    const taken = review([name], { [name]: { skip: false } });
    expect(codes(taken, name)).toEqual(['not_a_plan', 'no_number']);
    expect(taken.blocking).toBe(1);
    const numbered = review([name], { [name]: { skip: false, number: 'A-160', index: 'A' } });
    expect(codes(numbered, name)).toEqual(['new_plan']);
    expect(numbered.blocking).toBe(0);
  });

  test('one that names a plan number all the same is not left out silently: the office decides', () => {
    const name = 'Besprechungsprotokoll zu A-101.pdf';
    const r = review([name]);
    expect(file(r, name)).toMatchObject({ skip: false, number: null, groupKey: null });
    expect(file(r, name).problems[0]).toMatchObject({
      code: 'maybe_not_a_plan',
      level: 'warn',
      params: { word: 'Besprechungsprotokoll', number: 'A-101' },
    });
    expect(codes(r, name)).toContain('no_number');
    expect(r.blocking).toBe(1);
  });
});

describe("the office's corrections", () => {
  test('a fixed index, a number typed in and a file left out leave nothing blocking', () => {
    const names = ['A-104_B.pdf', 'Gesamtansicht.pdf', 'A-106_E.pdf', 'A-101_D.pdf'];
    expect(review(names).blocking).toBe(3);
    const r = review(names, {
      'A-104_B.pdf': { index: 'd' },
      'Gesamtansicht.pdf': { number: 'A-150', index: 'A', name: 'Übersicht', folderId: 'folder-other' },
      'A-106_E.pdf': { skip: true },
    });
    expect(r.blocking).toBe(0);
    expect(groupOf(r, 'A-104_B.pdf')).toMatchObject({ index: 'D', action: 'new_version' });
    expect(groupOf(r, 'Gesamtansicht.pdf')).toMatchObject({
      number: 'A-150',
      name: 'Übersicht',
      folderId: 'folder-other',
      action: 'new_plan',
    });
    expect(file(r, 'A-106_E.pdf').groupKey).toBeNull();
    expect(r.uploads).toBe(3);
  });

  test('an existing plan stays in its folder whatever folder the row names', () => {
    const r = review(['A-101_D.pdf'], { 'A-101_D.pdf': { folderId: 'folder-other' } });
    expect(groupOf(r, 'A-101_D.pdf').folderId).toBe('folder-grundrisse');
  });
});

describe('files whose content is there already', () => {
  const HASH_C = 'c'.repeat(64);
  const HASH_PREPARED_PDF = 'd'.repeat(64);
  const stored = [
    { sha256: HASH_C, docId: 'doc-A-101', number: 'A-101', index: 'C', status: 'current' as const },
    { sha256: HASH_PREPARED_PDF, docId: 'doc-A-102', number: 'A-102', index: 'C', status: 'preparation' as const },
  ];
  const check = (files: { name: string; sha256?: string }[], edits: Record<string, SetFileEdit> = {}) =>
    checkPlanSet({
      files: files.map((f) => ({ key: f.name, filename: f.name, size: 1000, sha256: f.sha256 })),
      edits,
      plans: PLANS,
      dropFolderId: 'folder-drop',
      namingKey: DEFAULT_NAMING_KEY,
      stored,
    });

  test('the identical files of index C dropped again are "bereits vorhanden", left out, and propose no index D', () => {
    const r = check([
      { name: 'A-101_Grundriss EG_C.pdf', sha256: HASH_C },
      { name: 'A-101_Grundriss EG.pdf', sha256: HASH_C.toUpperCase() },
      { name: 'A-102_C.pdf', sha256: HASH_PREPARED_PDF },
    ]);
    for (const f of r.files) {
      expect(f.skip).toBe(true);
      expect(f.groupKey).toBeNull();
      expect(f.problems[0]).toMatchObject({ code: 'already_there', level: 'info' });
    }
    expect(file(r, 'A-101_Grundriss EG_C.pdf').problems[0]!.params).toEqual({ number: 'A-101', index: 'C' });
    expect(file(r, 'A-102_C.pdf').problems[0]!.params).toEqual({ number: 'A-102', index: 'C' });
    expect(r).toMatchObject({ groups: [], blocking: 0, uploads: 0 });
  });

  test('the office may keep such a file: it then goes as any other (here, index C is the current one)', () => {
    const r = check([{ name: 'A-101_C.pdf', sha256: HASH_C }], { 'A-101_C.pdf': { skip: false } });
    expect(file(r, 'A-101_C.pdf')).toMatchObject({ skip: false, groupKey: 'doc-A-101|C' });
    expect(codes(r, 'A-101_C.pdf')).toEqual(['already_there', 'index_equal']);
  });

  test('another content, or none known, is judged by its name as before', () => {
    const r = check([{ name: 'A-101_D.pdf', sha256: 'e'.repeat(64) }, { name: 'A-104_D.pdf' }]);
    expect(r.files.map((f) => f.skip)).toEqual([false, false]);
    expect(r).toMatchObject({ blocking: 0, uploads: 2 });
  });
});
