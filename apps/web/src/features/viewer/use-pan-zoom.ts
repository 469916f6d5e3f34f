import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { clampView, DOUBLE_TAP_MS, DOUBLE_TAP_PX, DOUBLE_TAP_ZOOM, fitView, zoomAt, type View } from './pan-zoom';

type Size = { width: number; height: number };

/**
 * Pan and zoom of a sheet in its frame by pointer events (mouse, pen and fingers alike): drag to
 * pan, two fingers to pinch, the wheel to zoom at the cursor, a double tap or double click to zoom
 * in at that point and back to the whole sheet.
 */
export function usePanZoom(frameRef: RefObject<HTMLElement | null>, content: Size | null) {
  const [frame, setFrame] = useState<Size | null>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setFrame({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [frameRef]);

  const apply = useCallback(
    (next: View) => {
      if (!content || !frame) return;
      setView(clampView(next, content, frame));
    },
    [content, frame],
  );
  const fit = useCallback(() => {
    if (content && frame) setView(fitView(content, frame));
  }, [content, frame]);
  useEffect(fit, [fit]);

  const zoomBy = useCallback(
    (factor: number) => frame && apply(zoomAt(viewRef.current, factor, frame.width / 2, frame.height / 2)),
    [apply, frame],
  );

  useEffect(() => {
    const element = frameRef.current;
    if (!element || !content || !frame) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let lastTap: { at: number; x: number; y: number } | null = null;
    let moved = false;
    const local = (e: PointerEvent | WheelEvent) => {
      const rect = element.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    const pair = () => [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
    const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

    const down = (e: PointerEvent) => {
      element.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, local(e));
      moved = false;
    };
    const move = (e: PointerEvent) => {
      const before = pointers.get(e.pointerId);
      if (!before) return;
      const now = local(e);
      if (pointers.size === 1) {
        if (distance(before, now) > 2) moved = true;
        const v = viewRef.current;
        apply({ ...v, x: v.x + now.x - before.x, y: v.y + now.y - before.y });
      } else if (pointers.size === 2) {
        const [a, b] = pair();
        const other = a === before ? b : a;
        const factor = distance(now, other) / Math.max(1, distance(before, other));
        const mid = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
        const prevMid = { x: (before.x + other.x) / 2, y: (before.y + other.y) / 2 };
        const zoomed = zoomAt(viewRef.current, factor, mid.x, mid.y);
        apply({ ...zoomed, x: zoomed.x + mid.x - prevMid.x, y: zoomed.y + mid.y - prevMid.y });
        moved = true;
      }
      pointers.set(e.pointerId, now);
    };
    const up = (e: PointerEvent) => {
      const at = local(e);
      const single = pointers.size === 1;
      pointers.delete(e.pointerId);
      if (!single || moved) return;
      const time = performance.now();
      if (lastTap && time - lastTap.at < DOUBLE_TAP_MS && distance(lastTap, at) < DOUBLE_TAP_PX) {
        lastTap = null;
        const v = viewRef.current;
        if (v.scale > 1.01) setView(fitView(content, frame));
        else apply(zoomAt(v, DOUBLE_TAP_ZOOM, at.x, at.y));
      } else lastTap = { at: time, ...at };
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const at = local(e);
      apply(zoomAt(viewRef.current, Math.exp(-e.deltaY * 0.002), at.x, at.y));
    };
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    element.addEventListener('wheel', wheel, { passive: false });
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
      element.removeEventListener('wheel', wheel);
    };
  }, [frameRef, content, frame, apply]);

  return { view, frame, fit, zoomBy };
}
