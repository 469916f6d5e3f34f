import type { ImportInfo, ImportProblem } from '@plankurier/shared';

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
