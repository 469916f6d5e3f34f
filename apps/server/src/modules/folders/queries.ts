import { visibleProject, type Actor } from '../offices/access.ts';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { DocFolderTable, FolderCategory } from '../../db/types.ts';
import { nextSortOrder } from '../projects/sort-order.ts';

export const findFolder = (db: Db, actor: Actor, folderId: string) =>
  db
    .selectFrom('doc_folder')
    .innerJoin('project', 'project.id', 'doc_folder.project_id')
    .selectAll('doc_folder')
    .where('doc_folder.id', '=', folderId)
    .where(visibleProject(actor))
    .executeTakeFirst();

export const docsOfFolder = (db: Db, folderId: string) =>
  db
    .selectFrom('doc')
    .select(['id', 'folder_id', 'sort_order'])
    .where('folder_id', '=', folderId)
    .$narrowType<{ folder_id: string }>()
    .orderBy('sort_order')
    .execute();

export const docsOfPhase = (db: Db, phaseId: string) =>
  db
    .selectFrom('doc')
    .innerJoin('doc_folder', 'doc_folder.id', 'doc.folder_id')
    .select(['doc.id', 'doc.folder_id', 'doc.sort_order'])
    .where('doc_folder.phase_id', '=', phaseId)
    .$narrowType<{ folder_id: string }>()
    .execute();

/** Where a folder's name must be unique: a doc folder's phase (plans and documents together), a participant folder's project. */
const NAME_SCOPE = { doc_folder: 'phase_id', participant_folder: 'project_id' } as const;

/** Whether another folder in the same phase or project has this name, ignoring case. */
export async function folderNameInUse(
  db: Db,
  table: keyof typeof NAME_SCOPE,
  scopeId: string,
  name: string,
  exceptFolderId?: string,
) {
  const { rows } = await sql`select 1 from ${sql.table(table)}
    where ${sql.ref(NAME_SCOPE[table])} = ${scopeId} and lower(name) = lower(${name})
    ${exceptFolderId ? sql`and id <> ${exceptFolderId}` : sql``} limit 1`.execute(db);
  return rows.length > 0;
}

export async function insertFolder(
  db: Db,
  phase: { id: string; project_id: string },
  folder: { name: string; category: FolderCategory },
) {
  const sortOrder = await nextSortOrder(db, 'doc_folder', phase.id);
  return db
    .insertInto('doc_folder')
    .values({
      project_id: phase.project_id,
      phase_id: phase.id,
      name: folder.name,
      category: folder.category,
      sort_order: sortOrder,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const updateFolderRow = (db: Db, folderId: string, changes: Updateable<DocFolderTable>) =>
  db.updateTable('doc_folder').set(changes).where('id', '=', folderId).returningAll().executeTakeFirstOrThrow();

export const deleteFolderRow = (db: Db, folderId: string) =>
  db.deleteFrom('doc_folder').where('id', '=', folderId).execute();

/** Sets the collapse flag of folders the office owns; returns the rows it changed. */
export const setFolderCollapsed = (db: Db, actor: Actor, folderId: string, isCollapsed: boolean) =>
  db
    .updateTable('doc_folder')
    .set({ is_collapsed: isCollapsed })
    .from('project')
    .whereRef('project.id', '=', 'doc_folder.project_id')
    .where(visibleProject(actor))
    .where('doc_folder.id', '=', folderId)
    .returning(['doc_folder.id', 'doc_folder.project_id'])
    .executeTakeFirst();
