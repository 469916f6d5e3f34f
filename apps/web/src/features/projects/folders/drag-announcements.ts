import type { Active, Announcements, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import type { TFunction } from 'i18next';

/** A draggable row as a person sees it: what a screen reader says instead of dnd-kit's internal ids. */
export interface DragRowDescription {
  /** The row's visible label: a plan 'A-102 Grundriss 2', a folder's or a participant's name, a phase. */
  name: string;
  /** An item dropped on a folder goes into it; anything else takes the place of the row it is dropped on. */
  role: 'folder' | 'item';
}

export type DescribeDragRow = (rowId: string) => DragRowDescription | undefined;
/** Whether dropping row `activeId` on row `overId` changes anything (the list's own drop rule). */
export type DropChanges = (activeId: string, overId: string) => boolean;

export interface DragAccessibility {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
}

/**
 * dnd-kit's live-region texts and keyboard instructions in the user's language, naming rows by their
 * labels. An item over a folder heading goes into that folder, so that is what is said; a drop that
 * changes nothing (on itself, on its own folder, where the list refuses it) says the row stays.
 */
export function dragAccessibility(
  t: TFunction,
  describe: DescribeDragRow,
  dropChanges: DropChanges,
): DragAccessibility {
  const rowOf = (entry: Active | Over | null) => (entry ? describe(String(entry.id)) : undefined);
  // A drag starts over its own row: that is no news after 'picked up', only a return to it is.
  let leftOwnPlace = false;
  const intoFolder = (dragged: DragRowDescription, target: DragRowDescription) =>
    dragged.role === 'item' && target.role === 'folder';

  return {
    screenReaderInstructions: { draggable: t('dragAnnounce.instructions') },
    announcements: {
      onDragStart: ({ active }) => {
        leftOwnPlace = false;
        const dragged = rowOf(active);
        return dragged && t('dragAnnounce.pickedUp', { name: dragged.name });
      },
      onDragOver: ({ active, over }) => {
        const dragged = rowOf(active);
        if (!dragged) return undefined;
        const target = rowOf(over);
        if (!over || !target) {
          leftOwnPlace = true;
          return t('dragAnnounce.overNothing', { name: dragged.name });
        }
        if (active.id === over.id) {
          return leftOwnPlace ? t('dragAnnounce.overOwnPlace', { name: dragged.name }) : undefined;
        }
        leftOwnPlace = true;
        const key = intoFolder(dragged, target) ? 'dragAnnounce.overFolder' : 'dragAnnounce.over';
        return t(key, { name: dragged.name, target: target.name });
      },
      onDragEnd: ({ active, over }) => {
        const dragged = rowOf(active);
        if (!dragged) return undefined;
        const target = rowOf(over);
        if (!over || !target || active.id === over.id || !dropChanges(String(active.id), String(over.id))) {
          return t('dragAnnounce.droppedUnchanged', { name: dragged.name });
        }
        const key = intoFolder(dragged, target) ? 'dragAnnounce.droppedInFolder' : 'dragAnnounce.dropped';
        return t(key, { name: dragged.name, target: target.name });
      },
      onDragCancel: ({ active }) => {
        const dragged = rowOf(active);
        return dragged && t('dragAnnounce.cancelled', { name: dragged.name });
      },
    },
  };
}
