import type { PlanConvention } from './plan-reader.ts';

/**
 * Invented plan file names as offices write them (no real project's), each with the reading it
 * must get: number (compared after normalisation), index and convention; 'flagged': the name can be
 * read more than one way and must be asked about; 'none': no plan at all, never matched.
 */
export interface Clear {
  number: string;
  index: string | null;
  convention: PlanConvention;
}
export type Expected = Clear | 'flagged' | 'none';
export type TableRow = readonly [filename: string, expected: Expected];

/** The project the names are read for: its number and phase shortcuts are known. */
export const TABLE_CONTEXT = { projectNumber: '2026-014', phaseShortcuts: ['LP5', 'LPH5', 'LP3'] };

const clear = (number: string, index: string | null, convention: PlanConvention): Clear => ({
  number,
  index,
  convention,
});

// ---------------------------------------------------------------------------------------------
// ISO 19650 / BS 1192: project–originator–volume–level–type–role–number, status, revision

const ISO_CODES: [string, string][] = [
  ['HPW-ARC-ZZ-00-DR-A-1001', 'Ground Floor Plan'],
  ['HPW-ARC-ZZ-01-DR-A-1002', 'First Floor Plan'],
  ['KSW-STR-B1-B1-DR-S-2101', 'Basement Slab Reinforcement'],
  ['NWH-MEP-XX-RF-DR-M-5003', 'Roof Plant Layout'],
  ['B12-LAN-ZZ-ZZ-DR-L-9001', 'Landscape General Arrangement'],
  ['RVB-ARC-01-02-DR-A-2205', 'Second Floor Apartments'],
  ['QTR-ELE-ZZ-00-DR-E-6100', 'Small Power Ground Floor'],
  ['MIL-CIV-XX-ZZ-DR-C-0501', 'Drainage Layout'],
];
const isoRows: TableRow[] = ISO_CODES.flatMap(([n, title], i): TableRow[] => {
  const rev = ['P01', 'P02', 'P03', 'C01', 'C02', 'P04', 'C03', 'P05'][i]!;
  const status = ['S2', 'S3', 'S4', 'A1', 'S1', 'S2', 'A2', 'S0'][i]!;
  return [
    [`${n}-${status}-${rev}.pdf`, clear(n, rev, 'iso19650')],
    [`${n}_${rev}.pdf`, clear(n, rev, 'iso19650')],
    [`${n}-${rev} - ${title}.pdf`, clear(n, rev, 'iso19650')],
    [`${n.toLowerCase()}-${status.toLowerCase()}-${rev.toLowerCase()}.pdf`, clear(n, rev, 'iso19650')],
    [`${n.replace(/-/g, '_')}_${status}_${rev}.dwg`, clear(n, rev, 'iso19650')],
    [`${n}-${rev}-${status}.pdf`, clear(n, rev, 'iso19650')],
    [`${n}.pdf`, clear(n, null, 'iso19650')],
  ];
});
isoRows.push(
  ['HPW-ARC-ZZ-00-DR-A-1001-S2-P01.01.pdf', clear('HPW-ARC-ZZ-00-DR-A-1001', 'P01.01', 'iso19650')],
  ['HPW-ARC-ZZ-00-DR-A-1001-S2.pdf', clear('HPW-ARC-ZZ-00-DR-A-1001', null, 'iso19650')],
  ['HPW-ARC-ZZ-00-M3-A-0001-S2-P02.dxf', clear('HPW-ARC-ZZ-00-M3-A-0001', 'P02', 'iso19650')],
  ['HPW-ARC-ZZ-00-DR-A-1001-A1-C02 - Ground Floor Plan (1).pdf', clear('HPW-ARC-ZZ-00-DR-A-1001', 'C02', 'iso19650')],
  ['HPW-ARC-ZZ-00-DR-A-1001-S2-P03_261112.pdf', clear('HPW-ARC-ZZ-00-DR-A-1001', 'P03', 'iso19650')],
);

// ---------------------------------------------------------------------------------------------
// Revit ('Sheet', German 'Plan'), AutoCAD publish (drawing and layout)

