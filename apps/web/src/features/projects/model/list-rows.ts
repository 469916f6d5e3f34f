import { docMatchesFilter, type DocDto, type DocFolderDto, type FolderCategory } from '@plankurier/shared';

/** One line of the virtualised plan list. */
export type ListRow =
  | { kind: 'category'; key: string; category: FolderCategory; folderIds: string[]; allCollapsed: boolean }
  | { kind: 'folder'; key: string; folder: DocFolderDto; docCount: number; shownCount: number }
  | { kind: 'doc'; key: string; doc: DocDto; folderId: string }
  | { kind: 'empty'; key: string; folder: DocFolderDto; filtered: boolean };

export const ROW_HEIGHT = { category: 44, folder: 40, doc: 40, empty: 40, emptyHint: 96 } as const;

export const folderRowId = (folderId: string) => `folder:${folderId}`;
export const docRowId = (docId: string) => `doc:${docId}`;

/**
 * The rows of one phase: per category (plans first) a heading, then each folder and, when it is
 * open, its docs that match the filter. With a filter, folders without matches are left out.
 */
export function buildListRows(
  folders: readonly DocFolderDto[],
  docsByFolder: ReadonlyMap<string, readonly DocDto[]>,
  filterText: string,
  currentIndexOf: (doc: DocDto) => string | null,
): ListRow[] {
  const rows: ListRow[] = [];
  const filtering = filterText.trim().length > 0;
  for (const category of ['plans', 'documents'] as const) {
    const inCategory = folders.filter((f) => f.category === category);
    if (inCategory.length === 0) continue;
    const folderRows: ListRow[] = [];
    for (const folder of inCategory) {
      const docs = docsByFolder.get(folder._id) ?? [];
      const shown = filtering
        ? docs.filter((d) =>
            docMatchesFilter({ name: d.name, number: d.number, currentIndex: currentIndexOf(d) }, filterText),
          )
        : docs;
      if (filtering && shown.length === 0) continue;
      folderRows.push({
        kind: 'folder',
        key: folderRowId(folder._id),
        folder,
        docCount: docs.length,
        shownCount: shown.length,
      });
      if (folder.isCollapsed) continue;
      if (shown.length === 0)
        folderRows.push({ kind: 'empty', key: `empty:${folder._id}`, folder, filtered: filtering });
      for (const doc of shown) folderRows.push({ kind: 'doc', key: docRowId(doc._id), doc, folderId: folder._id });
    }
    if (folderRows.length === 0) continue;
    rows.push({
      kind: 'category',
      key: `category:${category}`,
      category,
      folderIds: inCategory.map((f) => f._id),
      allCollapsed: inCategory.every((f) => f.isCollapsed),
    });
    rows.push(...folderRows);
  }
  return rows;
}

/** Whether the selected doc lies inside the folder (collapsing it clears the selection). */
export const selectionInFolder = (
  selectedDocId: string | null,
  folderId: string,
  docsByFolder: ReadonlyMap<string, readonly DocDto[]>,
) => selectedDocId !== null && (docsByFolder.get(folderId) ?? []).some((d) => d._id === selectedDocId);
