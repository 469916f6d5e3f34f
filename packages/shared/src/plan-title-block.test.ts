import { describe, expect, test } from 'vitest';
import { DEFAULT_NAMING_KEY } from './plan-names.ts';
import { parsePlanFilename } from './plan-reader.ts';
import { checkPlanSet, type SetFile, type SetFileEdit, type SetPlan } from './plan-set-check.ts';
import { combineWithTitleBlock, type TitleBlockFields, type TitleBlockOutcome } from './plan-title-block.ts';

/** Issue 40, item 4: a PDF's name and its title block read as one. */

interface Row {
  what: string;
  filename: string;
  block: TitleBlockFields | null;
  outcome: TitleBlockOutcome;
  number: string | null;
  index: string | null;
  /** The title block's choice on a disagreement or an offer. */
  offered?: { number: string | null; index: string | null };
  conflict?: { nameNumber: string; nameIndex: string; blockNumber: string; blockIndex: string };
  /** The confidence compared with the name's alone. */
  confidence: 'higher' | 'same' | 'lower';
}

const TABLE: Row[] = [
  {
    what: 'agree',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: 'A-101', index: 'C' },
    outcome: 'agrees',
    number: 'A-101',
    index: 'C',
    confidence: 'higher',
  },
  {
    what: 'agree after normalisation (separators, leading zeros, case)',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: 'a 0101', index: 'c' },
    outcome: 'agrees',
    number: 'A-101',
    index: 'C',
    confidence: 'higher',
  },
  {
    what: 'agree on an ISO 19650 container name and revision',
    filename: 'HPW-ARC-ZZ-00-DR-A-1001-S2-P03_Grundriss EG.pdf',
    block: { number: 'HPW_ARC_ZZ_00_DR_A_1001', index: 'P03' },
    outcome: 'agrees',
    number: 'HPW-ARC-ZZ-00-DR-A-1001',
    index: 'P03',
    confidence: 'higher',
  },
  {
    what: 'index differs',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: 'A-101', index: 'D' },
    outcome: 'index_differs',
    number: 'A-101',
    index: 'C',
    offered: { number: 'A-101', index: 'D' },
    conflict: { nameNumber: 'A-101', nameIndex: 'C', blockNumber: 'A-101', blockIndex: 'D' },
    confidence: 'lower',
  },
  {
    what: 'number differs',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: 'A-102', index: 'C' },
    outcome: 'number_differs',
    number: 'A-101',
    index: 'C',
    offered: { number: 'A-102', index: 'C' },
    conflict: { nameNumber: 'A-101', nameIndex: 'C', blockNumber: 'A-102', blockIndex: 'C' },
    confidence: 'lower',
  },
  {
    what: 'number and index differ',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: 'A-110', index: 'E' },
    outcome: 'both_differ',
    number: 'A-101',
    index: 'C',
    offered: { number: 'A-110', index: 'E' },
    conflict: { nameNumber: 'A-101', nameIndex: 'C', blockNumber: 'A-110', blockIndex: 'E' },
    confidence: 'lower',
  },
  {
    what: 'a sub-sheet is another number, not a part',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: 'A-101.1', index: 'C' },
    outcome: 'number_differs',
    number: 'A-101',
    index: 'C',
    offered: { number: 'A-101.1', index: 'C' },
    conflict: { nameNumber: 'A-101', nameIndex: 'C', blockNumber: 'A-101.1', blockIndex: 'C' },
    confidence: 'lower',
  },
  {
    what: 'name unreadable: the title block is offered',
    filename: 'Grundriss Erdgeschoss.pdf',
    block: { number: 'A-101', index: 'D' },
    outcome: 'offered',
    number: null,
    index: null,
    offered: { number: 'A-101', index: 'D' },
    confidence: 'same',
  },
  {
    what: 'title block missing: the name as it is',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: null,
    outcome: 'none',
    number: 'A-101',
    index: 'C',
    confidence: 'same',
  },
  {
    what: 'title block found nothing: the name as it is',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: null, index: '  ' },
    outcome: 'none',
    number: 'A-101',
    index: 'C',
    confidence: 'same',
  },
  {
    what: 'title block unsure, without an index: the number confirms, the index is not compared',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: 'A-101', index: null },
    outcome: 'agrees',
    number: 'A-101',
    index: 'C',
    confidence: 'higher',
  },
  {
    what: 'title block unsure, without a number: an index alone confirms nothing',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: null, index: 'C' },
    outcome: 'agrees',
    number: 'A-101',
    index: 'C',
    confidence: 'same',
  },
  {
    what: 'title block unsure, without a number, another index: asks',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: null, index: 'D' },
    outcome: 'index_differs',
    number: 'A-101',
    index: 'C',
    offered: { number: 'A-101', index: 'D' },
    conflict: { nameNumber: 'A-101', nameIndex: 'C', blockNumber: 'A-101', blockIndex: 'D' },
    confidence: 'lower',
  },
  {
    what: 'title block writes a part of the number: no conflict, no confirmation',
    filename: 'HPW-ARC-ZZ-00-DR-A-1001-S2-P03_Grundriss EG.pdf',
    block: { number: 'A-1001', index: 'P03' },
    outcome: 'partial',
    number: 'HPW-ARC-ZZ-00-DR-A-1001',
    index: 'P03',
    confidence: 'same',
  },
  {
    what: 'title block with the project number in front: no conflict',
    filename: 'A-101_Grundriss EG_C.pdf',
    block: { number: '2026-014-A-101', index: 'C' },
    outcome: 'partial',
    number: 'A-101',
    index: 'C',
    confidence: 'same',
  },
];