const revitRows: TableRow[] = [
  ['Kita Sonnenweg - Sheet - A101 - Ground Floor.pdf', clear('A101', null, 'revit')],
  ['Kita Sonnenweg - Sheet - A102 - First Floor.pdf', clear('A102', null, 'revit')],
  ['Kita Sonnenweg - Sheet - A201 - Elevations.pdf', clear('A201', null, 'revit')],
  ['Kita Sonnenweg - Sheet - S-201.1 - Foundation Details.pdf', clear('S-201.1', null, 'revit')],
  ['Neubau 2026 Wohnhaus - Plan - A-101 - Grundriss EG.pdf', clear('A-101', null, 'revit')],
  ['Neubau 2026 Wohnhaus - Plan - A-102 - Grundriss OG.pdf', clear('A-102', null, 'revit')],
  ['Neubau 2026 Wohnhaus - Plan - A-301 - Schnitt A-A.pdf', clear('A-301', null, 'revit')],
  ['R24_Schule_Nord_v3 - Sheet - M-301 - Ventilation Level 3.pdf', clear('M-301', null, 'revit')],
  ['R24_Schule_Nord_v3 - Sheet - E-401 - Lighting Level 4.pdf', clear('E-401', null, 'revit')],
  ['Praxis 4711 - Plan - 101 - Grundriss.pdf', clear('101', null, 'revit')],
  ['Praxis 4711 - Plan - 102 - Ansichten.pdf', clear('102', null, 'revit')],
  ['Halle West - Sheet - A-501 - Wall Sections [C].pdf', clear('A-501', 'C', 'revit')],
  ['Halle West - Sheet - A-502 - Details - Rev B.pdf', clear('A-502', 'B', 'revit')],
  ['Halle West - Sheet - A-503 - Details Index D.pdf', clear('A-503', 'D', 'revit')],
  ['Stadtvilla 2026-014 - Plan - A-110 - Dachaufsicht.pdf', clear('A-110', null, 'revit')],
  ['Stadtvilla - Plan - TWP-A-104 - Ansicht Nord.pdf', clear('TWP-A-104', null, 'revit')],
  ['Stadtvilla - Blatt - A-105 - Ansicht Süd.pdf', clear('A-105', null, 'revit')],
];

const autocadRows: TableRow[] = [
  ['A-101_Grundriss EG_C-Layout1.pdf', clear('A-101', 'C', 'autocad')],
  ['A-102_Grundriss OG_B-Layout1.pdf', clear('A-102', 'B', 'autocad')],
  ['A-103_Schnitte_D-Layout2.pdf', clear('A-103', 'D', 'autocad')],
  ['A-104_C-Model.pdf', clear('A-104', 'C', 'autocad')],
  ['A-105-Model.pdf', clear('A-105', null, 'autocad')],
  ['A-106 Ansichten E-Layout1.pdf', clear('A-106', 'E', 'autocad')],
  ['S-201_Bewehrung_B-Modell.pdf', clear('S-201', 'B', 'autocad')],
  ['S-202_Index C-Layout1.pdf', clear('S-202', 'C', 'autocad')],
  ['GR-EG-01c-Layout1.pdf', clear('GR-EG-01', 'C', 'autocad')],
  ['TWP_S_301_Rev B-Layout3.pdf', clear('TWP_S_301', 'B', 'autocad')],
];

// ---------------------------------------------------------------------------------------------
// US National CAD Standard sheets, Archicad layout IDs, Allplan and Vectorworks plots

