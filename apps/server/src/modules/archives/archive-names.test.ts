import { describe, expect, test } from 'vitest';
import { archiveEntryPath, safeSegment, uniquePaths } from './archive-names.ts';
import { csvCell, csvIndex } from './archive-csv.ts';

const plan = {
  kind: 'pdf' as const,
  filename: 'upload.PDF',
  number: 'A-101',
  name: 'Grundriss EG',
  index: 'C',
  phaseShortcut: 'LP5',
  phaseName: 'Ausführungsplanung',
  folderName: 'Grundrisse',
};

describe('archive entry names', () => {
  test('Phase/Folder/<number>_<name>_<index>.<ext>, add-ons beside the plan with their own name', () => {
    expect(archiveEntryPath(plan)).toBe('LP5 Ausführungsplanung/Grundrisse/A-101_Grundriss EG_C.pdf');
    expect(archiveEntryPath({ ...plan, kind: 'addon', filename: 'Legende Küche.pdf' })).toBe(
      'LP5 Ausführungsplanung/Grundrisse/A-101_Grundriss EG_C_Legende Küche.pdf',
    );
    expect(archiveEntryPath({ ...plan, kind: 'dwg', filename: 'x.dwg' })).toMatch(/_C\.dwg$/);
  });

  test('no segment can climb out, hide, or carry control, bidi or Windows-reserved characters', () => {
    expect(safeSegment('..')).toBe('_');
    expect(safeSegment('../../etc')).toBe('-..-etc');
    expect(safeSegment('a/b\\c')).toBe('a-b-c');
    expect(safeSegment('plan\u202Efdp.exe')).toBe('planfdp.exe');
    expect(safeSegment('tab\there\u0000')).toBe('tabhere');
    expect(safeSegment('Was?: "A" <B>|*')).toBe('Was__ _A_ _B___');
    expect(safeSegment('CON.pdf')).toBe('_CON.pdf');
    expect(safeSegment('Ende. ')).toBe('Ende');
    expect(safeSegment('Maße Küche')).toBe('Maße Küche');
    expect([...safeSegment(`${'ä'.repeat(300)}.pdf`)]).toHaveLength(150);
    const path = archiveEntryPath({
      ...plan,
      number: '..',
      name: '../../etc/passwd',
      folderName: '..',
      phaseName: '/',
    });
    expect(path.split('/')).toHaveLength(3);
    expect(path.split('/')).not.toContain('..');
  });

  test('duplicates (ignoring case) get a counter before the extension', () => {
    expect(uniquePaths(['a/Plan.pdf', 'a/plan.pdf', 'a/Plan.pdf', 'b/Plan.pdf', 'a/README'])).toEqual([
      'a/Plan.pdf',
      'a/plan (2).pdf',
      'a/Plan (3).pdf',
      'b/Plan.pdf',
      'a/README',
    ]);
  });
});

describe('the CSV index', () => {
  test('cells are quoted, quotes doubled, and formula starts neutralised', () => {
    expect(csvCell('Grundriss "EG"; Küche')).toBe('"Grundriss ""EG""; Küche"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell('A-101')).toBe('"A-101"');
  });

  test('a BOM, a header and one CRLF line per file with the release day in Berlin', () => {
    const csv = csvIndex([
      {
        number: 'A-1',
        name: 'Süd',
        index: 'B',
        releaseDate: new Date('2026-03-01T23:30:00Z'),
        phase: 'LP5',
        folder: 'Pläne',
        path: 'LP5/Pläne/A-1_Süd_B.pdf',
        size: 12,
        sha256: 'ab',
      },
    ]);
    expect(csv.startsWith('\uFEFF"Nummer";')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe('"A-1";"Süd";"B";"2026-03-02";"LP5";"Pläne";"LP5/Pläne/A-1_Süd_B.pdf";"12";"ab"');
  });
});
