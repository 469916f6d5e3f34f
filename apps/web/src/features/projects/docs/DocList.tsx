import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Box, Paper, Text } from '@mantine/core';
import type { DocFolderDto } from '@plankurier/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_HEIGHT, type ListRow } from '../model/list-rows';
import { docRowInfo, doctypeForCategory, type ProjectModel } from '../model/project-model';
import { downloadByDoc } from '../participants/download-state';
import { CategoryRow } from './CategoryRow';
import { DOC_GRID } from './columns';
import { DocRow } from './DocRow';
import { EmptyFolderRow } from './EmptyFolderRow';
import { FolderRow } from './FolderRow';
import { SortableRow } from './SortableRow';

export interface DocListActions {
  onSelectDoc: (docId: string) => void;
  onToggleFolder: (folder: DocFolderDto) => void;
  onSetCategoryCollapsed: (folderIds: string[], collapsed: boolean) => void;
  onAddDoc: (folder: DocFolderDto) => void;
  onRenameFolder: (folder: DocFolderDto) => void;
  onDeleteFolder: (folder: DocFolderDto) => void;
  onReleaseAll: (folder: DocFolderDto) => void;
  onDrop: (activeId: string, overId: string | null) => void;
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

const noShift = () => null;

function rowHeight(row: ListRow, showEmptyHint: boolean): number {
  if (row.kind === 'empty') return showEmptyHint && !row.filtered ? ROW_HEIGHT.emptyHint : ROW_HEIGHT.empty;
  return ROW_HEIGHT[row.kind];
}

/**
 * The plan list of one phase: folder groups with their docs, virtualised so that 2,000 plans
 * scroll smoothly; docs and folders are dragged to a new place with the grip (or Space + arrows).
 */
export function DocList(props: DocListProps) {
  const { rows, model, selectedDocId, showEmptyHint } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => rowHeight(rows[i]!, showEmptyHint),
    getItemKey: (i) => rows[i]!.key,
    overscan: 12,
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sortableIds = useMemo(
    () => rows.filter((r) => r.kind === 'doc' || r.kind === 'folder').map((r) => r.key),
    [rows],
  );
  const preparedByFolder = useMemo(() => {
    const counts = new Map<string, number>();
    for (const [folderId, docs] of model.docsByFolder) counts.set(folderId, docs.filter((d) => d.nextVersion).length);
    return counts;
  }, [model]);
  const downloads = useMemo(() => downloadByDoc(model.bundle.subs), [model.bundle.subs]);

  const activeRow = activeId ? rows.find((r) => r.key === activeId) : undefined;
  const onDragStart = (event: DragStartEvent) => setActiveId(String(event.active.id));
  const onDragEnd = (event: DragEndEvent) => {
    setActiveId(null);
    props.onDrop(String(event.active.id), event.over ? String(event.over.id) : null);
  };

  const renderRow = (row: ListRow, top: number, height: number) => {
    if (row.kind === 'category') {
      return (
        <div key={row.key} style={{ position: 'absolute', top, left: 0, right: 0, height }}>
          <CategoryRow
            category={row.category}
            onSetAll={(collapsed) => props.onSetCategoryCollapsed(row.folderIds, collapsed)}
          />
        </div>
      );
    }
    if (row.kind === 'empty') {
      const doctype = doctypeForCategory(row.folder.category);
      return (
        <div key={row.key} style={{ position: 'absolute', top, left: 0, right: 0, height }}>
          <EmptyFolderRow
            filtered={row.filtered}
            showHint={showEmptyHint}
            actionLabel={doctype === 'plan' ? t('docs.newPlan') : t('docs.newDocument')}
            onAdd={() => props.onAddDoc(row.folder)}
            onMute={props.onMuteEmptyHint}
          />
        </div>
      );
    }
    if (row.kind === 'folder') {
      return (
        <SortableRow
          key={row.key}
          id={row.key}
          label={t('docs.dragRow', { name: row.folder.name })}
          top={top}
          height={height}
          overStyle={activeRow?.kind === 'doc' ? 'box' : 'line'}
        >
          {(drag) => (
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
          )}
        </SortableRow>
      );
    }
    return (
      <SortableRow
        key={row.key}
        id={row.key}
        label={t('docs.dragRow', { name: `${row.doc.number} ${row.doc.name}` })}
        top={top}
        height={height}
        overStyle="line"
      >
        {(drag) => (
          <DocRow
            doc={row.doc}
            info={docRowInfo(row.doc, model)}
            download={downloads.get(row.doc._id) ?? null}
            selected={row.doc._id === selectedDocId}
            onSelect={() => props.onSelectDoc(row.doc._id)}
            drag={drag}
          />
        )}
      </SortableRow>
    );
  };

  return (
    <Paper
      withBorder
      radius="md"
      style={{
        display: 'flex',
        flexDirection: 'column',
        height: props.height,
        overflow: 'hidden',
        flex: 1,
        minWidth: 0,
      }}
    >
      <Box
        px={4}
        py={8}
        style={{
          display: 'grid',
          gridTemplateColumns: DOC_GRID,
          columnGap: 'var(--mantine-spacing-sm)',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
          background: 'var(--mantine-color-white)',
        }}
        aria-hidden
      >
        <span />
        <span />
        {(['number', 'name', 'index', 'released', 'formats', 'format'] as const).map((column) => (
          <Text
            key={column}
            size="xs"
            fw={700}
            c="dimmed"
            tt="uppercase"
            style={{ letterSpacing: '0.04em' }}
            truncate="end"
          >
            {t(`docs.columns.${column}`)}
          </Text>
        ))}
      </Box>
      <div
        ref={scrollRef}
        style={{ flex: 1, overflow: 'auto', position: 'relative' }}
        role="region"
        aria-label={props.label}
      >
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActiveId(null)}
        >
          <SortableContext items={sortableIds} strategy={noShift}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => renderRow(rows[item.index]!, item.start, item.size))}
            </div>
          </SortableContext>
          <DragOverlay dropAnimation={null}>
            {activeRow && (activeRow.kind === 'doc' || activeRow.kind === 'folder') ? (
              <Paper shadow="md" px="sm" py={6} radius="sm" withBorder style={{ width: 'fit-content', maxWidth: 420 }}>
                <Text size="sm" fw={600} truncate="end">
                  {activeRow.kind === 'doc' ? `${activeRow.doc.number}  ${activeRow.doc.name}` : activeRow.folder.name}
                </Text>
              </Paper>
            ) : null}
          </DragOverlay>
        </DndContext>
      </div>
    </Paper>
  );
}