const SHEETS: [string, string][] = [
  ['A-101', 'Floor Plan Level 1'],
  ['A-102', 'Floor Plan Level 2'],
  ['A-201', 'Exterior Elevations'],
  ['A-301', 'Building Sections'],
  ['A-501', 'Wall Sections'],
  ['S-201', 'Foundation Plan'],
  ['M-101', 'Mechanical Plan'],
  ['E-201', 'Electrical Layout'],
  ['P-100', 'Plumbing Plan'],
  ['L-100', 'Landscape Plan'],
  ['FP-101', 'Fire Protection Plan'],
  ['C-101', 'Site Grading'],
];
const sheetRows: TableRow[] = SHEETS.flatMap(([n, title], i): TableRow[] => {
  const idx = 'ABCDEFGHABCD'[i]!;
  const joined = n.replace('-', '');
  return [
    [`${n} ${title} Rev ${idx}.pdf`, clear(n, idx, 'sheet')],
    [`${joined}_${title.replace(/ /g, '_')}_${idx}.pdf`, clear(n, idx, 'sheet')],
    [`${n}_${title}_Rev_${idx}.dwg`, clear(n, idx, 'sheet')],
    [`${joined} - ${title} - Rev ${idx}.pdf`, clear(n, idx, 'sheet')],
    [`${n} ${title} [Rev ${idx}].pdf`, clear(n, idx, 'sheet')],
  ];
});
sheetRows.push(
  ['S-201.1 Foundation Details.pdf', clear('S-201.1', null, 'sheet')],
  ['S-201.2 Foundation Details_B.pdf', clear('S-201.2', 'B', 'sheet')],
  ['A-101.1 Enlarged Plan Rev C.pdf', clear('A-101.1', 'C', 'sheet')],
  ['A101 Floor Plan Rev 2.pdf', clear('A101', '2', 'sheet')],
  ['A-110 Roof Plan_Rev P02.pdf', clear('A-110', 'P02', 'sheet')],
  ['E-201 Electrical Layout (Rev 3).pdf', clear('E-201', '3', 'sheet')],
  // Archicad publisher: layout ID and name
  ['A.01 Grundriss EG.pdf', clear('A.01', null, 'sheet')],
  ['A.02 Grundriss OG_B.pdf', clear('A.02', 'B', 'sheet')],
  ['A.03 Schnitte Index C.pdf', clear('A.03', 'C', 'sheet')],
  ['B.10 Details Attika [D].pdf', clear('B.10', 'D', 'sheet')],
  // Allplan plots: plan number in front
  ['0012_Grundriss EG_Index C.pdf', clear('0012', 'C', 'running')],
  ['0013_Grundriss OG_Index B.pdf', clear('0013', 'B', 'running')],
  ['0020 Schnitt A-A Index A.pdf', clear('0020', 'A', 'running')],
  ['101_Lageplan_D.pdf', clear('101', 'D', 'running')],
  ['102 Grundriss KG C.pdf', clear('102', 'C', 'running')],
  // Vectorworks sheet layers
  ['A-101 Grundriss EG - Index C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-120 Außenanlagen Süd_D.pdf', clear('A-120', 'D', 'sheet')],
  ['A 107 Treppe B.pdf', clear('A 107', null, 'sheet')],
  ['A-110_Ansicht N.pdf', clear('A-110', null, 'sheet')],
);

// ---------------------------------------------------------------------------------------------
// German office keys (Planschlüssel): phase, discipline, storey, running number, index

