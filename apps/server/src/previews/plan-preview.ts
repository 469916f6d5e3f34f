import fs from 'node:fs';
import path from 'node:path';
import { encodeDrawingScene } from '@plankurier/shared';
import { inPreviewProcessFor } from '../pdf/pdf-process.ts';
import { quietly } from '../pdf/quietly.ts';
import { buildDrawingScene } from './drawing-scene.ts';
import { drawSceneThumbnail } from './drawing-thumbnail.ts';
import { renderPdfSheet, renderPdfThumbnail } from './pdf-thumbnail.ts';

/** The files a preview consists of, written next to the input: null when that part could not be made. */
export interface PlanPreviewFiles {
  thumbnail: string | null;
  scene: string | null;
}

/**
 * Makes a plan file's thumbnail and, for a drawing, its scene. Never throws for a file that cannot
 * be drawn (damaged, empty, too large): it gives nulls and the screens show a placeholder.
 */
export async function makePlanPreview(input: string, kind: 'pdf' | 'dwg' | 'dxf'): Promise<PlanPreviewFiles> {
  const out = (suffix: string) => path.join(path.dirname(input), `${path.basename(input)}.${suffix}`);
  try {
    if (kind === 'pdf') {
      const size = (await fs.promises.stat(input)).size;
      const thumbnail = await quietly(() => renderPdfThumbnail(input, size));
      if (!thumbnail) return { thumbnail: null, scene: null };
      await fs.promises.writeFile(out('webp'), thumbnail);
      return { thumbnail: out('webp'), scene: null };
    }
    const scene = await buildDrawingScene(input, kind);
    if (!scene) return { thumbnail: null, scene: null };
    await fs.promises.writeFile(out('scene'), encodeDrawingScene(scene));
    await fs.promises.writeFile(out('webp'), await drawSceneThumbnail(scene));
    return { thumbnail: out('webp'), scene: out('scene') };
  } catch {
    return { thumbnail: null, scene: null };
  }
}

/** makePlanPreview in the preview process, in the office's turn: drawing a large plan never holds up the server. */
export const makePlanPreviewInChild = (input: string, kind: 'pdf' | 'dwg' | 'dxf', officeId: string) =>
  inPreviewProcessFor<PlanPreviewFiles>(officeId, new URL(import.meta.url), 'makePlanPreview', input, kind);

/**
 * A PDF's sheet for the viewer, written next to the input; null when it cannot be drawn (the viewer
 * then waits for pdf.js as before). Never throws for a file that cannot be drawn.
 */
export async function makePlanSheet(input: string): Promise<string | null> {
  try {
    const size = (await fs.promises.stat(input)).size;
    const sheet = await quietly(() => renderPdfSheet(input, size));
    if (!sheet) return null;
    const out = `${input}.sheet.webp`;
    await fs.promises.writeFile(out, sheet);
    return out;
  } catch {
    return null;
  }
}

/** makePlanSheet in the preview process, one call after another with the thumbnails, in the office's turn. */
export const makePlanSheetInChild = (input: string, officeId: string) =>
  inPreviewProcessFor<string | null>(officeId, new URL(import.meta.url), 'makePlanSheet', input);
