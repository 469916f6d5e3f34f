import type { Actor } from '../offices/access.ts';
import {
  errors,
  type ParticipantFolderBody,
  type ParticipantFolderDto,
  type ParticipantFolderOrderBody,
  type ParticipantFolderUpdateBody,
} from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { claimRevision } from '../revisions/revision.ts';
import { announceChange } from '../projects/changes.ts';
import { checkFolderNameFree, withUniqueFolderName } from '../folders/unique-name.ts';
import { findProject } from '../projects/queries.ts';
import { applyOrder, assertExactOrder, renumber } from '../projects/sort-order.ts';
import { toParticipantFolderDtos, type ParticipantFolderRow } from '../participants/dto.ts';
import { participantsOfFolder } from '../participants/queries.ts';
import {
  deleteParticipantFolderRow,
  findParticipantFolder,
  insertParticipantFolder,
  participantFoldersOfProject,
  updateParticipantFolderRow,
} from './queries.ts';

type FolderDeps = Pick<Deps, 'db' | 'realtime'>;

async function toDto(db: Deps['db'], folder: ParticipantFolderRow): Promise<ParticipantFolderDto> {
  return toParticipantFolderDtos([folder], await participantsOfFolder(db, folder.id))[0]!;
}

export async function createParticipantFolder(
  deps: FolderDeps,
  actor: Actor,
  body: z.infer<typeof ParticipantFolderBody>,
): Promise<ParticipantFolderDto> {
  if (!body.name) throw errors.folderNameRequired();
  const folder = await withUniqueFolderName(() =>
    deps.db.transaction().execute(async (tx) => {
      if (!(await findProject(tx, actor, body.projectId))) throw errors.notFound();
      await checkFolderNameFree(tx, 'participant_folder', body.projectId, body.name);
      return toDto(tx, await insertParticipantFolder(tx, body.projectId, body.name));
    }),
  );
  await announceChange(deps, actor, { projectId: folder.project, entity: 'participantfolder', id: folder._id });
  return folder;
}

export async function updateParticipantFolder(
  deps: FolderDeps,
  actor: Actor,
  folderId: string,
  body: z.infer<typeof ParticipantFolderUpdateBody>,
): Promise<ParticipantFolderDto> {
  if (body.name !== undefined && !body.name) throw errors.folderNameRequired();
  const folder = await withUniqueFolderName(() =>
    deps.db.transaction().execute(async (tx) => {
      const found = await findParticipantFolder(tx, actor, folderId);
      if (!found) throw errors.notFound();
      if (body.name === undefined && body.isCollapsed === undefined && body.isCollapsedInPicker === undefined)
        return toDto(tx, found);
      // Opening and closing is no edit of the name: it never conflicts.
      if (body.name !== undefined) {
        await claimRevision(
          tx,
          { table: 'participant_folder', id: folderId, seen: body.rev, userId: actor.userId },
          async () => toDto(tx, (await findParticipantFolder(tx, actor, folderId))!),
        );
        await checkFolderNameFree(tx, 'participant_folder', found.project_id, body.name, folderId);
      }
      const row = await updateParticipantFolderRow(tx, folderId, {
        name: body.name,
        is_collapsed: body.isCollapsed,
        is_collapsed_in_picker: body.isCollapsedInPicker,
      });
      return toDto(tx, row);
    }),
  );
  await announceChange(deps, actor, { projectId: folder.project, entity: 'participantfolder', id: folder._id });
  return folder;
}

/** Refused while the folder holds participants. */
export async function deleteParticipantFolder(deps: FolderDeps, actor: Actor, folderId: string): Promise<void> {
  const projectId = await deps.db.transaction().execute(async (tx) => {
    const folder = await findParticipantFolder(tx, actor, folderId);
    if (!folder) throw errors.notFound();
    if ((await participantsOfFolder(tx, folderId)).length > 0) throw errors.participantFolderNotEmpty();
    await deleteParticipantFolderRow(tx, folderId);
    await renumber(tx, 'participant_folder', folder.project_id);
    return folder.project_id;
  });
  await announceChange(deps, actor, { projectId, entity: 'participantfolder', id: folderId });
}

/** The new order must name exactly the project's participant folders; sortOrder becomes the position. */
export async function orderParticipantFolders(
  deps: FolderDeps,
  actor: Actor,
  body: z.infer<typeof ParticipantFolderOrderBody>,
): Promise<ParticipantFolderDto[]> {
  const folders = await deps.db.transaction().execute(async (tx) => {
    if (!(await findProject(tx, actor, body.projectId))) throw errors.notFound();
    assertExactOrder(
      (await participantFoldersOfProject(tx, body.projectId)).map((f) => f.id),
      body.folderIds,
    );
    await applyOrder(tx, 'participant_folder', body.folderIds);
    const ordered = await participantFoldersOfProject(tx, body.projectId);
    const participants = await tx
      .selectFrom('participant')
      .select(['id', 'folder_id', 'sort_order'])
      .where('project_id', '=', body.projectId)
      .execute();
    return toParticipantFolderDtos(ordered, participants);
  });
  await announceChange(deps, actor, { projectId: body.projectId, entity: 'participantfolder', id: body.projectId });
  return folders;
}
