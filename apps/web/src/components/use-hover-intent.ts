import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

/**
 * Becomes true once the pointer has rested on an element for `delay` ms, and stays true. For
 * floating parts (tooltips, hover cards) that are only mounted then: each one sets up its
 * positioning hooks when it mounts, and a long list that scrolls dozens of rows into view per
 * frame should not pay that for rows nobody points at. Touch has no hover, as with Mantine's
 * hover-only tooltips.
 */
export function useHoverIntent(delay: number) {
  const [active, setActive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => cancel, [cancel]);
  const onPointerEnter = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      cancel();
      timer.current = setTimeout(() => setActive(true), delay);
    },
    [cancel, delay],
  );
  // A press cancels too: the part must not mount (and replace the element) between press and release.
  return { active, handlers: { onPointerEnter, onPointerLeave: cancel, onPointerDown: cancel } };
}
