import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { ImportDetails, ImportInfo, ImportProblem } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { ContactImportTable, Database } from '../../db/types.ts';
import { visibleProject, type Actor } from '../offices/access.ts';

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
    details: (row.details as ImportDetails | null) ?? null,
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

/** An import's contacts that an undo keeps: participants of a project, or edited by hand since. */
const keptByUndo = (eb: ExpressionBuilder<Database, 'contact'>) =>
  eb.or([
    eb('contact.edited_at', 'is not', null),
    eb.exists(
      eb.selectFrom('participant').select('participant.id').whereRef('participant.contact_id', '=', 'contact.id'),
    ),
  ]);

const contactsOfImport = (db: Db, officeId: string, importId: string) =>
  db.selectFrom('contact').where('contact.office_id', '=', officeId).where('contact.import_id', '=', importId);

/**
 * What taking the import back would remove and keep (the first names of each, and the counts). A kept
 * participant names the projects it takes part in that the person asking may see.
 */
export async function undoPreviewRows(db: Db, actor: Actor, importId: string, listed: number) {
  const removed = contactsOfImport(db, actor.officeId, importId).where((eb) => eb.not(keptByUndo(eb)));
  const kept = contactsOfImport(db, actor.officeId, importId).where(keptByUndo);
  const [removeCount, removeNames, keepCount, keepRows] = await Promise.all([
    removed.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    removed
      .select(['contact.first_name', 'contact.last_name', 'contact.company', 'contact.email'])
      .orderBy(sql`contact.last_name collate "de-x-icu"`)
      .orderBy(sql`contact.first_name collate "de-x-icu"`)
      .orderBy('contact.email')
      .limit(listed)
      .execute(),
    kept.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    kept
      .select([
        'contact.id',
        'contact.first_name',
        'contact.last_name',
        'contact.company',
        'contact.email',
        sql<boolean>`exists (select 1 from participant where participant.contact_id = contact.id)`.as('is_participant'),
        sql<string[]>`array(
          select distinct project.number || ' ' || project.name from participant
          join project on project.id = participant.project_id
          where participant.contact_id = contact.id and ${visibleProject(actor)} order by 1)`.as('projects'),
      ])
      .orderBy(sql`contact.last_name collate "de-x-icu"`)
      .orderBy('contact.email')
      .limit(listed)
      .execute(),
  ]);
  return { removeCount: removeCount.n, removeNames, keepCount: keepCount.n, keepRows };
}

/** Removes the import's contacts that are neither participants nor edited since; returns how many. */
export async function deleteUndoableContacts(db: Db, officeId: string, importId: string) {
  const result = await db
    .deleteFrom('contact')
    .where('contact.office_id', '=', officeId)
    .where('contact.import_id', '=', importId)
    .where((eb) => eb.not(keptByUndo(eb)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
