import {
  formatCount,
  type ImportDetails,
  type ImportEncoding,
  type ImportInfo,
  type ImportOutcome,
  type ImportProblem,
  type Locale,
} from '@plankurier/shared';

/** The importInfo of a 'contactImportInfo' event ({ importInfo }), or null for anything else. */
export function importInfoFromEvent(payload: unknown): ImportInfo | null {
  if (!payload || typeof payload !== 'object' || !('importInfo' in payload)) return null;
  const info = payload.importInfo;
  if (!info || typeof info !== 'object' || !('_id' in info) || !('inProgress' in info)) return null;
  return info as ImportInfo;
}

/**
 * The import state after a new report arrived (live event, upload answer, poll). Progress events
 * may overtake each other: for the same import a finished state is never replaced by a running
 * one, and a running one never goes back to fewer processed lines.
 */
export function mergeImportInfo(current: ImportInfo | null | undefined, incoming: ImportInfo): ImportInfo {
  if (!current || current._id !== incoming._id) return incoming;
  if (!current.inProgress && incoming.inProgress) return current;
  if (current.inProgress && incoming.inProgress && incoming.processedLines < current.processedLines) return current;
  return incoming;
}

/** The three numbers of the report, as the server counted them (the problem list is capped). */
export function importCounts(info: ImportInfo): { imported: number; duplicates: number; rejected: number } {
  return { imported: info.imported, duplicates: info.duplicates, rejected: info.rejected };
}

/** Progress in percent (0–100), or null while the number of lines is not known yet. */
export function importProgress(info: ImportInfo): number | null {
  if (info.totalLines <= 0) return null;
  return Math.min(100, Math.round((info.processedLines / info.totalLines) * 100));
}

/** Translation key of a rejected line's reason. */
export const problemReasonKey = (reason: ImportProblem['reason']) => `contacts.import.reasons.${reason}`;

/** Title and colour of a finished import: only an import that took every line is green. */
export function outcomeLook(outcome: ImportOutcome): { color: 'green' | 'orange' | 'red' | 'blue'; titleKey: string } {
  switch (outcome) {
    case 'failed':
      return { color: 'red', titleKey: 'contacts.import.failedTitle' };
    case 'nothing':
      return { color: 'red', titleKey: 'contacts.import.nothingTitle' };
    case 'nothing_new':
      return { color: 'blue', titleKey: 'contacts.import.nothingNewTitle' };
    case 'partly':
      return { color: 'orange', titleKey: 'contacts.import.partlyTitle' };
    default:
      return { color: 'green', titleKey: 'contacts.import.reportTitle' };
  }
}

const ENCODING_NAMES: Record<ImportEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16 (Big Endian)',
  'windows-1252': 'Windows-1252 (ANSI)',
  'iso-8859-15': 'ISO-8859-15',
  macintosh: 'Mac Roman',
};
export const encodingName = (encoding: ImportEncoding) => ENCODING_NAMES[encoding];

/** The listed line numbers, "…" when the file has more of them than the report lists. */
export function lineList(lines: readonly number[], count: number, locale: Locale): string {
  const listed = lines.map((line) => formatCount(line, locale)).join(', ');
  return count > lines.length ? `${listed}, …` : listed;
}

/** The translation keys (with values) of what the import recognised: format, separator, encoding, header. */
export function factKeys(details: ImportDetails): { key: string; values?: Record<string, unknown> }[] {
  const facts: { key: string; values?: Record<string, unknown> }[] = [
    { key: `contacts.import.facts.${details.format}` },
  ];
  if (details.delimiter) {
    const name = details.delimiter === ';' ? 'semicolon' : details.delimiter === ',' ? 'comma' : 'tab';
    facts.push({ key: `contacts.import.facts.delimiter.${name}` });
  }
  facts.push({ key: 'contacts.import.facts.encoding', values: { encoding: encodingName(details.encoding) } });
  if (details.format !== 'vcard') {
    facts.push(
      details.headerLine
        ? { key: 'contacts.import.facts.headerLine', values: { line: details.headerLine } }
        : { key: 'contacts.import.facts.noHeader' },
    );
  }
  return facts;
}
