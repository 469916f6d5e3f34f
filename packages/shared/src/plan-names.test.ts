import { describe, expect, test } from 'vitest';
import { DEFAULT_NAMING_KEY, parseNamingPattern, stemOf, type NamingKey } from './plan-names.ts';
import { parsePlanFilename } from './plan-reader.ts';
import { KnownNumbers, normalizePlanNumber } from './plan-numbers.ts';

const PROJECT = { projectNumber: '2026-014', phaseShortcuts: ['LP1', 'LP2', 'LP3', 'LP5', 'LP8'] };

/** [file name, number, index, name] — number null: the name must not be read as a plan. */
type Row = [string, string | null, string | null, string?];

/** File names as German and English offices export them, read without any configuration. */
const WITHOUT_CONFIGURATION: Row[] = [
  // German offices: number, name and index, separated by underscores or spaces
  ['A-101_Grundriss EG_C.pdf', 'A-101', 'C', 'Grundriss EG'],
  ['A-101_Grundriss EG_C.dwg', 'A-101', 'C', 'Grundriss EG'],
  ['A-102 Grundriss OG Index B.pdf', 'A-102', 'B', 'Grundriss OG'],
  ['A-103_Schnitt A-A_IdxC.pdf', 'A-103', 'C', 'Schnitt A-A'],
  ['A-103_Schnitt A-A.pdf', 'A-103', null, 'Schnitt A-A'],
  ['GR-EG-01c.pdf', 'GR-EG-01', 'C', ''],
  ['gr-eg-02b.dwg', 'gr-eg-02', 'B', ''],
  ['GR-EG-01-c.dxf', 'GR-EG-01', 'C', ''],
  ['A-120_Außenanlagen Süd_D.pdf', 'A-120', 'D', 'Außenanlagen Süd'],
  ['A-201 Ansicht Süd-West C.dxf', 'A-201', 'C', 'Ansicht Süd-West'],
  ['A-110 Dachaufsicht AA.pdf', 'A-110', 'AA', 'Dachaufsicht'],
  ['A-130 Dachdetails Rev.E.pdf', 'A-130', 'E', 'Dachdetails'],
  ['A-140_Fassadenschnitt_F.dxf', 'A-140', 'F', 'Fassadenschnitt'],
  ['B-12-3_Detail Attika Nord_E.pdf', 'B-12-3', 'E', 'Detail Attika Nord'],
  ['E-301_Elektro Installation 1.OG_B.pdf', 'E-301', 'B', 'Elektro Installation 1.OG'],
  ['FP_TRW_201_Fundamentplan_Index_B.pdf', 'FP_TRW_201', 'B', 'Fundamentplan'],
  ['TGA_S-01_Schema Lüftung_Index 03.pdf', 'TGA_S-01', '03', 'Schema Lüftung'],
  ['TWP_A_104_Ansicht Nord_Rev C.pdf', 'TWP_A_104', 'C', 'Ansicht Nord'],
  ['HLS-LP5-EG-101_Heizung_c.pdf', 'HLS-LP5-EG-101', 'C', 'Heizung'],
  ['Schnitt B_A-105_D.pdf', 'A-105', 'D', 'Schnitt B'],
  ['Revisionsschacht_Detail_A-140_C.pdf', 'A-140', 'C', 'Revisionsschacht Detail'],
  // project number and phase in front
  ['2026-014_LP5_A_101_C.dwg', 'A_101', 'C', ''],
  ['2026-014 A-106 Lageplan D.pdf', 'A-106', 'D', 'Lageplan'],
  ['ARC_LP3_GR_UG_01_a.pdf', 'ARC_GR_UG_01', 'A', ''],
  // first issues before A
  ['A-101_-.pdf', 'A-101', '-', ''],
  ['A-101_0.pdf', 'A-101', '0', ''],
  // copies, 'final', dates, double extensions and AutoCAD layouts are no part of the name
  ['A-101_C_final_final.pdf', 'A-101', 'C', ''],
  ['A-101_Grundriss EG_C (1).pdf', 'A-101', 'C', 'Grundriss EG'],
  ['A-101_Grundriss EG_C.pdf.pdf', 'A-101', 'C', 'Grundriss EG'],
  ['A-101.dwg.pdf', 'A-101', null, ''],
  ['20261112_A-102_B.pdf', 'A-102', 'B', ''],
  ['A-102_Grundriss OG_B_2026-11-12.pdf', 'A-102', 'B', 'Grundriss OG'],
  ['A-102_Grundriss OG_B_12.11.2026.pdf', 'A-102', 'B', 'Grundriss OG'],
  ['Kopie von A-102_Grundriss OG_B.pdf', 'A-102', 'B', 'Grundriss OG'],
  ['A-102_Grundriss_OG_B - Kopie.pdf', 'A-102', 'B', 'Grundriss OG'],
  ['W-A-101-FINAL.pdf', 'W-A-101', null, ''],
  ['A-101_C_v2.pdf', 'A-101', 'C', ''],
  ['A-101_C-Model.pdf', 'A-101', 'C', ''],
  ['A-101-Layout1.pdf', 'A-101', null, ''],
  // a single letter after 'Schnitt', 'Ansicht', 'Treppe' names the section, not the index
  ['A-110_Ansicht N.pdf', 'A-110', null, 'Ansicht N'],
  ['A 107 Treppe B.pdf', 'A 107', null, 'Treppe B'],
  // English offices: ISO 19650 names, 'Rev' markers
  ['HPW-ARC-ZZ-00-DR-A-1001_P03.pdf', 'HPW-ARC-ZZ-00-DR-A-1001', 'P03', ''],
  ['HPW-ARC-ZZ-00-DR-A-1001-C01 - Ground Floor Plan.pdf', 'HPW-ARC-ZZ-00-DR-A-1001', 'C01', 'Ground Floor Plan'],
  ['ABC-XX-ZZ-M3-A-0001.dxf', 'ABC-XX-ZZ-M3-A-0001', null, ''],
  ['P-100 Level 1 Floor Plan rev.C.pdf', 'P-100', 'C', 'Level 1 Floor Plan'],
  ['E-201 Electrical Layout (Rev 3).pdf', 'E-201', '3', 'Electrical Layout'],
  ['M-101 Mechanical Plan - Copy.pdf', 'M-101', null, 'Mechanical Plan'],
  ['A101 - Site Plan - Rev A.pdf', 'A101', 'A', 'Site Plan'],
  ['S-301 Foundation Plan [Rev B].pdf', 'S-301', 'B', 'Foundation Plan'],
  ['A-501_Wall Sections_Rev_D.pdf', 'A-501', 'D', 'Wall Sections'],
  ['L-100_Landscape Plan_C.dwg', 'L-100', 'C', 'Landscape Plan'],
  ['Copy of A-201 Elevations_B.pdf', 'A-201', 'B', 'Elevations'],
  ['A-201 Elevations_B FINAL.pdf', 'A-201', 'B', 'Elevations'],
  ['A-110 Roof Plan_Rev P02.pdf', 'A-110', 'P02', 'Roof Plan'],
  ['Revit_Export_A-101.pdf', 'A-101', null, 'Revit Export'],
  // must not be read as plans
  ['Protokoll Baubesprechung 12.pdf', null, null],
  ['Statik_Pos_12.pdf', null, null],
  ['IMG_0345.pdf', null, null],
  ['Planliste.pdf', null, null],
  ['Grundriss EG.pdf', null, null],
  ['Bericht 2026.pdf', null, null],
  ['Scan 12.11.2026.pdf', null, null],
  ['Bildschirmfoto 2026-11-12 um 14.32.10.pdf', null, null],
  ['Site photo 03.pdf', null, null],
  ['Meeting minutes 2026-11-12.pdf', null, null],
  ['Baubeschreibung_final.docx', null, null],
];

