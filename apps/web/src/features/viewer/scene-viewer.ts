import type { DrawingScene } from '@plankurier/shared';
import { DxfViewer } from 'dxf-viewer';
import { DxfWorker } from 'dxf-viewer/src/DxfWorker.js';
import { Color } from 'three';

/**
 * dxf-viewer draws a scene its worker built from a DXF. Ours is built once on the server (the
 * drawing may be a DWG, which the browser cannot read: README "Licences"), so its loader is
 * taught one more kind of address: `plankurier-scene:<n>` hands over a scene already decoded.
 * Everything else it loads as before.
 */
const scenes = new Map<string, DrawingScene>();
let taught = false;
let next = 0;

interface LoaderPrototype {
  _Load(url: string, ...rest: unknown[]): Promise<{ scene: DrawingScene; dxf?: unknown }>;
}

function teachLoader() {
  if (taught) return;
  taught = true;
  const prototype = (DxfWorker as unknown as { prototype: LoaderPrototype }).prototype;
  const original = prototype._Load;
  prototype._Load = function load(this: LoaderPrototype, url: string, ...rest: unknown[]) {
    const scene = scenes.get(url);
    if (scene) return Promise.resolve({ scene });
    return original.call(this, url, ...rest);
  };
}

/** Layers as the panel lists them: the drawing's table, and names only entities use (a DXF without a table). */
function withEntityLayers(scene: DrawingScene): DrawingScene {
  const known = new Set(scene.layers.map((l) => l.name));
  const layers = [...scene.layers];
  for (const batch of scene.batches as { key: { layerName: string | null } }[]) {
    const name = batch.key.layerName;
    if (name !== null && !known.has(name)) {
      known.add(name);
      layers.push({ name, displayName: name, color: 0 });
    }
  }
  return { ...scene, layers };
}

/** A viewer on white, as plans are printed; colours that would vanish on white are darkened. */
export function createSceneViewer(container: HTMLElement): DxfViewer {
  return new DxfViewer(container, {
    autoResize: true,
    clearColor: new Color('#ffffff'),
    colorCorrection: true,
    antialias: true,
  });
}

export async function showScene(viewer: DxfViewer, scene: DrawingScene): Promise<void> {
  teachLoader();
  const url = `plankurier-scene:${++next}`;
  scenes.set(url, withEntityLayers(scene));
  try {
    await viewer.Load({ url });
  } finally {
    scenes.delete(url);
  }
}

/** How far the drawing is zoomed against the whole sheet (1: fitted, as after loading). */
export const drawingScale = (viewer: DxfViewer): number => viewer.GetCamera().zoom;

/** Zooms the drawing about the view's centre, as the PDF viewer's buttons do. */
export function zoomDrawing(viewer: DxfViewer, factor: number): void {
  const camera = viewer.GetCamera();
  camera.zoom = Math.min(200, Math.max(0.05, camera.zoom * factor));
  camera.updateProjectionMatrix();
  viewer.Render();
}

/** The whole drawing in view again, as right after loading. */
export function fitDrawing(viewer: DxfViewer): void {
  const bounds = viewer.GetBounds();
  const origin = viewer.GetOrigin();
  if (!bounds || !origin) return;
  viewer.FitView(bounds.minX - origin.x, bounds.maxX - origin.x, bounds.minY - origin.y, bounds.maxY - origin.y);
  viewer.Render();
}
