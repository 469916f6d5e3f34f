import { visibleProject, type Actor } from '../offices/access.ts';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { DocTable, Doctype } from '../../db/types.ts';
import { nextSortOrder } from '../projects/sort-order.ts';

export const findDoc = (db: Db, actor: Actor, docId: string) =>
  db
    .selectFrom('doc')
    .innerJoin('project', 'project.id', 'doc.project_id')
    .selectAll('doc')
    .where('doc.id', '=', docId)
    .where(visibleProject(actor))
    .executeTakeFirst();

/** The docs among `docIds` that the office owns in the project. */
export const findDocsInProject = async (db: Db, actor: Actor, projectId: string, docIds: readonly string[]) =>
  docIds.length === 0
    ? []
    : db
        .selectFrom('doc')
        .innerJoin('project', 'project.id', 'doc.project_id')
        .selectAll('doc')
        .where('doc.id', 'in', docIds)
        .where('doc.project_id', '=', projectId)
        .where(visibleProject(actor))
        .execute();

/** Plans and documents of all the office's projects, also those a member does not see: what the tier limit counts. */
export async function countOfficeDocs(db: Db, officeId: string): Promise<number> {
  const row = await db
    .selectFrom('doc')
    .innerJoin('project', 'project.id', 'doc.project_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project.office_id', '=', officeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Files of any version of the doc that went out by e-mail: recipients know the plan by its number. */
export async function countDeliveredFilesOfDoc(db: Db, docId: string): Promise<number> {
  const row = await db
    .selectFrom('file')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('doc_id', '=', docId)
    .where('delivered_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const versionsOfDoc = (db: Db, docId: string) =>
  db.selectFrom('version').selectAll().where('doc_id', '=', docId).execute();

export async function insertDoc(
  db: Db,
  folder: { id: string; project_id: string },
  doc: { doctype: Doctype; number: string; name: string },
) {
  const sortOrder = await nextSortOrder(db, 'doc', folder.id);
  return db
    .insertInto('doc')
    .values({
      project_id: folder.project_id,
      folder_id: folder.id,
      doctype: doc.doctype,
      number: doc.number,
      name: doc.name,
      sort_order: sortOrder,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const updateDocRow = (db: Db, docId: string, changes: Updateable<DocTable>) =>
  db.updateTable('doc').set(changes).where('id', '=', docId).returningAll().executeTakeFirstOrThrow();

/** Versions and files go with it (foreign key cascade). */
export const deleteDocRow = (db: Db, docId: string) => db.deleteFrom('doc').where('id', '=', docId).execute();

/**
 * Puts the docs into the folder ahead of its other docs, in the given order: negative sort orders
 * sort them first until the folder is renumbered.
 */
export async function moveDocsToFront(db: Db, folderId: string, docIds: readonly string[]): Promise<void> {
  await sql`update doc set folder_id = ${folderId}, sort_order = o.position - 1 - ${docIds.length}
    from unnest(${docIds}::uuid[]) with ordinality as o(id, position)
    where doc.id = o.id`.execute(db);
}
