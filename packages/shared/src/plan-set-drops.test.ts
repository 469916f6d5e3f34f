import { describe, expect, test } from 'vitest';
import { DEFAULT_NAMING_KEY, type NamingContext } from './plan-names.ts';
import { checkPlanSet, type SetPlan, type SetReview, type StoredSetFile } from './plan-set-check.ts';

/**
 * Whole drops as offices make them (invented names): PDF/DWG/DXF partners, older and newer
 * indexes, copies, non-plans and unsure readings side by side, each with the groups and warnings
 * the review must show. A group is written as its plan, index, action, files and problems.
 */

const plan = (number: string, currentIndex: string | null, prepared?: SetPlan['prepared']): SetPlan => ({
  docId: `doc-${number}`,
  number,
  name: `Plan ${number}`,
  folderId: 'folder-plans',
  doctype: 'plan',
  currentIndex,
  prepared: prepared ?? null,
});

interface ExpectedGroup {
  plan: string;
  action: 'new_plan' | 'new_version' | 'prepared';
  files: string[];
  problems: string[];
}

interface Drop {
  title: string;
  plans: SetPlan[];
  names: string[];
  context?: Omit<NamingContext, 'knownNumbers'>;
  /** Dropped files whose content the project has: name → hash. */
  hashes?: Record<string, string>;
  stored?: StoredSetFile[];
  groups: ExpectedGroup[];
  /** Files in no group: name → its problems ('left out' first when it is left out by default). */
  ungrouped: Record<string, string[]>;
  blocking: number;
}

const LINDENHOF = { projectNumber: '2026-014', phaseShortcuts: ['LP5'] };