describe('reading plan number, index and name from file names without a naming key', () => {
  test('the table holds at least 60 names, some of which must not match', () => {
    expect(WITHOUT_CONFIGURATION.length).toBeGreaterThanOrEqual(60);
    expect(WITHOUT_CONFIGURATION.filter(([, number]) => number === null).length).toBeGreaterThanOrEqual(10);
  });

  test.each(WITHOUT_CONFIGURATION)('%s → %s, index %s', (filename, number, index, name) => {
    const parsed = parsePlanFilename(filename, DEFAULT_NAMING_KEY, PROJECT);
    expect(parsed.number).toBe(number);
    if (number === null) return;
    expect(parsed.index).toBe(index);
    expect(parsed.name).toBe(name);
  });

  test('the format comes from the last extension; other files are no plan file', () => {
    expect(parsePlanFilename('A-101_C.pdf', DEFAULT_NAMING_KEY).kind).toBe('pdf');
    expect(parsePlanFilename('A-101_C.DWG', DEFAULT_NAMING_KEY).kind).toBe('dwg');
    expect(parsePlanFilename('A-101_C.dxfb', DEFAULT_NAMING_KEY).kind).toBe('dxf');
    expect(parsePlanFilename('A-101.dwg.pdf', DEFAULT_NAMING_KEY).kind).toBe('pdf');
    expect(parsePlanFilename('Thumbs.db', DEFAULT_NAMING_KEY).kind).toBeNull();
    expect(parsePlanFilename('~$Planliste.xlsx', DEFAULT_NAMING_KEY).kind).toBeNull();
  });

  test('project number and phase are kept as free parts', () => {
    const parsed = parsePlanFilename('2026-014_LP5_A_101_C.dwg', DEFAULT_NAMING_KEY, PROJECT);
    expect(parsed.parts).toEqual({ project: '2026-014', phase: 'LP5' });
    // Without knowing the project the number keeps its prefix: the office sees it in the review.
    expect(parsePlanFilename('2026-014_LP5_A_101_C.dwg', DEFAULT_NAMING_KEY).number).toBe('2026-014_A_101');
  });

  test('what was left out is said (copies, final, dates)', () => {
    expect(stemOf('A-101_C_final_final (2).pdf')).toEqual({
      stem: 'A-101_C',
      extension: 'pdf',
      noise: ['(2)', 'final', 'final'],
    });
    expect(stemOf('Kopie von A-101 - Kopie.pdf').noise).toEqual(['Kopie von', 'Kopie']);
  });
});