const keyRows: TableRow[] = [
  ['GR-EG-01c.pdf', clear('GR-EG-01', 'C', 'planschluessel')],
  ['gr-eg-02b.dwg', clear('GR-EG-02', 'B', 'planschluessel')],
  ['GR-EG-01-c.dxf', clear('GR-EG-01', 'C', 'planschluessel')],
  ['GR-OG-03_D.pdf', clear('GR-OG-03', 'D', 'planschluessel')],
  ['GR-UG-01 Index A.pdf', clear('GR-UG-01', 'A', 'planschluessel')],
  ['SN-AA-01_B.pdf', clear('SN-AA-01', 'B', 'planschluessel')],
  ['AN-NO-01_Ansicht Nord_C.pdf', clear('AN-NO-01', 'C', 'planschluessel')],
  ['HLS-LP5-EG-101_Heizung_c.pdf', clear('HLS-LP5-EG-101', 'C', 'planschluessel')],
  ['HLS-LP5-OG-102_Heizung_Index B.pdf', clear('HLS-LP5-OG-102', 'B', 'planschluessel')],
  ['ELT-LP5-EG-201_Beleuchtung_Ind. C.pdf', clear('ELT-LP5-EG-201', 'C', 'planschluessel')],
  ['ARC-LPH5-GR-EG-0101-C.pdf', clear('ARC-LPH5-GR-EG-0101', 'C', 'planschluessel')],
  ['ARC-LPH5-GR-OG-0102-B.pdf', clear('ARC-LPH5-GR-OG-0102', 'B', 'planschluessel')],
  ['ARC-LPH5-SN-AA-0201-A.pdf', clear('ARC-LPH5-SN-AA-0201', 'A', 'planschluessel')],
  ['TWP_A_104_Ansicht Nord_Rev C.pdf', clear('TWP_A_104', 'C', 'planschluessel')],
  ['TWP_A_105_Ansicht Süd_Rev D.pdf', clear('TWP_A_105', 'D', 'planschluessel')],
  ['TWP_S_201_Bewehrung Decke über EG_Index 03.pdf', clear('TWP_S_201', '03', 'planschluessel')],
  ['FP_TRW_201_Fundamentplan_Index_B.pdf', clear('FP_TRW_201', 'B', 'planschluessel')],
  ['FP_TRW_202_Fundamentplan_Idx_C.pdf', clear('FP_TRW_202', 'C', 'planschluessel')],
  ['TGA_S-01_Schema Lüftung_Index 03.pdf', clear('TGA_S-01', '03', 'planschluessel')],
  ['TGA_S-02_Schema Heizung_Idx 02.pdf', clear('TGA_S-02', '02', 'planschluessel')],
  ['B-12-3_Detail Attika Nord_E.pdf', clear('B-12-3', 'E', 'planschluessel')],
  ['B-12-4_Detail Attika Süd_Änd. F.pdf', clear('B-12-4', 'F', 'planschluessel')],
  ['LP5_TWP_A_104_B.pdf', clear('TWP_A_104', 'B', 'planschluessel')],
  ['LP3_GR_EG_01_A.pdf', clear('GR_EG_01', 'A', 'planschluessel')],
  ['2026-014_LP5_A_101_C.dwg', clear('A_101', 'C', 'sheet')],
  ['2026-014_LP5_GR_EG_01_D.pdf', clear('GR_EG_01', 'D', 'planschluessel')],
  ['2026-014 A-106 Lageplan D.pdf', clear('A-106', 'D', 'sheet')],
  ['2026-014_A-107_Lageplan_Index E.pdf', clear('A-107', 'E', 'sheet')],
  ['ARC_LP3_GR_UG_01_a.pdf', clear('ARC_GR_UG_01', 'A', 'planschluessel')],
  ['WP-5-GR-01-03_B.pdf', clear('WP-5-GR-01-03', 'B', 'planschluessel')],
  ['DE-01-12_Fensterdetail_C.pdf', clear('DE-01-12', 'C', 'planschluessel')],
  ['DE-01-13 Türdetail Index D.pdf', clear('DE-01-13', 'D', 'planschluessel')],
  ['TR-02_Treppe Haus B_C.pdf', clear('TR-02', 'C', 'sheet')],
  ['E-301_Elektro Installation 1.OG_B.pdf', clear('E-301', 'B', 'sheet')],
  ['W-A-101-FINAL.pdf', clear('W-A-101', null, 'planschluessel')],
  ['BA2-GR-EG-01_C.pdf', clear('BA2-GR-EG-01', 'C', 'planschluessel')],
  ['H1-GR-DG-04_Dachgeschoss_B.pdf', clear('H1-GR-DG-04', 'B', 'planschluessel')],
  ['TG-GR-UG-02_Tiefgarage_Index A.pdf', clear('TG-GR-UG-02', 'A', 'planschluessel')],
];

// ---------------------------------------------------------------------------------------------
// How the index is written: marked, in brackets, two digits, first issues

const indexRows: TableRow[] = [
  ['A-101_Grundriss EG_C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_Index C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_Ind. C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_Ind.C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_Idx_C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_IdxC.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_Rev C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_Rev.C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_Änd. D.pdf', clear('A-101', 'D', 'sheet')],
  ['A-101_Grundriss EG_Änderung D.pdf', clear('A-101', 'D', 'sheet')],
  ['A-101_Grundriss EG_Aend D.pdf', clear('A-101', 'D', 'sheet')],
  ['A-101_Grundriss EG (C).pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG [C].pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG {C}.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101 Floor Plan [P04].pdf', clear('A-101', 'P04', 'sheet')],
  ['A-101 Floor Plan (C02).pdf', clear('A-101', 'C02', 'sheet')],
  ['A-101_Grundriss EG (02).pdf', clear('A-101', '02', 'sheet')],
  ['A-101_Grundriss EG_Index 02.pdf', clear('A-101', '02', 'sheet')],
  ['A-101_Grundriss EG_02.pdf', clear('A-101', '02', 'sheet')],
  ['A-101_Grundriss EG_-.pdf', clear('A-101', '-', 'sheet')],
  ['A-101_Grundriss EG_0.pdf', clear('A-101', '0', 'sheet')],
  ['A-101_-.pdf', clear('A-101', '-', 'sheet')],
  ['A-101_0.pdf', clear('A-101', '0', 'sheet')],
  ['A-101_Grundriss EG_Index -.pdf', clear('A-101', '-', 'sheet')],
  ['A-110 Dachaufsicht AA.pdf', clear('A-110', 'AA', 'sheet')],
  ['A-110 Dachaufsicht Index AB.pdf', clear('A-110', 'AB', 'sheet')],
  ['A-101_C_Grundriss EG.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101-C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101c.pdf', clear('A-101', 'C', 'sheet')],
  ['A-102 Grundriss OG Index B.pdf', clear('A-102', 'B', 'sheet')],
  ['A-103_Schnitt A-A_IdxC.pdf', clear('A-103', 'C', 'sheet')],
  ['A-130 Dachdetails Rev.E.pdf', clear('A-130', 'E', 'sheet')],
  ['A-201 Ansicht Süd-West C.dxf', clear('A-201', 'C', 'sheet')],
  ['Schnitt B_A-105_D.pdf', clear('A-105', 'D', 'sheet')],
  ['Revisionsschacht_Detail_A-140_C.pdf', clear('A-140', 'C', 'sheet')],
  ['Revit_Export_A-101.pdf', clear('A-101', null, 'sheet')],
];

