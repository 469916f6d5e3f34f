import { describe, expect, it } from 'vitest';
import { inferNamingKey, previewNamingKey } from './naming-key-inference.ts';
import { DEFAULT_NAMING_KEY } from './plan-names.ts';
import { parsePlanFilename } from './plan-reader.ts';

const context = { projectNumber: '2026-014', phaseShortcuts: ['LP5', 'LP8'] };

describe('inferring the naming key from one corrected name', () => {
  it.each([
    ['A-101_Grundriss EG_C.pdf', 'A-101', 'C', '{number}_{name}_{index}', 'letters'],
    ['2026-014_LP5_A_102_B.dwg', '102', 'B', '{project}_{phase}_{discipline}_{number}_{index}', 'letters'],
    ['2026-014_LP5_A_102_B.dwg', 'A_102', 'B', '{project}_{phase}_{number}_{index}', 'letters'],
    ['GR-EG-01c.pdf', 'GR-EG-01', 'C', '{number}{index}', 'letters'],
    ['TWP-S-201-02_Bewehrung Decke.pdf', 'TWP-S-201', '02', '{number}-{index}_{name}', 'numbers'],
    ['LHF_A-201_Schnitt A-A_Ind. D.pdf', 'A-201', 'D', '{discipline}_{number}_{name}_Ind. {index}', 'letters'],
    ['Lindenhof Grundriss EG 0012 (C).pdf', '0012', 'C', '{name} {number} ({index})', 'letters'],
    ['A-101_A_Grundriss.pdf', 'A-101', 'A', '{number}_{index}_{name}', 'letters'],
    ['HPW_ARC_1001_P03_Ground Floor.pdf', 'ARC_1001', 'P03', '{discipline}_{number}_{index}_{name}', 'iso'],
    ['A-101 Grundriss.pdf', 'A-101', null, '{number} {name}', 'auto'],
  ])('%s as %s at %s → %s', (filename, number, index, pattern, indexStyle) => {
    const key = inferNamingKey(filename, { number, index }, context);
    expect(key).toEqual({ pattern, indexStyle });
    // the key reads the corrected name back exactly
    const read = parsePlanFilename(filename, key!, context);
    expect([read.via, read.convention, read.number, read.index]).toEqual(['pattern', 'key', number, index]);
  });

  it('finds the number as the office wrote it, also with other separators ("A 101" for "A-101")', () => {
    expect(inferNamingKey('A_101_Grundriss_C.pdf', { number: 'A-101', index: 'C' }, context)?.pattern).toBe(
      '{number}_{name}_{index}',
    );
  });

  it('offers no key when the number or the index is not written in the name', () => {
    expect(inferNamingKey('Grundriss EG_C.pdf', { number: 'A-101', index: 'C' }, context)).toBeNull();
    expect(inferNamingKey('A-101_Grundriss EG.pdf', { number: 'A-101', index: 'C' }, context)).toBeNull();
    expect(inferNamingKey('A-101_{Grundriss}_C.pdf', { number: 'A-101', index: 'C' }, context)).toBeNull();
  });
});

describe('the inferred key previewed against the other names of the drop', () => {
  // The names as the review reads them without a key.
  const readNow = (names: string[]) =>
    names.map((filename) => ({ filename, parsed: parsePlanFilename(filename, DEFAULT_NAMING_KEY, context) }));
  const drop = [
    'LHF_A-201_Schnitt A-A_Ind. D.pdf',
    'LHF_A-202_Grundriss EG_Ind. C.pdf',
    'LHF_T-101-2_Detail Attika_Ind. A.dwg',
    'LHF_A-203_Ansicht Nord_Ind. B.pdf',
    'Protokoll Baubesprechung 12.pdf',
  ];

  it('counts the names it reads and lists those read otherwise than now', () => {
    const key = inferNamingKey(drop[0]!, { number: 'A-201', index: 'D' }, context)!;
    const preview = previewNamingKey(key, readNow(drop), context);
    expect(preview.read).toBe(4);
    expect(preview.total).toBe(5);
    // without the key the office prefix 'LHF' is read as part of the number
    const changed = Object.fromEntries(preview.changed.map((c) => [c.filename, [c.after.number, c.after.index]]));
    expect(changed['LHF_A-202_Grundriss EG_Ind. C.pdf']).toEqual(['A-202', 'C']);
    expect(changed['LHF_T-101-2_Detail Attika_Ind. A.dwg']).toEqual(['T-101-2', 'A']);
    expect(changed['Protokoll Baubesprechung 12.pdf']).toBeUndefined();
  });

  it('changes nothing where the key reads as the conventions already do', () => {
    const key = inferNamingKey('A-101_Grundriss EG_C.pdf', { number: 'A-101', index: 'C' }, context)!;
    const preview = previewNamingKey(key, readNow(['A-102_Grundriss OG_B.pdf']), context);
    expect(preview).toMatchObject({ read: 1, total: 1, changed: [] });
  });
});
