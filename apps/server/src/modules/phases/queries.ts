import { visibleProject, type Actor } from '../offices/access.ts';
import { DEFAULT_DOC_FOLDERS, type Locale } from '@plankurier/shared';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { PhaseTable } from '../../db/types.ts';
import { nextSortOrder } from '../projects/sort-order.ts';

export const findPhase = (db: Db, actor: Actor, phaseId: string) =>
  db
    .selectFrom('phase')
    .innerJoin('project', 'project.id', 'phase.project_id')
    .selectAll('phase')
    .where('phase.id', '=', phaseId)
    .where(visibleProject(actor))
    .executeTakeFirst();

export const phasesOfProject = (db: Db, projectId: string) =>
  db.selectFrom('phase').selectAll().where('project_id', '=', projectId).orderBy('sort_order').execute();

export const foldersOfPhase = (db: Db, phaseId: string) =>
  db.selectFrom('doc_folder').selectAll().where('phase_id', '=', phaseId).orderBy('sort_order').execute();

export const foldersOfProject = (db: Db, projectId: string) =>
  db.selectFrom('doc_folder').selectAll().where('project_id', '=', projectId).execute();

export async function shortcutInUse(
  db: Db,
  projectId: string,
  shortcut: string,
  exceptPhaseId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('phase')
    .select('id')
    .where('project_id', '=', projectId)
    .where(sql`lower(shortcut)`, '=', shortcut.toLowerCase());
  if (exceptPhaseId) query = query.where('id', '<>', exceptPhaseId);
  return Boolean(await query.executeTakeFirst());
}

/** Adds a phase at the end of the project with the default folders, named in the office's language. */
export async function insertPhaseWithDefaultFolders(
  db: Db,
  projectId: string,
  phase: { shortcut: string; name: string },
  locale: Locale,
) {
  const sortOrder = await nextSortOrder(db, 'phase', projectId);
  const row = await db
    .insertInto('phase')
    .values({ project_id: projectId, shortcut: phase.shortcut, name: phase.name, sort_order: sortOrder })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('doc_folder')
    .values(
      DEFAULT_DOC_FOLDERS[locale].map((f, i) => ({
        project_id: projectId,
        phase_id: row.id,
        name: f.name,
        category: f.category,
        sort_order: i,
      })),
    )
    .execute();
  return row;
}

export const updatePhaseRow = (db: Db, phaseId: string, changes: Updateable<PhaseTable>) =>
  db.updateTable('phase').set(changes).where('id', '=', phaseId).returningAll().executeTakeFirstOrThrow();

export async function countDocsInPhase(db: Db, phaseId: string): Promise<number> {
  const row = await db
    .selectFrom('doc')
    .innerJoin('doc_folder', 'doc_folder.id', 'doc.folder_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('doc_folder.phase_id', '=', phaseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Its folders go with it (foreign key cascade); the caller checked they hold no docs. */
export const deletePhaseRow = (db: Db, phaseId: string) => db.deleteFrom('phase').where('id', '=', phaseId).execute();