const DROPS: Drop[] = [
  {
    title: 'a German office release: partners, older, equal and skipped indexes, a copy, prepared versions, non-plans',
    context: LINDENHOF,
    plans: [
      plan('A-101', 'C'),
      plan('A-102', 'C'),
      plan('A-103', 'C'),
      plan('A-104', 'C'),
      plan('A-105', 'C'),
      plan('A-106', 'C'),
      plan('A-107', 'B', { versionId: 'v-107', index: 'C', kinds: ['pdf'] }),
      plan('A-108', 'B', { versionId: 'v-108', index: 'C', kinds: [] }),
    ],
    names: [
      'A-101_Grundriss EG_D.pdf',
      'A-101_Grundriss EG_D.dwg',
      'A-101_Grundriss EG_D (1).pdf',
      'A-102_Grundriss 1.OG_Index D.pdf',
      'A-102_Grundriss 1.OG_Index D.dxf',
      'A-103_Schnitt A-A_B.pdf',
      'A-104_Ansicht Nord_C.pdf',
      'A-104_Ansicht Nord_D.pdf',
      'A-105_Ansicht Süd_F.pdf',
      'A-106_Lageplan_D.dwg',
      'A-107_Grundriss DG_C.pdf',
      'A-107_Grundriss DG_C.dwg',
      'A-108_Dach_D.pdf',
      'A-150_Detail Attika_A.pdf',
      'Protokoll Baubesprechung 2026-11-12.pdf',
      'Planliste.xlsx',
      'Thumbs.db',
    ],
    groups: [
      {
        plan: 'A-101 D',
        action: 'new_version',
        files: ['A-101_Grundriss EG_D.pdf', 'A-101_Grundriss EG_D.dwg', 'A-101_Grundriss EG_D (1).pdf'],
        problems: ['duplicate_format'],
      },
      {
        plan: 'A-102 D',
        action: 'new_version',
        files: ['A-102_Grundriss 1.OG_Index D.pdf', 'A-102_Grundriss 1.OG_Index D.dxf'],
        problems: [],
      },
      { plan: 'A-103 B', action: 'new_version', files: ['A-103_Schnitt A-A_B.pdf'], problems: ['index_older'] },
      {
        plan: 'A-104 C',
        action: 'new_version',
        files: ['A-104_Ansicht Nord_C.pdf'],
        problems: ['two_indexes', 'index_equal'],
      },
      { plan: 'A-104 D', action: 'new_version', files: ['A-104_Ansicht Nord_D.pdf'], problems: ['two_indexes'] },
      { plan: 'A-105 F', action: 'new_version', files: ['A-105_Ansicht Süd_F.pdf'], problems: ['index_skipped'] },
      { plan: 'A-106 D', action: 'new_version', files: ['A-106_Lageplan_D.dwg'], problems: ['tec_without_pdf'] },
      {
        plan: 'A-107 C',
        action: 'prepared',
        files: ['A-107_Grundriss DG_C.pdf', 'A-107_Grundriss DG_C.dwg'],
        problems: ['format_in_prepared'],
      },
      {
        plan: 'A-108 D',
        action: 'prepared',
        files: ['A-108_Dach_D.pdf'],
        problems: ['prepared_index_changes', 'index_skipped'],
      },
      { plan: 'A-150 A', action: 'new_plan', files: ['A-150_Detail Attika_A.pdf'], problems: ['new_plan'] },
    ],
    ungrouped: {
      'Protokoll Baubesprechung 2026-11-12.pdf': ['left out', 'not_a_plan'],
      'Planliste.xlsx': ['left out', 'unsupported_format'],
      'Thumbs.db': ['left out', 'unsupported_format'],
    },
    blocking: 6,
  },
  {
    title: 'an ISO 19650 partner drop: lower case and underscores, status after the revision, a schedule',
    plans: [
      plan('LHF-ARC-ZZ-00-DR-A-0101', 'P02'),
      plan('LHF-ARC-ZZ-01-DR-A-0102', 'P01'),
      plan('LHF-ARC-ZZ-XX-DR-A-0201', 'C01'),
    ],
    names: [
      'LHF-ARC-ZZ-00-DR-A-0101-S2-P03.pdf',
      'LHF-ARC-ZZ-00-DR-A-0101-S2-P03.dwg',
      'LHF-ARC-ZZ-00-DR-A-0101-S2-P02.pdf',
      'lhf_arc_zz_01_dr_a_0102_s2_p02.pdf',
      'LHF-ARC-ZZ-XX-DR-A-0201-A1-C02.pdf',
      'LHF-ARC-ZZ-XX-DR-A-0201-C02-A1.dxf',
      'LHF-STR-ZZ-00-DR-S-0301-S2-P01.pdf',
      'LHF-ARC-ZZ-00-SH-A-0001-S2-P01.xlsx',
    ],
    groups: [
      {
        plan: 'LHF-ARC-ZZ-00-DR-A-0101 P03',
        action: 'new_version',
        files: ['LHF-ARC-ZZ-00-DR-A-0101-S2-P03.pdf', 'LHF-ARC-ZZ-00-DR-A-0101-S2-P03.dwg'],
        problems: ['two_indexes'],
      },
      {
        plan: 'LHF-ARC-ZZ-00-DR-A-0101 P02',
        action: 'new_version',
        files: ['LHF-ARC-ZZ-00-DR-A-0101-S2-P02.pdf'],
        problems: ['two_indexes', 'index_equal'],
      },
      {
        plan: 'LHF-ARC-ZZ-01-DR-A-0102 P02',
        action: 'new_version',
        files: ['lhf_arc_zz_01_dr_a_0102_s2_p02.pdf'],
        problems: [],
      },
      {
        plan: 'LHF-ARC-ZZ-XX-DR-A-0201 C02',
        action: 'new_version',
        files: ['LHF-ARC-ZZ-XX-DR-A-0201-A1-C02.pdf', 'LHF-ARC-ZZ-XX-DR-A-0201-C02-A1.dxf'],
        problems: [],
      },
      {
        plan: 'LHF-STR-ZZ-00-DR-S-0301 P01',
        action: 'new_plan',
        files: ['LHF-STR-ZZ-00-DR-S-0301-S2-P01.pdf'],
        problems: ['new_plan'],
      },
    ],
    ungrouped: { 'LHF-ARC-ZZ-00-SH-A-0001-S2-P01.xlsx': ['left out', 'unsupported_format'] },
    blocking: 3,
  },
  {
    title: 'a Revit export: sheet names in English and German, an index only in the sheet name, a copy, the model',
    plans: [plan('A-101', 'C'), plan('A-102', 'C'), plan('S-201.1', 'A')],
    names: [
      'Lindenhof - Sheet - A-101 - Grundriss EG [D].pdf',
      'Lindenhof - Sheet - A-101 - Grundriss EG [D] - Kopie.pdf',
      'Lindenhof - Plan - A-102 - Grundriss OG (D).pdf',
      'Lindenhof - Sheet - A-102 - Grundriss OG (D).dwg',
      'Tragwerk - Sheet - S-201.1 - Bewehrung Decke - Rev B.pdf',
      'Lindenhof - Sheet - A-103 - Grundriss DG.pdf',
      'Lindenhof.rvt',
    ],
    groups: [
      {
        plan: 'A-101 D',
        action: 'new_version',
        files: [
          'Lindenhof - Sheet - A-101 - Grundriss EG [D].pdf',
          'Lindenhof - Sheet - A-101 - Grundriss EG [D] - Kopie.pdf',
        ],
        problems: ['duplicate_format'],
      },
      {
        plan: 'A-102 D',
        action: 'new_version',
        files: ['Lindenhof - Plan - A-102 - Grundriss OG (D).pdf', 'Lindenhof - Sheet - A-102 - Grundriss OG (D).dwg'],
        problems: [],
      },
      {
        plan: 'S-201.1 B',
        action: 'new_version',
        files: ['Tragwerk - Sheet - S-201.1 - Bewehrung Decke - Rev B.pdf'],
        problems: [],
      },
    ],
    ungrouped: {
      'Lindenhof - Sheet - A-103 - Grundriss DG.pdf': ['no_index'],
      'Lindenhof.rvt': ['left out', 'unsupported_format'],
    },
    blocking: 2,
  },
  {
    title:
      'a mixed drop: project prefix and phase, unsure readings, a file already there, a copy, minutes naming a plan',
    context: LINDENHOF,
    plans: [plan('A-101', 'C'), plan('A-110', 'A'), plan('A-103', 'B'), plan('A-201', 'B')],
    hashes: { 'A-101_Grundriss EG_C.pdf': 'c'.repeat(64) },
    stored: [{ sha256: 'c'.repeat(64), docId: 'doc-A-101', number: 'A-101', index: 'C', status: 'current' }],
    names: [
      '2026-014_LP5_A_110_B.dwg',
      '2026-014_LP5_A_110_B.pdf',
      'Kopie von A-110_B.pdf',
      'A-103_Grundriss_C_B.pdf',
      'TWP-S-201-02.pdf',
      'A-101_Grundriss EG_C.pdf',
      'GR-EG-01c.pdf',
      'A-201_Schnitte-Layout1.pdf',
      'Besprechungsprotokoll zu A-101.pdf',
      'Fotodokumentation_KW45.pdf',
    ],
    groups: [
      {
        plan: 'A-110 B',
        action: 'new_version',
        files: ['2026-014_LP5_A_110_B.dwg', '2026-014_LP5_A_110_B.pdf', 'Kopie von A-110_B.pdf'],
        problems: ['duplicate_format'],
      },
      { plan: 'GR-EG-01 C', action: 'new_plan', files: ['GR-EG-01c.pdf'], problems: ['new_plan'] },
    ],
    ungrouped: {
      'A-103_Grundriss_C_B.pdf': ['reading_two_indexes'],
      'TWP-S-201-02.pdf': ['no_index', 'reading_index_or_number'],
      'A-101_Grundriss EG_C.pdf': ['left out', 'already_there'],
      'A-201_Schnitte-Layout1.pdf': ['no_index'],
      'Besprechungsprotokoll zu A-101.pdf': ['maybe_not_a_plan', 'no_number'],
      'Fotodokumentation_KW45.pdf': ['left out', 'not_a_plan'],
    },
    blocking: 6,
  },
];

