/** The CSV index of an archive: one line per file, for spreadsheets (semicolons, UTF-8 with BOM). */

export const CSV_HEADER = [
  'Nummer',
  'Name',
  'Index',
  'Freigabedatum',
  'Phase',
  'Ordner',
  'Datei',
  'Größe (Bytes)',
  'SHA-256',
] as const;

export interface CsvIndexLine {
  number: string;
  name: string;
  index: string;
  releaseDate: Date | null;
  phase: string;
  folder: string;
  path: string;
  size: number;
  sha256: string;
}

/**
 * A quoted cell. A text that starts like a formula (=, +, -, @, tab, CR) gets a leading apostrophe,
 * so a plan called '=HYPERLINK(…)' stays text when the office opens the index in a spreadsheet.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

// The office's calendar day (a release just after midnight in Berlin is still that day).
const isoDay = (date: Date | null) => (date ? date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' }) : '');

export function csvIndex(lines: readonly CsvIndexLine[]): string {
  const rows = [
    CSV_HEADER.map(csvCell).join(';'),
    ...lines.map((l) =>
      [l.number, l.name, l.index, isoDay(l.releaseDate), l.phase, l.folder, l.path, String(l.size), l.sha256]
        .map(csvCell)
        .join(';'),
    ),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