describe('index conventions that are ambiguous follow the project', () => {
  test("a trailing number stays in the plan number in 'auto' and is offered as a possible index", () => {
    const parsed = parsePlanFilename('TWP-S-201-02_Bewehrung Decke über EG.pdf', DEFAULT_NAMING_KEY);
    expect(parsed).toMatchObject({ number: 'TWP-S-201-02', index: null, possibleIndex: '02' });
  });

  test("with the project's choice 'numbers' it is the index", () => {
    const numbers: NamingKey = { pattern: null, indexStyle: 'numbers' };
    expect(parsePlanFilename('TWP-S-201-02_Bewehrung Decke über EG.pdf', numbers)).toMatchObject({
      number: 'TWP-S-201',
      index: '02',
      name: 'Bewehrung Decke über EG',
    });
    expect(parsePlanFilename('TWP_S_202_03.pdf', numbers)).toMatchObject({ number: 'TWP_S_202', index: '03' });
    // A letter is no index in a project that counts in numbers.
    expect(parsePlanFilename('TWP_S_202_B.pdf', numbers).index).toBeNull();
  });

  test("with 'iso' only revision codes are indexes", () => {
    const iso: NamingKey = { pattern: null, indexStyle: 'iso' };
    expect(parsePlanFilename('HPW-ARC-ZZ-00-DR-A-1001_P03.pdf', iso).index).toBe('P03');
    expect(parsePlanFilename('A-101_Grundriss_C.pdf', iso).index).toBeNull();
  });

  test('a marked index counts in every convention', () => {
    for (const indexStyle of ['letters', 'numbers', 'iso'] as const) {
      expect(parsePlanFilename('A-102 Grundriss OG Index B.pdf', { pattern: null, indexStyle }).index).toBe('B');
    }
  });
});

describe("finding the project's plans in any name", () => {
  const known = new KnownNumbers(['A-101', 'A-102', 'A-104', 'GR-EG-01', 'TWP-S-201', 'HPW-ARC-ZZ-00-DR-A-1001']);
  const context = { ...PROJECT, knownNumbers: known };
  const matched: [string, string | null, string | null][] = [
    ['2026-014_LP5_A_101_C.dwg', 'A-101', 'C'],
    ['A_0101_C.pdf', 'A-101', 'C'],
    ['a101c.pdf', 'A-101', 'C'],
    ['TWP_A_104_Ansicht Nord_Rev C.pdf', 'A-104', 'C'],
    ['W-A-101-FINAL.pdf', 'A-101', null],
    ['gr_eg_1-d.pdf', 'GR-EG-01', 'D'],
    ['HPW-ARC-ZZ-00-DR-A-1001-C02 - Ground Floor Plan.pdf', 'HPW-ARC-ZZ-00-DR-A-1001', 'C02'],
    // another plan's number around a known one
    ['A-101-1_Detailschnitt_B.pdf', 'A-101-1', 'B'],
    ['A-1010_C.pdf', 'A-1010', 'C'],
    ['XA-101_C.pdf', 'XA-101', 'C'],
  ];
  test.each(matched)('%s → %s', (filename, number, index) => {
    const parsed = parsePlanFilename(filename, DEFAULT_NAMING_KEY, context);
    expect(parsed.number).toBe(number);
    expect(parsed.index).toBe(index);
  });

  test('numbers compare without case, separators and leading zeros', () => {
    for (const same of ['A-101', 'a_101', 'A 101', 'A101', 'A-0101', 'a.101'])
      expect(normalizePlanNumber(same)).toBe('A.101');
    expect(normalizePlanNumber('A-1-01')).not.toBe(normalizePlanNumber('A-11'));
    expect(normalizePlanNumber('Ü-3')).toBe('Ü.3');
  });

  test('look-alike plans of the project are all named', () => {
    const twins = new KnownNumbers(['A-101', 'A_101']);
    const parsed = parsePlanFilename('A101_C.pdf', DEFAULT_NAMING_KEY, { knownNumbers: twins });
    expect(parsed.lookAlikes).toEqual(['A-101', 'A_101']);
  });
});

