import { moveItem } from '@plankurier/shared';

/** What a drop in a folder list changes: the items of one folder in a new order, or the folders. */
export type FolderDrop =
  { kind: 'items'; folderId: string; itemIds: string[] } | { kind: 'folders'; folderIds: string[] };

export interface FolderDropContext<F extends { _id: string }> {
  folders: readonly F[];
  itemsByFolder: ReadonlyMap<string, readonly { _id: string }[]>;
  /** The row id prefixes ('<prefix>:<id>') of folder headings and of items. */
  prefixes: { folder: string; item: string };
  /** Whether a folder may take another one's place; any by default. */
  canSwap?: (source: F, target: F) => boolean;
}

/**
 * Plans the drop of row `activeId` on row `overId`: an item dropped on an item takes its place (in its
 * folder, moving between folders too); dropped on a folder heading it goes to the end of that folder;
 * a folder dropped on a folder (or on one of its items) takes that folder's place. Null when nothing changes.
 */
export function planFolderDrop<F extends { _id: string }>(
  activeId: string,
  overId: string | null,
  ctx: FolderDropContext<F>,
): FolderDrop | null {
  if (!overId || activeId === overId) return null;
  const parse = (rowId: string) => {
    const [type, id] = rowId.split(':', 2);
    const kind = type === ctx.prefixes.folder ? 'folder' : type === ctx.prefixes.item ? 'item' : null;
    return kind && id ? { kind, id } : null;
  };
  const folderOf = (itemId: string) => {
    for (const [folderId, items] of ctx.itemsByFolder) if (items.some((i) => i._id === itemId)) return folderId;
    return null;
  };
  const idsIn = (folderId: string) => (ctx.itemsByFolder.get(folderId) ?? []).map((i) => i._id);
  const active = parse(activeId);
  const over = parse(overId);
  if (!active || !over) return null;

  if (active.kind === 'folder') {
    const targetId = over.kind === 'folder' ? over.id : folderOf(over.id);
    const source = ctx.folders.find((f) => f._id === active.id);
    const target = ctx.folders.find((f) => f._id === targetId);
    if (!source || !target || source === target || (ctx.canSwap && !ctx.canSwap(source, target))) return null;
    const folderIds = ctx.folders.map((f) => f._id);
    return {
      kind: 'folders',
      folderIds: moveItem(folderIds, folderIds.indexOf(source._id), folderIds.indexOf(target._id)),
    };
  }

  const sourceId = folderOf(active.id);
  if (!sourceId) return null;
  if (over.kind === 'folder') {
    if (over.id === sourceId || !ctx.folders.some((f) => f._id === over.id)) return null;
    return { kind: 'items', folderId: over.id, itemIds: [...idsIn(over.id), active.id] };
  }
  const targetId = folderOf(over.id);
  if (!targetId) return null;
  const target = idsIn(targetId);
  if (targetId === sourceId) {
    return {
      kind: 'items',
      folderId: targetId,
      itemIds: moveItem(target, target.indexOf(active.id), target.indexOf(over.id)),
    };
  }
  const itemIds = [...target];
  itemIds.splice(target.indexOf(over.id), 0, active.id);
  return { kind: 'items', folderId: targetId, itemIds };
}