describe('combineWithTitleBlock', () => {
  test.each(TABLE)('$what', (row) => {
    const parsed = parsePlanFilename(row.filename, DEFAULT_NAMING_KEY);
    const combined = combineWithTitleBlock(parsed, row.block);
    expect(combined.outcome).toBe(row.outcome);
    expect([combined.number, combined.index]).toEqual([row.number, row.index]);
    const offer = combined.choices.find((c) => c.source === 'title_block');
    expect(offer ? { number: offer.number, index: offer.index } : undefined).toEqual(row.offered);
    expect(combined.conflict ?? undefined).toEqual(row.conflict);
    if (row.conflict) expect(combined.choices[0]).toEqual({ number: row.number, index: row.index, source: 'name' });
    const change = Math.sign(combined.confidence - parsed.confidence);
    expect(change).toBe({ higher: 1, same: 0, lower: -1 }[row.confidence]);
  });

  test('a confirmed reading says why it is surer', () => {
    const parsed = parsePlanFilename('A-101_Grundriss EG_C.pdf', DEFAULT_NAMING_KEY);
    const combined = combineWithTitleBlock(parsed, { number: 'A-101', index: 'C' });
    expect(combined.reasons).toEqual(['title_block_confirms_number', 'title_block_confirms_index']);
    expect(combined.confidence).toBeLessThanOrEqual(1);
  });
});

const PLANS: SetPlan[] = [
  {
    docId: 'doc-101',
    number: 'A-101',
    name: 'Grundriss EG',
    folderId: 'folder',
    doctype: 'plan',
    currentIndex: 'B',
    prepared: null,
  },
];

function check(files: SetFile[], edits: Record<string, SetFileEdit> = {}) {
  return checkPlanSet({ files, edits, plans: PLANS, dropFolderId: 'folder', namingKey: DEFAULT_NAMING_KEY });
}

describe('the set check with title blocks', () => {
  const pdf = (titleBlock?: TitleBlockFields): SetFile => ({
    key: 'pdf',
    filename: 'A-101_Grundriss EG_C.pdf',
    size: 1,
    titleBlock,
  });
  const dwg: SetFile = { key: 'dwg', filename: 'A-101_Grundriss EG_C.dwg', size: 1 };

  test('a disagreement blocks the row and keeps it out of the upload until the office chooses', () => {
    const review = check([pdf({ number: 'A-101', index: 'D' }), dwg]);
    const file = review.files.find((f) => f.key === 'pdf')!;
    expect(file.problems.map((p) => [p.code, p.level])).toContainEqual(['reading_title_block_index', 'block']);
    expect(file.problems.find((p) => p.code === 'reading_title_block_index')!.params).toEqual({
      nameNumber: 'A-101',
      nameIndex: 'C',
      blockNumber: 'A-101',
      blockIndex: 'D',
    });
    expect(file.groupKey).toBeNull();
    expect(review.blocking).toBeGreaterThan(0);
    // The DWG partner has no title block of its own: it goes, the PDF waits.
    expect(review.uploads).toBe(1);
  });

  test('choosing the title block reading resolves it', () => {
    const review = check([pdf({ number: 'A-101', index: 'D' }), dwg], {
      pdf: { number: 'A-101', index: 'D' },
      dwg: { number: 'A-101', index: 'D' },
    });
    expect(review.blocking).toBe(0);
    expect(review.files.map((f) => f.index)).toEqual(['D', 'D']);
    expect(review.groups).toHaveLength(1);
  });

  test('choosing the name reading resolves it', () => {
    const review = check([pdf({ number: 'A-102', index: 'C' }), dwg], { pdf: { number: 'A-101', index: 'C' } });
    expect(review.blocking).toBe(0);
    expect(review.uploads).toBe(2);
  });

  test('number and index differing is one problem', () => {
    const review = check([pdf({ number: 'A-110', index: 'E' })]);
    const codes = review.files[0]!.problems.map((p) => p.code);
    expect(codes.filter((c) => c.startsWith('reading_title_block'))).toEqual(['reading_title_block_both']);
  });

  test('agreement lets the row go without a question', () => {
    // A plan the project does not have yet: the name alone is not fully sure.
    const review = check([
      { key: 'pdf', filename: 'A-105_Grundriss EG_C.pdf', size: 1, titleBlock: { number: 'a_105', index: 'c' } },
    ]);
    expect(review.blocking).toBe(0);
    expect(review.files[0]!.titleBlock.outcome).toBe('agrees');
    expect(review.files[0]!.titleBlock.confidence).toBeGreaterThan(review.files[0]!.parsed.confidence);
  });

  test('a title block on a DWG is not compared (only PDFs have one read)', () => {
    const review = check([{ ...dwg, titleBlock: { number: 'A-102', index: 'D' } }]);
    expect(review.files[0]!.titleBlock.outcome).toBe('none');
    expect(review.blocking).toBe(0);
  });

  test('a name without index takes the index offer of a title block that confirms the number', () => {
    const review = check([
      { key: 'pdf', filename: 'A-101_Grundriss EG.pdf', size: 1, titleBlock: { number: 'A-101', index: 'D' } },
    ]);
    const noIndex = review.files[0]!.problems.find((p) => p.code === 'no_index')!;
    expect(noIndex.suggestion).toEqual({ action: 'set_index', value: 'D' });
  });

  test('an unreadable name keeps asking for a number; the title block is offered', () => {
    const review = check([
      { key: 'pdf', filename: 'Grundriss Erdgeschoss.pdf', size: 1, titleBlock: { number: 'A-101', index: 'D' } },
    ]);
    const file = review.files[0]!;
    expect(file.problems.map((p) => p.code)).toContain('no_number');
    expect(file.titleBlock.outcome).toBe('offered');
    expect(file.titleBlock.choices).toEqual([{ number: 'A-101', index: 'D', source: 'title_block' }]);
  });
});
