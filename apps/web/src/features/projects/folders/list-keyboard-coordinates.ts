import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { followScrollTop, neighbourKey, type Step } from './keyboard-follow';

/** What the coordinate getter reads of the list at each key press (the latest rows, not those of the drag's start). */
export interface KeyboardList {
  scrollElement: HTMLElement | null;
  /** The keys of the rows that drag and take drops, in list order. */
  sortableKeys: readonly string[];
  /** The row's place in the scroll region's content (from the virtualiser), also when it is not rendered. */
  rowBox: (key: string) => { start: number; size: number } | null;
}

const STEPS: Partial<Record<string, Step>> = { [KeyboardCode.Down]: 1, [KeyboardCode.Up]: -1 };

/**
 * dnd-kit's KeyboardSensor coordinates for a virtualised folder list: ArrowDown/ArrowUp move the dragged
 * row onto the next/previous row of the whole list, scrolling the list to follow (see keyboard-follow.ts).
 */
export function listKeyboardCoordinates(list: () => KeyboardList): KeyboardCoordinateGetter {
  return (event, { active, context, currentCoordinates }) => {
    if (!event.code.startsWith('Arrow')) return undefined;
    event.preventDefault(); // the arrows move the row; they must not also scroll the list or the page
    const step = STEPS[event.code];
    const { scrollElement, sortableKeys, rowBox } = list();
    const dragRect = context.collisionRect;
    if (!step || !scrollElement || !dragRect) return undefined;
    const targetKey = neighbourKey(sortableKeys, String(context.over?.id ?? active), step);
    const target = targetKey ? rowBox(targetKey) : null;
    if (!target) return undefined;

    // the dragged row (the overlay) is centred on the target row, so that it is the closest one
    const dragTop = target.start + (target.size - dragRect.height) / 2;
    scrollElement.scrollTop = followScrollTop({
      dragTop,
      rowHeight: target.size,
      scrollTop: scrollElement.scrollTop,
      viewHeight: scrollElement.clientHeight,
      maxScrollTop: scrollElement.scrollHeight - scrollElement.clientHeight,
      step,
    });
    const viewTop = scrollElement.getBoundingClientRect().top + scrollElement.clientTop;
    return { x: currentCoordinates.x, y: viewTop + dragTop - scrollElement.scrollTop };
  };
}
