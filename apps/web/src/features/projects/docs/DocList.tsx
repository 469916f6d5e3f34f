import type { DocFolderDto } from '@plankurier/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { compileText } from '../../../i18n/compiled-text';
import { FolderGroupList, type RowDragInfo } from '../folders/FolderGroupList';
import { ROW_HEIGHT, type ListRow } from '../model/list-rows';
import { docRowInfo, doctypeForCategory, type ProjectModel } from '../model/project-model';
import { downloadByDoc } from '../participants/download-state';
import { CategoryRow } from './CategoryRow';
import { DOC_COLUMNS_SHOWN_FROM, DOC_GRID } from './columns';
import { DocRow } from './DocRow';
import { EmptyFolderRow } from './EmptyFolderRow';
import { FolderRow } from './FolderRow';

export interface DocListActions {
  onSelectDoc: (docId: string) => void;
  onToggleFolder: (folder: DocFolderDto) => void;
  onSetCategoryCollapsed: (folderIds: string[], collapsed: boolean) => void;
  onAddDoc: (folder: DocFolderDto) => void;
  onRenameFolder: (folder: DocFolderDto) => void;
  onDeleteFolder: (folder: DocFolderDto) => void;
  onReleaseAll: (folder: DocFolderDto) => void;
  onDrop: (activeId: string, overId: string | null) => void;
  dropChanges: (activeId: string, overId: string) => boolean;
  onMuteEmptyHint: () => void;
}

interface DocListProps extends DocListActions {
  rows: ListRow[];
  model: ProjectModel;
  label: string;
  height: number;
  selectedDocId: string | null;
  filtering: boolean;
  showEmptyHint: boolean;
}

type SortableListRow = Extract<ListRow, { kind: 'folder' | 'doc' }>;
type StaticListRow = Extract<ListRow, { kind: 'category' | 'empty' }>;

const COLUMNS = ['number', 'name', 'index', 'released', 'formats', 'format'] as const;
const isSortable = (row: ListRow): row is SortableListRow => row.kind === 'folder' || row.kind === 'doc';

function rowHeight(row: ListRow, showEmptyHint: boolean): number {
  if (row.kind === 'empty') return showEmptyHint && !row.filtered ? ROW_HEIGHT.emptyHint : ROW_HEIGHT.empty;
  return ROW_HEIGHT[row.kind];
}

/** The plan list of one phase: per category its folders with their docs, in the shared folder list. */
export function DocList(props: DocListProps) {
  const { rows, model, selectedDocId, showEmptyHint } = props;
  const { t } = useTranslation();
  const columns = COLUMNS.map((key) => ({
    key,
    label: t(`docs.columns.${key}`),
    shownFrom: DOC_COLUMNS_SHOWN_FROM[key],
  }));
  const preparedByFolder = useMemo(() => {
    const counts = new Map<string, number>();
    for (const [folderId, docs] of model.docsByFolder) counts.set(folderId, docs.filter((d) => d.nextVersion).length);
    return counts;
  }, [model]);
  const heightOf = useCallback((row: ListRow) => rowHeight(row, showEmptyHint), [showEmptyHint]);
  const downloads = useMemo(() => downloadByDoc(model.bundle.subs), [model.bundle.subs]);

  // Asked for each row drawn, a few dozen per frame while the list scrolls.
  const dragLabel = useMemo(() => compileText(t, 'docs.dragRow', ['name']), [t]);
  const dragInfo = (row: SortableListRow): RowDragInfo =>
    row.kind === 'folder'
      ? {
          role: 'folder',
          name: row.folder.name,
          label: dragLabel({ name: row.folder.name }),
          overlay: row.folder.name,
        }
      : {
          role: 'item',
          name: `${row.doc.number} ${row.doc.name}`,
          label: dragLabel({ name: `${row.doc.number} ${row.doc.name}` }),
          overlay: `${row.doc.number}  ${row.doc.name}`,
        };

  const renderStatic = (row: StaticListRow) => {
    if (row.kind === 'category') {
      return (
        <CategoryRow
          category={row.category}
          onSetAll={(collapsed) => props.onSetCategoryCollapsed(row.folderIds, collapsed)}
        />
      );
    }
    const doctype = doctypeForCategory(row.folder.category);
    return (
      <EmptyFolderRow
        filtered={row.filtered}
        showHint={showEmptyHint}
        actionLabel={doctype === 'plan' ? t('docs.newPlan') : t('docs.newDocument')}
        documents={doctype !== 'plan'}
        onAdd={() => props.onAddDoc(row.folder)}
        onMute={props.onMuteEmptyHint}
      />
    );
  };

  return (
    <FolderGroupList<ListRow, SortableListRow>
      rows={rows}
      label={props.label}
      height={props.height}
      grid={DOC_GRID}
      columns={columns}
      rowHeight={heightOf}
      isSortable={isSortable}
      dragInfo={dragInfo}
      renderStatic={renderStatic}
      renderSortable={(row, drag) =>
        row.kind === 'folder' ? (
          <FolderRow
            folder={row.folder}
            docCount={row.docCount}
            shownCount={row.shownCount}
            filtering={props.filtering}
            preparedCount={preparedByFolder.get(row.folder._id) ?? 0}
            drag={drag}
            onToggle={() => props.onToggleFolder(row.folder)}
            onAdd={() => props.onAddDoc(row.folder)}
            onRename={() => props.onRenameFolder(row.folder)}
            onDelete={() => props.onDeleteFolder(row.folder)}
            onReleaseAll={() => props.onReleaseAll(row.folder)}
          />
        ) : (
          <DocRow
            projectId={model.bundle.project._id}
            doc={row.doc}
            info={docRowInfo(row.doc, model)}
            download={downloads.get(row.doc._id) ?? null}
            selected={row.doc._id === selectedDocId}
            onSelect={() => props.onSelectDoc(row.doc._id)}
            drag={drag}
          />
        )
      }
      onDrop={props.onDrop}
      dropChanges={props.dropChanges}
    />
  );
}
