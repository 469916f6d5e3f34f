/** Where the content sits: screen = content · scale + offset (CSS pixels of the viewer's frame). */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 16;
/** A double tap zooms in this far, or back to the whole sheet. */
export const DOUBLE_TAP_ZOOM = 3;

/** The whole content centred in the frame: scale 1 is "fit". */
export function fitView(content: { width: number; height: number }, frame: { width: number; height: number }): View {
  return { scale: 1, x: (frame.width - content.width) / 2, y: (frame.height - content.height) / 2 };
}

/** Zooms by `factor` keeping the point (px, py) of the frame where it is (a pinch's centre, the cursor). */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.scale * factor));
  const applied = scale / view.scale;
  return { scale, x: px - (px - view.x) * applied, y: py - (py - view.y) * applied };
}

/**
 * Keeps the content from leaving the frame: smaller than the frame it stays centred, larger it
 * covers the frame edge to edge (no panning into emptiness).
 */
export function clampView(
  view: View,
  content: { width: number; height: number },
  frame: { width: number; height: number },
): View {
  const axis = (offset: number, size: number, room: number) => {
    if (size <= room) return (room - size) / 2;
    return Math.min(0, Math.max(room - size, offset));
  };
  return {
    scale: view.scale,
    x: axis(view.x, content.width * view.scale, frame.width),
    y: axis(view.y, content.height * view.scale, frame.height),
  };
}

/** Two taps within this time and distance are a double tap. */
export const DOUBLE_TAP_MS = 320;
export const DOUBLE_TAP_PX = 30;
