import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Paper, Text } from '@mantine/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeader, type ColumnHead } from './ColumnHeader';
import { dragAccessibility, type DropChanges } from './drag-announcements';
import classes from './folder-list.module.css';
import { SortableRow, type RowDrag } from './SortableRow';

/**
 * How a row drags: a folder takes a dragged item into it (framed while over it), anything else is
 * put before the row it is dropped on (a line).
 */
export interface RowDragInfo {
  role: 'folder' | 'item';
  /** The row as a person reads it ('A-102 Grundriss 2', a name): what a screen reader hears while dragging. */
  name: string;
  /** The grip's accessible name. */
  label: string;
  /** The text the drag overlay shows. */
  overlay: string;
}

/** The rows' grid columns by the list's width: all of them, fewer, the fewest (see folder-list.module.css). */
export interface ListGrid {
  wide: string;
  medium: string;
  narrow: string;
}

/** From which list width a column shows (always, when left out). */
export type ColumnShownFrom = 'medium' | 'wide' | 'narrowOnly';

interface FolderGroupListProps<R extends { key: string }, S extends R> {
  rows: readonly R[];
  /** The scroll region's accessible name. */
  label: string;
  height: number;
  grid: ListGrid;
  columns: readonly ColumnHead[];
  /** Kept between renders (useCallback): a new one measures every row again, as new rows do. */
  rowHeight: (row: R) => number;
  /** Which rows drag (folders and their items); the others (headings, empty lines) stay put. */
  isSortable: (row: R) => row is S;
  dragInfo: (row: S) => RowDragInfo;
  renderSortable: (row: S, drag: RowDrag) => ReactNode;
  renderStatic: (row: Exclude<R, S>) => ReactNode;
  onDrop: (activeId: string, overId: string | null) => void;
  /** Whether a drop would change anything, so a screen reader hears that a refused drop leaves the row. */
  dropChanges: DropChanges;
}

const noShift = () => null;

/**
 * The shell of the plan and participant lists: the column header, then folder groups virtualised so
 * that thousands of rows scroll smoothly; folders and their items are dragged to a new place with the
 * grip (or Space + arrows).
 */
export function FolderGroupList<R extends { key: string }, S extends R>(props: FolderGroupListProps<R, S>) {
  const { rows, isSortable, dragInfo, dropChanges } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  // The row dragged last stays rendered when the list scrolls away from it. A keyboard drag in a long
  // list scrolls the dragged row out of the virtual window; unmounted, it is no droppable any more, so
  // sortableKeyboardCoordinates (which starts from it) moved nothing after that, and its grip lost the
  // focus. It stays rendered after the drop too (until the next drag), so the grip keeps the focus.
  const [keptKey, setKeptKey] = useState<string | null>(null);
  const keptIndex = keptKey ? rows.findIndex((r) => r.key === keptKey) : -1;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return keptIndex < 0 || indexes.includes(keptIndex) ? indexes : [...indexes, keptIndex];
    },
    [keptIndex],
  );
  const { rowHeight } = props;
  // The virtualizer measures all rows again whenever getItemKey is a new function: with one per
  // render, it did so for each frame of a scroll (2,000 rows' keys and sizes, and their garbage).
  // Both are made anew with the rows or the height rule, so a new rule measures the rows again.
  const sizing = useMemo(
    () => ({ getItemKey: (i: number) => rows[i]!.key, estimateSize: (i: number) => rowHeight(rows[i]!) }),
    [rows, rowHeight],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    ...sizing,
    overscan: 6,
    rangeExtractor,
    // React draws the rows that scrolled into view in a task of its own after the scroll event
    // rather than inside the frame that scrolled (as the Planraster does); the overscan covers the
    // frame they may trail a slow scroll by.
    useFlushSync: false,
  });
  const sortableIds = useMemo(() => rows.filter(isSortable).map((r) => r.key), [rows, isSortable]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Instant scrolling: with the default smooth scroll, an arrow pressed while the list still glides
    // starts from the unfinished position; quick presses fell short and a press moved nothing.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const activeRow = activeId ? rows.find((r): r is S => r.key === activeId && isSortable(r)) : undefined;
  const activeInfo = activeRow ? dragInfo(activeRow) : undefined;
  // The announcements live through the whole drag (they remember whether the row left its place), while
  // the list re-renders as it scrolls: they read the current rows through a ref.
  const describeRow = (rowId: string) => {
    const row = rows.find((r): r is S => r.key === rowId && isSortable(r));
    return row ? dragInfo(row) : undefined;
  };
  const latest = useRef({ describeRow, dropChanges });
  useLayoutEffect(() => {
    latest.current = { describeRow, dropChanges };
  });
  const accessibility = useMemo(
    () =>
      dragAccessibility(
        t,
        (rowId) => latest.current.describeRow(rowId),
        (activeId, overId) => latest.current.dropChanges(activeId, overId),
      ),
    [t],
  );

  const roleDescription = t('dragAnnounce.roleDescription');
  const renderRow = (row: R, top: number, height: number) => {
    if (!isSortable(row)) {
      return (
        <div key={row.key} style={{ position: 'absolute', top, left: 0, right: 0, height }}>
          {props.renderStatic(row as Exclude<R, S>)}
        </div>
      );
    }
    const info = dragInfo(row);
    return (
      <SortableRow
        key={row.key}
        id={row.key}
        label={info.label}
        roleDescription={roleDescription}
        top={top}
        height={height}
        overStyle={info.role === 'folder' && activeInfo?.role === 'item' ? 'box' : 'line'}
      >
        {(drag) => props.renderSortable(row, drag)}
      </SortableRow>
    );
  };

  return (
    <Paper
      withBorder
      radius="md"
      className={classes.list}
      style={{
        '--folder-list-wide': props.grid.wide,
        '--folder-list-medium': props.grid.medium,
        '--folder-list-narrow': props.grid.narrow,
        display: 'flex',
        flexDirection: 'column',
        height: props.height,
        overflow: 'hidden',
        flex: 1,
        minWidth: 0,
      }}
    >
      <ColumnHeader columns={props.columns} />
      <div
        ref={scrollRef}
        style={{ flex: 1, overflow: 'auto', position: 'relative' }}
        role="region"
        aria-label={props.label}
      >
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={accessibility}
          onDragStart={(event) => {
            setActiveId(String(event.active.id));
            setKeptKey(String(event.active.id));
          }}
          onDragEnd={(event: DragEndEvent) => {
            setActiveId(null);
            props.onDrop(String(event.active.id), event.over ? String(event.over.id) : null);
          }}
          onDragCancel={() => setActiveId(null)}
        >
          <SortableContext items={sortableIds} strategy={noShift}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => renderRow(rows[item.index]!, item.start, item.size))}
            </div>
          </SortableContext>
          <DragOverlay dropAnimation={null}>
            {activeInfo ? (
              <Paper shadow="md" px="sm" py={6} radius="sm" withBorder style={{ width: 'fit-content', maxWidth: 420 }}>
                <Text size="sm" fw={600} truncate="end">
                  {activeInfo.overlay}
                </Text>
              </Paper>
            ) : null}
          </DragOverlay>
        </DndContext>
      </div>
    </Paper>
  );
}
