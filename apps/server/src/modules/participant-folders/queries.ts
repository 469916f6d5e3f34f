import { visibleProject, type Actor } from '../offices/access.ts';
import { DEFAULT_PARTICIPANT_FOLDERS, type Locale } from '@plankurier/shared';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ParticipantFolderTable } from '../../db/types.ts';
import { nextSortOrder } from '../projects/sort-order.ts';

export const findParticipantFolder = (db: Db, actor: Actor, folderId: string) =>
  db
    .selectFrom('participant_folder')
    .innerJoin('project', 'project.id', 'participant_folder.project_id')
    .selectAll('participant_folder')
    .where('participant_folder.id', '=', folderId)
    .where(visibleProject(actor))
    .executeTakeFirst();

export const participantFoldersOfProject = (db: Db, projectId: string) =>
  db.selectFrom('participant_folder').selectAll().where('project_id', '=', projectId).orderBy('sort_order').execute();

/** The folders a new project starts with, named in the office's language. */
export async function insertDefaultParticipantFolders(db: Db, projectId: string, locale: Locale): Promise<void> {
  await db
    .insertInto('participant_folder')
    .values(DEFAULT_PARTICIPANT_FOLDERS[locale].map((name, i) => ({ project_id: projectId, name, sort_order: i })))
    .execute();
}

export async function insertParticipantFolder(db: Db, projectId: string, name: string) {
  const sortOrder = await nextSortOrder(db, 'participant_folder', projectId);
  return db
    .insertInto('participant_folder')
    .values({ project_id: projectId, name, sort_order: sortOrder })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const updateParticipantFolderRow = (db: Db, folderId: string, changes: Updateable<ParticipantFolderTable>) =>
  db.updateTable('participant_folder').set(changes).where('id', '=', folderId).returningAll().executeTakeFirstOrThrow();

export const deleteParticipantFolderRow = (db: Db, folderId: string) =>
  db.deleteFrom('participant_folder').where('id', '=', folderId).execute();
