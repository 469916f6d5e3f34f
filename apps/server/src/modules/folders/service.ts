import type { Actor } from '../offices/access.ts';
import {
  errors,
  type DocFolderDto,
  type FolderBody,
  type FolderOrderBody,
  type FoldersCollapseBody,
  type FolderUpdateBody,
} from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { claimRevision } from '../revisions/revision.ts';
import { announceChange } from '../projects/changes.ts';
import { toFolderDtos, type FolderRow } from '../projects/dto.ts';
import { applyOrder, assertExactOrder, renumber } from '../projects/sort-order.ts';
import { findPhase, foldersOfPhase } from '../phases/queries.ts';
import {
  deleteFolderRow,
  docsOfFolder,
  docsOfPhase,
  findFolder,
  insertFolder,
  setFolderCollapsed,
  updateFolderRow,
} from './queries.ts';
import { checkFolderNameFree, withUniqueFolderName } from './unique-name.ts';

type FolderDeps = Pick<Deps, 'db' | 'realtime'>;

async function toDto(db: Deps['db'], folder: FolderRow): Promise<DocFolderDto> {
  return toFolderDtos([folder], await docsOfFolder(db, folder.id))[0]!;
}

export async function createFolder(
  deps: FolderDeps,
  actor: Actor,
  body: z.infer<typeof FolderBody>,
): Promise<DocFolderDto> {
  if (!body.name) throw errors.folderNameRequired();
  const folder = await withUniqueFolderName(() =>
    deps.db.transaction().execute(async (tx) => {
      const phase = await findPhase(tx, actor, body.phaseId);
      if (!phase) throw errors.notFound();
      await checkFolderNameFree(tx, 'doc_folder', phase.id, body.name);
      return toDto(tx, await insertFolder(tx, phase, body));
    }),
  );
  await announceChange(deps, actor, { projectId: folder.project, entity: 'folder', id: folder._id });
  return folder;
}

export async function updateFolder(
  deps: FolderDeps,
  actor: Actor,
  folderId: string,
  body: z.infer<typeof FolderUpdateBody>,
): Promise<DocFolderDto> {
  if (body.name !== undefined && !body.name) throw errors.folderNameRequired();
  const folder = await withUniqueFolderName(() =>
    deps.db.transaction().execute(async (tx) => {
      const found = await findFolder(tx, actor, folderId);
      if (!found) throw errors.notFound();
      if (body.name === undefined && body.isCollapsed === undefined && body.isCollapsedInPicker === undefined)
        return toDto(tx, found);
      // Opening and closing is no edit of the name: it never conflicts.
      if (body.name !== undefined) {
        await claimRevision(tx, { table: 'doc_folder', id: folderId, seen: body.rev, userId: actor.userId }, async () =>
          toDto(tx, (await findFolder(tx, actor, folderId))!),
        );
        await checkFolderNameFree(tx, 'doc_folder', found.phase_id, body.name, folderId);
      }
      const row = await updateFolderRow(tx, folderId, {
        name: body.name,
        is_collapsed: body.isCollapsed,
        is_collapsed_in_picker: body.isCollapsedInPicker,
      });
      return toDto(tx, row);
    }),
  );
  await announceChange(deps, actor, { projectId: folder.project, entity: 'folder', id: folder._id });
  return folder;
}

/** Refused while the folder holds plans or documents. */
export async function deleteFolder(deps: FolderDeps, actor: Actor, folderId: string): Promise<void> {
  const projectId = await deps.db.transaction().execute(async (tx) => {
    const folder = await findFolder(tx, actor, folderId);
    if (!folder) throw errors.notFound();
    if ((await docsOfFolder(tx, folderId)).length > 0) throw errors.folderNotEmpty();
    await deleteFolderRow(tx, folderId);
    await renumber(tx, 'doc_folder', folder.phase_id);
    return folder.project_id;
  });
  await announceChange(deps, actor, { projectId, entity: 'folder', id: folderId });
}

/** Opens or closes many folders at once; one foreign or missing id and nothing changes. */
export async function collapseFolders(
  deps: FolderDeps,
  actor: Actor,
  body: z.infer<typeof FoldersCollapseBody>,
): Promise<{ _id: string; isCollapsed: boolean }[]> {
  const changed = await deps.db.transaction().execute(async (tx) => {
    const rows: { id: string; project_id: string }[] = [];
    for (const item of body) {
      const row = await setFolderCollapsed(tx, actor, item._id, item.isCollapsed);
      if (!row) throw errors.notFound();
      rows.push(row);
    }
    return rows;
  });
  for (const row of changed)
    await announceChange(deps, actor, { projectId: row.project_id, entity: 'folder', id: row.id });
  return body.map((item) => ({ _id: item._id, isCollapsed: item.isCollapsed }));
}

/** The new order must name exactly the phase's folders; sortOrder becomes the position. */
export async function orderFolders(
  deps: FolderDeps,
  actor: Actor,
  body: z.infer<typeof FolderOrderBody>,
): Promise<DocFolderDto[]> {
  const folders = await deps.db.transaction().execute(async (tx) => {
    const phase = await findPhase(tx, actor, body.phaseId);
    if (!phase) throw errors.notFound();
    assertExactOrder(
      (await foldersOfPhase(tx, phase.id)).map((f) => f.id),
      body.folderIds,
    );
    await applyOrder(tx, 'doc_folder', body.folderIds);
    const ordered = await foldersOfPhase(tx, phase.id);
    return toFolderDtos(ordered, await docsOfPhase(tx, phase.id));
  });
  if (folders[0])
    await announceChange(deps, actor, { projectId: folders[0].project, entity: 'folder', id: body.phaseId });
  return folders;
}
