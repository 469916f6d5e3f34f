import type { DocDto, DocFolderDto } from '@plankurier/shared';
import { planFolderDrop } from '../folders/folder-drop';
import { folderRowId } from './list-rows';

/** What a drop in the plan list changes: docs of one folder in a new order, or the folders of a phase. */
export type ListDrop =
  { kind: 'docs'; folderId: string; docIds: string[] } | { kind: 'folders'; phaseId: string; folderIds: string[] };

interface DropContext {
  folders: readonly DocFolderDto[];
  docsByFolder: ReadonlyMap<string, readonly DocDto[]>;
}

/**
 * Plans a drop of the row `activeId` on the row `overId` (ids 'doc:<id>' / 'folder:<id>') as any folder
 * list does; a folder only takes the place of a folder of its own category (plans stay above documents).
 */
export function planListDrop(activeId: string, overId: string | null, ctx: DropContext): ListDrop | null {
  const drop = planFolderDrop(activeId, overId, {
    folders: ctx.folders,
    itemsByFolder: ctx.docsByFolder,
    prefixes: { folder: 'folder', item: 'doc' },
    canSwap: (source, target) => source.category === target.category,
  });
  if (!drop) return null;
  if (drop.kind === 'items') return { kind: 'docs', folderId: drop.folderId, docIds: drop.itemIds };
  const moved = ctx.folders.find((f) => folderRowId(f._id) === activeId)!;
  return { kind: 'folders', phaseId: moved.phase, folderIds: drop.folderIds };
}