// ---------------------------------------------------------------------------------------------
// Everyday noise: dates, copies, 'final', reviewers, storeys, parts, initials

const noiseRows: TableRow[] = [
  ['A-102_Grundriss OG_B_2026-11-12.pdf', clear('A-102', 'B', 'sheet')],
  ['A-102_Grundriss OG_B_12.11.2026.pdf', clear('A-102', 'B', 'sheet')],
  ['A-102_Grundriss OG_B_12.11.26.pdf', clear('A-102', 'B', 'sheet')],
  ['A-102_Grundriss OG_B_261112.pdf', clear('A-102', 'B', 'sheet')],
  ['261112_A-102_Grundriss OG_B.pdf', clear('A-102', 'B', 'sheet')],
  ['20261112_A-102_B.pdf', clear('A-102', 'B', 'sheet')],
  ['2026-11-12_A-102_Grundriss OG_B.pdf', clear('A-102', 'B', 'sheet')],
  ['A-102_Grundriss OG_B_12-11-2026.pdf', clear('A-102', 'B', 'sheet')],
  ['A-101_Grundriss EG_C (1).pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C (2).pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C - Kopie.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C - Kopie (2).pdf', clear('A-101', 'C', 'sheet')],
  ['Kopie von A-102_Grundriss OG_B.pdf', clear('A-102', 'B', 'sheet')],
  ['Copy of A-201 Elevations_B.pdf', clear('A-201', 'B', 'sheet')],
  ['M-101 Mechanical Plan - Copy.pdf', clear('M-101', null, 'sheet')],
  ['A-101_Grundriss EG_C_alt.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C_final.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C_final_final.pdf', clear('A-101', 'C', 'sheet')],
  ['A-201 Elevations_B FINAL.pdf', clear('A-201', 'B', 'sheet')],
  ['A-101_C_v2.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C.pdf.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101.dwg.pdf', clear('A-101', null, 'sheet')],
  ['A-101_Grundriss EG_C_geprüft_MK.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C_geprueft.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C_korr.pdf', clear('A-101', 'C', 'sheet')],
  ['A-201 Elevations_B_checked_JS.pdf', clear('A-201', 'B', 'sheet')],
  ['A-101_Grundriss EG_C_MK.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_C_mk.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss EG_Index C_TS.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss OG.pdf', clear('A-101', null, 'sheet')],
  ['A-101_Grundriss EG.pdf', clear('A-101', null, 'sheet')],
  ['A-101_Grundriss UG_B.pdf', clear('A-101', 'B', 'sheet')],
  ['A-101_Grundriss DG_Index C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss 1.OG_C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss Teil B.pdf', clear('A-101', null, 'sheet')],
  ['A-101_Grundriss Teil B_C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-101_Grundriss Haus B_D.pdf', clear('A-101', 'D', 'sheet')],
  ['A-101_Schnitt B-B_C.pdf', clear('A-101', 'C', 'sheet')],
  ['A-301_Schnitt A und B_C.pdf', clear('A-301', 'C', 'sheet')],
  ['A-140_Ansicht A_Index D.pdf', clear('A-140', 'D', 'sheet')],
  ['A-141_Bauteil C_Grundriss_Index B.pdf', clear('A-141', 'B', 'sheet')],
];

