import { moveItem, type DocDto, type DocFolderDto } from '@plankurier/shared';

/** What a drop in the plan list changes: docs of one folder in a new order, or the folders of a phase. */
export type ListDrop =
  { kind: 'docs'; folderId: string; docIds: string[] } | { kind: 'folders'; phaseId: string; folderIds: string[] };

interface DropContext {
  folders: readonly DocFolderDto[];
  docsByFolder: ReadonlyMap<string, readonly DocDto[]>;
}

type RowRef = { type: 'doc' | 'folder'; id: string };

export function parseRowId(rowId: string): RowRef | null {
  const [type, id] = rowId.split(':', 2);
  if ((type === 'doc' || type === 'folder') && id) return { type, id };
  return null;
}

function folderOfDoc(docId: string, ctx: DropContext): string | null {
  for (const [folderId, docs] of ctx.docsByFolder) if (docs.some((d) => d._id === docId)) return folderId;
  return null;
}

/**
 * Plans a drop of the row `activeId` on the row `overId` (ids 'doc:<id>' / 'folder:<id>'):
 * a doc dropped on a doc takes that doc's place (in its folder, moving between folders too);
 * a doc dropped on a folder heading goes to the end of that folder; a folder dropped on a folder
 * of the same category takes its place. Null when nothing changes.
 */
export function planListDrop(activeId: string, overId: string | null, ctx: DropContext): ListDrop | null {
  if (!overId || activeId === overId) return null;
  const active = parseRowId(activeId);
  const over = parseRowId(overId);
  if (!active || !over) return null;

  if (active.type === 'folder') {
    const targetFolderId = over.type === 'folder' ? over.id : folderOfDoc(over.id, ctx);
    const source = ctx.folders.find((f) => f._id === active.id);
    const target = ctx.folders.find((f) => f._id === targetFolderId);
    if (!source || !target || source._id === target._id || source.category !== target.category) return null;
    const ids = ctx.folders.map((f) => f._id);
    const folderIds = moveItem(ids, ids.indexOf(source._id), ids.indexOf(target._id));
    return { kind: 'folders', phaseId: source.phase, folderIds };
  }

  const sourceFolderId = folderOfDoc(active.id, ctx);
  if (!sourceFolderId) return null;
  if (over.type === 'folder') {
    if (over.id === sourceFolderId) return null;
    const target = ctx.folders.find((f) => f._id === over.id);
    if (!target) return null;
    const docIds = (ctx.docsByFolder.get(target._id) ?? []).map((d) => d._id);
    return { kind: 'docs', folderId: target._id, docIds: [...docIds, active.id] };
  }

  const targetFolderId = folderOfDoc(over.id, ctx);
  if (!targetFolderId) return null;
  const targetIds = (ctx.docsByFolder.get(targetFolderId) ?? []).map((d) => d._id);
  if (targetFolderId === sourceFolderId) {
    return {
      kind: 'docs',
      folderId: targetFolderId,
      docIds: moveItem(targetIds, targetIds.indexOf(active.id), targetIds.indexOf(over.id)),
    };
  }
  const docIds = [...targetIds];
  docIds.splice(targetIds.indexOf(over.id), 0, active.id);
  return { kind: 'docs', folderId: targetFolderId, docIds };
}
