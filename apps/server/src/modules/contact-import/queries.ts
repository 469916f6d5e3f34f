import type { Selectable } from 'kysely';
import type { ImportInfo, ImportProblem } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { ContactImportTable } from '../../db/types.ts';

export type ImportRow = Selectable<ContactImportTable>;

export function toImportInfo(row: ImportRow): ImportInfo {
  return {
    _id: row.id,
    filename: row.filename,
    inProgress: row.status === 'RUNNING',
    status: row.status,
    failure: row.failure,
    totalLines: row.total_lines,
    processedLines: row.processed_lines,
    imported: row.imported,
    duplicates: row.duplicates,
    rejected: row.rejected,
    invalid: row.invalid as ImportProblem[],
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/** The office's latest import that was not reset, for the import tab's report. */
export async function latestImportInfo(db: Db, officeId: string): Promise<ImportInfo | null> {
  const row = await db
    .selectFrom('contact_import')
    .selectAll()
    .where('office_id', '=', officeId)
    .where('finalised', '=', false)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toImportInfo(row) : null;
}

export const findImport = (db: Db, officeId: string, id: string) =>
  db.selectFrom('contact_import').selectAll().where('id', '=', id).where('office_id', '=', officeId).executeTakeFirst();

/** The worker reads an import by id alone: the job came from a request already scoped to the office. */
export const findImportForWorker = (db: Db, id: string) =>
  db.selectFrom('contact_import').selectAll().where('id', '=', id).executeTakeFirst();