// ---------------------------------------------------------------------------------------------
// Names that can be read more than one way: flagged, never taken silently

const flaggedRows: TableRow[] = [
  ['A-101_Grundriss_C_B.pdf', 'flagged'],
  ['A-101_C_Grundriss EG_D.pdf', 'flagged'],
  ['A-102 B Ansicht C.pdf', clear('A-102', 'B', 'sheet')],
  ['A-101 C Grundriss B.pdf', 'flagged'],
  ['TWP-S-201-02.pdf', 'flagged'],
  ['TWP-S-201-02_Bewehrung Decke über EG.pdf', 'flagged'],
  ['A-101-04.pdf', 'flagged'],
  ['A_101_02.pdf', 'flagged'],
  ['GR-EG-01-03.pdf', 'flagged'],
  ['2025-117_A-101_C.pdf', 'flagged'],
  ['2025-117_LP5_A_101_C.dwg', 'flagged'],
  ['24017_GR_EG_01_C.pdf', 'flagged'],
  ['P4711_A-101_B.pdf', 'flagged'],
  ['A-101 Detail zu A-205_C.pdf', 'flagged'],
  ['A-101_Grundriss_siehe S-201_B.pdf', 'flagged'],
  ['A-101_Grundriss_C_AB.pdf', 'flagged'],
  ['S-12-3-4_B_C.pdf', 'flagged'],
  ['E-301-12_Schema.pdf', 'flagged'],
  ['M-201-01_Lüftung_EG.pdf', 'flagged'],
  ['2025-117 A-106 Lageplan D.pdf', 'flagged'],
  ['A-101_Grundriss_A_C.pdf', 'flagged'],
  ['HLS-EG-101-02_Heizung.pdf', 'flagged'],
  ['A-201_Ansicht_B_D.pdf', clear('A-201', 'D', 'sheet')],
  ['A-101_B_C_Grundriss.pdf', 'flagged'],
  ['123456_A-110_D.pdf', 'flagged'],
  ['A-150 Details A-151 A-152_C.pdf', 'flagged'],
  ['TGA_S-01-02.pdf', 'flagged'],
];

// ---------------------------------------------------------------------------------------------
// Not plans at all: never matched to a plan

const noneRows: TableRow[] = [
  ['Protokoll Baubesprechung 12.pdf', 'none'],
  ['Protokoll_2026-11-12.pdf', 'none'],
  ['Besprechungsprotokoll Nr. 14 A-101.pdf', 'none'],
  ['Meeting minutes 2026-11-12.pdf', 'none'],
  ['Minutes_Design Team Meeting 04.pdf', 'none'],
  ['Planliste.pdf', 'none'],
  ['Planliste_Index C.pdf', 'none'],
  ['Planliste 2026-014 Stand 12.11.pdf', 'none'],
  ['Drawing Register Rev C.pdf', 'none'],
  ['Transmittal T-0042.pdf', 'none'],
  ['Stückliste A-101.pdf', 'none'],
  ['Thumbs.db', 'none'],
  ['.DS_Store', 'none'],
  ['desktop.ini', 'none'],
  ['~$Planliste.xlsx', 'none'],
  ['IMG_0345.pdf', 'none'],
  ['DSC_1021.jpg', 'none'],
  ['Scan 12.11.2026.pdf', 'none'],
  ['Scan_A-101.pdf', 'none'],
  ['Bildschirmfoto 2026-11-12 um 14.32.10.pdf', 'none'],
  ['Site photo 03.pdf', 'none'],
  ['Fotos Baustelle 2026-11-12.pdf', 'none'],
  ['Bericht 2026.pdf', 'none'],
  ['Statik_Pos_12.pdf', 'none'],
  ['Baubeschreibung_final.docx', 'none'],
  ['Rechnung 2026-0113.pdf', 'none'],
  ['Angebot Trockenbau 2026-118.pdf', 'none'],
  ['Grundriss EG.pdf', 'none'],
  ['Notizen Bauherr.pdf', 'none'],
  ['Report_Fire Strategy_Rev B.pdf', 'none'],
];

// ---------------------------------------------------------------------------------------------
// Written after the reader, to check it on names it was not tuned on (first run: 30 of 30 exact,
// one non-plan, 'Terminplan_KW47', matched; calendar weeks and schedules were added then).

