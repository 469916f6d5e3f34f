import { visibleProject, type Actor } from '../offices/access.ts';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { DocTable, Doctype } from '../../db/types.ts';
import { nextSortOrder } from '../projects/sort-order.ts';
import { liveDoc } from '../projects/queries.ts';

export const findDoc = (db: Db, actor: Actor, docId: string) =>
  db
    .selectFrom('doc')
    .innerJoin('project', 'project.id', 'doc.project_id')
    .selectAll('doc')
    .where('doc.id', '=', docId)
    .where(visibleProject(actor))
    .where(liveDoc())
    .$narrowType<{ folder_id: string }>()
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
        .where(liveDoc())
        .$narrowType<{ folder_id: string }>()
        .execute();

/** Plans and documents of all the office's projects, also those a member does not see: what the tier limit counts. */
export async function countOfficeDocs(db: Db, officeId: string): Promise<number> {
  const row = await db
    .selectFrom('doc')
    .innerJoin('project', 'project.id', 'doc.project_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project.office_id', '=', officeId)
    .where(liveDoc())
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
    .$narrowType<{ folder_id: string }>()
    .executeTakeFirstOrThrow();
}

export const updateDocRow = (db: Db, docId: string, changes: Updateable<DocTable>) =>
  db
    .updateTable('doc')
    .set(changes)
    .where('id', '=', docId)
    .where(liveDoc())
    .returningAll()
    .$narrowType<{ folder_id: string }>()
    .executeTakeFirstOrThrow();

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

/**
 * Who has the doc's files: `sent` counts every mail that carried one (also refused or stopped ones,
 * which the records list); `recipients` the participants whose mail went out.
 */
export async function deliveriesOfDoc(db: Db, docId: string): Promise<{ sent: number; recipients: number }> {
  const { rows } = await sql<{ sent: string; recipients: string }>`
    select count(distinct r.id) as sent,
      count(distinct r.participant_id) filter (where r.status = 'SUCCESS') as recipients
    from delivery_file df
    join file f on f.id = df.file_id
    join delivery_recipient r on r.id = df.recipient_id
    where f.doc_id = ${docId}`.execute(db);
  return { sent: Number(rows[0]!.sent), recipients: Number(rows[0]!.recipients) };
}

/**
 * Withdraws a sent doc: it keeps its row, versions and files for its recipients and the records,
 * leaves its folder, and loses what served the office — subscriptions, QR links and stamped copies,
 * download links, uploads in progress, its place in plan sets. Answers the stamped copies' storage keys.
 */
export async function withdrawDocRow(db: Db, docId: string, userId: string): Promise<string[]> {
  await db
    .updateTable('doc')
    .set({ withdrawn_at: sql<Date>`now()`, withdrawn_by: userId, folder_id: null })
    .where('id', '=', docId)
    .execute();
  const versions = db.selectFrom('version').select('id').where('doc_id', '=', docId);
  const files = db.selectFrom('file').select('id').where('doc_id', '=', docId);
  await db.deleteFrom('subscription').where('doc_id', '=', docId).execute();
  await db.deleteFrom('plan_set_file').where('doc_id', '=', docId).execute();
  await db.deleteFrom('qr_token').where('version_id', 'in', versions).execute();
  await db.deleteFrom('upload').where('version_id', 'in', versions).execute();
  await db.deleteFrom('download_token').where('file_id', 'in', files).execute();
  const stamped = await db
    .deleteFrom('qr_stamped_file')
    .where('file_id', 'in', files)
    .returning('storage_key')
    .execute();
  return stamped.map((s) => s.storage_key);
}
