/**
 * Keyboard moves in a virtualised, scrolling folder list. dnd-kit's `sortableKeyboardCoordinates` only
 * knows the rows that are rendered, and its KeyboardSensor scrolls the list instead of moving once the
 * target passes the middle of the list, without measuring the rows again: the drag got stuck there.
 * Here an arrow steps to the neighbouring row of the whole list, and the list is scrolled first so that
 * the row stands where the sensor moves to it rather than scrolling.
 */

export type Step = 1 | -1;

/** The row an arrow key moves a keyboard drag to: the neighbour of `fromKey` among `keys`, null at an end. */
export function neighbourKey(keys: readonly string[], fromKey: string, step: Step): string | null {
  const at = keys.indexOf(fromKey);
  if (at < 0) return null;
  return keys[at + step] ?? null;
}

interface FollowArgs {
  /** Where the dragged row's top would stand over the target row, in content pixels of the scroll region. */
  dragTop: number;
  /** The target row's height (the whole row is kept in view). */
  rowHeight: number;
  scrollTop: number;
  viewHeight: number;
  maxScrollTop: number;
  step: Step;
}

/** A few pixels off the middle, so that rounded scroll offsets keep the row on the sensor's side of it. */
const MARGIN = 4;

/**
 * The scroll offset at which the target row is in view and on the side of the middle that the sensor
 * moves to without scrolling: the upper half going down, the lower half going up (the list follows
 * once the dragged row reaches the middle). The offset unchanged when the row stands there already.
 */
export function followScrollTop({ dragTop, rowHeight, scrollTop, viewHeight, maxScrollTop, step }: FollowArgs): number {
  const half = viewHeight / 2;
  const low = step === 1 ? MARGIN : half + MARGIN;
  const high = Math.max(low, step === 1 ? half - MARGIN : viewHeight - rowHeight - MARGIN);
  const inView = dragTop - scrollTop;
  let next = scrollTop;
  if (inView < low) next = Math.floor(dragTop - low);
  else if (inView > high) next = Math.ceil(dragTop - high);
  return Math.min(maxScrollTop, Math.max(0, next));
}