function reviewOf(drop: Drop): SetReview {
  return checkPlanSet({
    files: drop.names.map((filename) => ({ key: filename, filename, size: 1000, sha256: drop.hashes?.[filename] })),
    plans: drop.plans,
    dropFolderId: 'folder-drop',
    namingKey: DEFAULT_NAMING_KEY,
    context: drop.context ?? {},
    stored: drop.stored ?? [],
  });
}

describe('whole drops: groups and warnings as the review shows them', () => {
  test.each(DROPS)('$title', (drop) => {
    const review = reviewOf(drop);
    const groups = review.groups.map((g): ExpectedGroup => ({
      plan: `${g.number} ${g.index}`,
      action: g.action,
      files: g.fileKeys,
      problems: g.problems.map((p) => p.code),
    }));
    expect(groups).toEqual(drop.groups);
    const ungrouped = Object.fromEntries(
      review.files
        .filter((f) => !f.groupKey)
        .map((f) => [f.filename, [...(f.skip ? ['left out'] : []), ...f.problems.map((p) => p.code)]]),
    );
    expect(ungrouped).toEqual(drop.ungrouped);
    expect(review.blocking).toBe(drop.blocking);
    expect(review.uploads).toBe(drop.groups.reduce((n, g) => n + g.files.length, 0));
  });

  test.each(DROPS)('nothing unsure or no plan goes without a decision: $title', (drop) => {
    const review = reviewOf(drop);
    for (const file of review.files) {
      const unsure = file.problems.some((p) => p.code.startsWith('reading_') || p.code === 'maybe_not_a_plan');
      if (unsure) expect(file.groupKey, file.filename).toBeNull();
      if (file.parsed.nonPlan) expect(file.groupKey, file.filename).toBeNull();
    }
  });
});