describe("the project's naming key", () => {
  test('fields and separators in order', () => {
    const key: NamingKey = { pattern: '{project}_{phase}_{number}_{index}', indexStyle: 'letters' };
    expect(parsePlanFilename('2026-014_LP5_A_101_C.dwg', key)).toMatchObject({
      number: 'A_101',
      index: 'C',
      parts: { project: '2026-014', phase: 'LP5' },
      via: 'pattern',
    });
  });

  test('number, name and index with underscores in the name', () => {
    const key: NamingKey = { pattern: '{number}_{name}_{index}', indexStyle: 'auto' };
    expect(parsePlanFilename('A-101_Grundriss_EG_C.pdf', key)).toMatchObject({
      number: 'A-101',
      name: 'Grundriss EG',
      index: 'C',
    });
  });

  test('an index joined to the number, a discipline in front', () => {
    const key: NamingKey = { pattern: '{discipline}-{number}{index}', indexStyle: 'letters' };
    expect(parsePlanFilename('GR-EG-01c.pdf', key)).toMatchObject({
      number: 'EG-01',
      index: 'C',
      parts: { discipline: 'GR' },
    });
  });

  test('literal words and spaces in the pattern', () => {
    const key: NamingKey = { pattern: '{number} {name} Index {index}', indexStyle: 'auto' };
    expect(parsePlanFilename('A-102 Grundriss OG Index B.pdf', key)).toMatchObject({
      number: 'A-102',
      name: 'Grundriss OG',
      index: 'B',
      via: 'pattern',
    });
  });

  test('a name in front of the number takes all but the compact number at its end', () => {
    const key: NamingKey = { pattern: '{name} {number} ({index})', indexStyle: 'letters' };
    expect(parsePlanFilename('Lindenhof Grundriss EG 0012 (C).pdf', key)).toMatchObject({
      number: '0012',
      name: 'Lindenhof Grundriss EG',
      index: 'C',
      via: 'pattern',
    });
  });

  test('the index in its explicit style ends a number that holds the separator; in auto the whole number stays', () => {
    const iso: NamingKey = { pattern: '{number}_{index}_{name}', indexStyle: 'iso' };
    expect(parsePlanFilename('ARC_1001_P03_Ground Floor.pdf', iso)).toMatchObject({
      number: 'ARC_1001',
      index: 'P03',
      name: 'Ground Floor',
      via: 'pattern',
    });
    // a code with a digit that is no index of the style stays in the number
    const letters: NamingKey = { pattern: '{number}-{index}-{name}', indexStyle: 'letters' };
    expect(parsePlanFilename('A-101-2-C-Grundriss.pdf', letters)).toMatchObject({ number: 'A-101-2', index: 'C' });
    const auto: NamingKey = { pattern: '{number}-{index}-{name}', indexStyle: 'auto' };
    expect(parsePlanFilename('A-101-2-C-Grundriss.pdf', auto)).toMatchObject({ number: 'A-101-2', index: 'C' });
  });

  test('a number of capital letters is read by the key ("STAT-101")', () => {
    const key: NamingKey = { pattern: '{number}_{name}_{index}', indexStyle: 'letters' };
    expect(parsePlanFilename('STAT-101_Bewehrung_C.pdf', key)).toMatchObject({ number: 'STAT-101', via: 'pattern' });
  });

  test('a name the key does not describe is read by the common conventions', () => {
    const key: NamingKey = { pattern: '{project}_{number}_{index}', indexStyle: 'auto' };
    expect(parsePlanFilename('A-101_Grundriss EG_C.pdf', key)).toMatchObject({ number: 'A-101', via: 'auto' });
  });

  test('patterns that cannot work are refused with the reason', () => {
    expect(parseNamingPattern('{name}_{index}')).toMatchObject({ ok: false, problem: 'naming.pattern_no_number' });
    expect(parseNamingPattern('{number}{name}')).toMatchObject({
      ok: false,
      problem: 'naming.pattern_needs_separator',
    });
    expect(parseNamingPattern('{number}_{datum}')).toMatchObject({
      ok: false,
      problem: 'naming.pattern_unknown_field',
    });
    expect(parseNamingPattern('{number}_{number}')).toMatchObject({
      ok: false,
      problem: 'naming.pattern_repeated_field',
    });
    expect(parseNamingPattern('{number}{index}')).toMatchObject({ ok: true });
  });
});