const laterRows: TableRow[] = [
  ['A-205_Ansicht West_Index F.pdf', clear('A-205', 'F', 'sheet')],
  ['S-310 Slab Edge Details Rev D.pdf', clear('S-310', 'D', 'sheet')],
  ['ZAP-ARC-ZZ-02-DR-A-2002-S3-P02 - Second Floor.pdf', clear('ZAP-ARC-ZZ-02-DR-A-2002', 'P02', 'iso19650')],
  ['zap_str_zz_00_dr_s_3001_c01.pdf', clear('ZAP-STR-ZZ-00-DR-S-3001', 'C01', 'iso19650')],
  ['Büro Neubau - Sheet - A-401 - Details.pdf', clear('A-401', null, 'revit')],
  ['A-401_Details Fenster_B_JS.pdf', clear('A-401', 'B', 'sheet')],
  ['GR_OG2_05_E.pdf', clear('GR_OG2_05', 'E', 'planschluessel')],
  ['Grundriss_EG_A-101_Index G.pdf', clear('A-101', 'G', 'sheet')],
  ['A-101 Grundriss EG Ind C 261201.pdf', clear('A-101', 'C', 'sheet')],
  ['P-201_Sanitär_UG_[B].pdf', clear('P-201', 'B', 'sheet')],
  ['L-201 Planting Plan C (1).pdf', clear('L-201', 'C', 'sheet')],
  ['A-601_Türliste_A.pdf', clear('A-601', 'A', 'sheet')],
  ['E-110_Erdung_Kopie_B.pdf', clear('E-110', 'B', 'sheet')],
  ['A-301 Schnitt C-C Index B.pdf', clear('A-301', 'B', 'sheet')],
  ['A-302_Schnitt D_D.pdf', clear('A-302', 'D', 'sheet')],
  ['TWP-S-410_Positionsplan_Rev 04.pdf', clear('TWP-S-410', '04', 'planschluessel')],
  ['HZG-LP5-KG-001_Heizzentrale_a.pdf', clear('HZG-LP5-KG-001', 'A', 'planschluessel')],
  ['M-401.2 Duct Details Rev A.pdf', clear('M-401.2', 'A', 'sheet')],
  ['A1-101_B.pdf', clear('A1-101', 'B', 'planschluessel')],
  ['2026-014_A-112_Decke_C_final.pdf', clear('A-112', 'C', 'sheet')],
  ['ARCH_A-103_Grundriss_2.OG_D.pdf', clear('ARCH_A-103', 'D', 'planschluessel')],
  ['A-103 Grundriss 2.OG (Index D).pdf', clear('A-103', 'D', 'sheet')],
  ['A-108_Lageplan_ Index B.pdf', clear('A-108', 'B', 'sheet')],
  ['A-109__Freianlagen__C.pdf', clear('A-109', 'C', 'sheet')],
  ['A-111 Lageplan Index B - Kopie (3).pdf', clear('A-111', 'B', 'sheet')],
  ['S-101 Gründung Idx.A.pdf', clear('S-101', 'A', 'sheet')],
  ['Werkplan W-201 Index C.pdf', clear('W-201', 'C', 'sheet')],
  ['A-115_Außenanlagen_Rev-C.pdf', clear('A-115', 'C', 'sheet')],
  ['A-116 Dachaufsicht Stand 12.11.2026 Index D.pdf', clear('A-116', 'D', 'sheet')],
  ['Baustelleneinrichtungsplan BE-01 B.pdf', clear('BE-01', 'B', 'sheet')],
  ['Aktennotiz 2026-11-12.pdf', 'none'],
  ['Terminplan_KW47.pdf', 'none'],
  ['Kostenschätzung_DIN276.pdf', 'none'],
  ['Schriftverkehr Bauamt.pdf', 'none'],
  ['Foto_2026-11-12_0834.jpg', 'none'],
  ['Brandschutzkonzept Rev 2.pdf', 'none'],
];

export const READER_TABLE: readonly TableRow[] = [
  ...isoRows,
  ...revitRows,
  ...autocadRows,
  ...sheetRows,
  ...keyRows,
  ...indexRows,
  ...noiseRows,
  ...flaggedRows,
  ...noneRows,
  ...laterRows,
];
