import { useSortable } from '@dnd-kit/sortable';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './folder-list.module.css';

export interface RowDrag {
  /** The grip: a button for keyboard drags (Space, arrows, Space) and for pointer drags. */
  handle: ReactNode;
  /** Pointer listeners for the whole row, so a row can be dragged from anywhere. */
  rowListeners: Record<string, unknown>;
}

interface SortableRowProps {
  id: string;
  label: string;
  /** What a screen reader calls a draggable row (dnd-kit says 'sortable'). */
  roleDescription: string;
  top: number;
  height: number;
  /** 'line' marks the place a row goes; 'box' marks a folder that takes the dragged plan or participant. */
  overStyle: 'line' | 'box';
  children: (drag: RowDrag) => ReactNode;
}

/**
 * A row of a virtualised folder list (plans, participants) that can be dragged and dropped on. Other
 * rows do not shift while dragging (the list is virtual); the target shows a line or a frame instead.
 */
export function SortableRow({ id, label, roleDescription, top, height, overStyle, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging, isOver, active } = useSortable({
    id,
    attributes: { roleDescription },
  });
  const showOver = isOver && active !== null && active.id !== id;
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className={`${classes.grip} mantine-focus-auto mantine-active`}
      aria-label={label}
      {...attributes}
      {...listeners}
      onClick={(e) => e.stopPropagation()}
    >
      <IconGripVertical size={14} />
    </button>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height,
        opacity: isDragging ? 0.4 : 1,
        boxShadow: showOver
          ? overStyle === 'line'
            ? 'inset 0 2px 0 var(--mantine-color-brand-6)'
            : 'inset 0 0 0 2px var(--mantine-color-brand-5)'
          : undefined,
        zIndex: showOver ? 1 : undefined,
      }}
    >
      {children({ handle, rowListeners: { onPointerDown: listeners?.onPointerDown } })}
    </div>
  );
}
