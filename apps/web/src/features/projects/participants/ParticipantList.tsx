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
import type { ParticipantDto, ParticipantFolderDto, RoleDto } from '@plankurier/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableRow } from '../docs/SortableRow';
import { PARTICIPANT_COLUMNS, PARTICIPANT_GRID } from './columns';
import { aggregateDownload } from './download-state';
import { ParticipantFolderRow } from './ParticipantFolderRow';
import { subscribedDocCount, type ParticipantModel, type ParticipantRow as Row } from './participant-model';
import { ParticipantRow } from './ParticipantRow';

export interface ParticipantListActions {
  onSelect: (participant: ParticipantDto) => void;
  onEditRoles: (participant: ParticipantDto) => void;
  onRemove: (participant: ParticipantDto) => void;
  onToggleFolder: (folder: ParticipantFolderDto) => void;
  onRenameFolder: (folder: ParticipantFolderDto) => void;
  onDeleteFolder: (folder: ParticipantFolderDto) => void;
  onDrop: (activeId: string, overId: string | null) => void;
}

interface ParticipantListProps extends ParticipantListActions {
  rows: Row[];
  model: ParticipantModel;
  height: number;
  filtering: boolean;
  selectedId: string | null;
}

const ROW_HEIGHT = 40;
const noShift = () => null;

/** The participants in their folders; rows and folders are dragged with the grip (or Space + arrows). */
export function ParticipantList(props: ParticipantListProps) {
  const { rows, model, selectedId } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => rows[i]!.key,
    overscan: 12,
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sortableIds = useMemo(() => rows.filter((r) => r.kind !== 'empty').map((r) => r.key), [rows]);
  const activeRow = activeId ? rows.find((r) => r.key === activeId) : undefined;

  const rolesOf = (p: ParticipantDto): RoleDto[] =>
    p.roles.map((id) => model.roleById.get(id)).filter((r): r is RoleDto => Boolean(r));

  const renderRow = (row: Row, top: number, height: number) => {
    if (row.kind === 'empty') {
      return (
        <Box
          key={row.key}
          style={{ position: 'absolute', top, left: 0, right: 0, height, display: 'flex', alignItems: 'center' }}
          pl={56}
        >
          <Text size="sm" c="dimmed" fs="italic">
            {row.filtered ? t('participants.emptyFolderFiltered') : t('participants.emptyFolder')}
          </Text>
        </Box>
      );
    }
    if (row.kind === 'folder') {
      return (
        <SortableRow
          key={row.key}
          id={row.key}
          label={t('participants.dragRow', { name: row.folder.name })}
          top={top}
          height={height}
          overStyle={activeRow?.kind === 'participant' ? 'box' : 'line'}
        >
          {(drag) => (
            <ParticipantFolderRow
              folder={row.folder}
              count={row.count}
              shownCount={row.shownCount}
              filtering={props.filtering}
              drag={drag}
              onToggle={() => props.onToggleFolder(row.folder)}
              onRename={() => props.onRenameFolder(row.folder)}
              onDelete={() => props.onDeleteFolder(row.folder)}
            />
          )}
        </SortableRow>
      );
    }
    const p = row.participant;
    return (
      <SortableRow
        key={row.key}
        id={row.key}
        label={t('participants.dragRow', { name: p.name })}
        top={top}
        height={height}
        overStyle="line"
      >
        {(drag) => (
          <ParticipantRow
            participant={p}
            roles={rolesOf(p)}
            planCount={subscribedDocCount(model, p._id)}
            download={aggregateDownload(model.subsByParticipant.get(p._id))}
            selected={p._id === selectedId}
            drag={drag}
            onSelect={() => props.onSelect(p)}
            onEditRoles={() => props.onEditRoles(p)}
            onRemove={() => props.onRemove(p)}
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
          gridTemplateColumns: PARTICIPANT_GRID,
          columnGap: 'var(--mantine-spacing-sm)',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
        aria-hidden
      >
        <span />
        <span />
        {PARTICIPANT_COLUMNS.map((column) => (
          <Text
            key={column}
            size="xs"
            fw={700}
            c="dimmed"
            tt="uppercase"
            ta={column === 'plans' ? 'right' : undefined}
            style={{ letterSpacing: '0.04em' }}
            truncate="end"
          >
            {t(`participants.columns.${column}`)}
          </Text>
        ))}
      </Box>
      <div
        ref={scrollRef}
        style={{ flex: 1, overflow: 'auto', position: 'relative' }}
        role="region"
        aria-label={t('participants.listLabel')}
      >
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={(e: DragStartEvent) => setActiveId(String(e.active.id))}
          onDragEnd={(e: DragEndEvent) => {
            setActiveId(null);
            props.onDrop(String(e.active.id), e.over ? String(e.over.id) : null);
          }}
          onDragCancel={() => setActiveId(null)}
        >
          <SortableContext items={sortableIds} strategy={noShift}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => renderRow(rows[item.index]!, item.start, item.size))}
            </div>
          </SortableContext>
          <DragOverlay dropAnimation={null}>
            {activeRow && activeRow.kind !== 'empty' ? (
              <Paper shadow="md" px="sm" py={6} radius="sm" withBorder style={{ width: 'fit-content', maxWidth: 420 }}>
                <Text size="sm" fw={600} truncate="end">
                  {activeRow.kind === 'participant' ? activeRow.participant.name : activeRow.folder.name}
                </Text>
              </Paper>
            ) : null}
          </DragOverlay>
        </DndContext>
      </div>
    </Paper>
  );
}
