import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DxfScene } from 'dxf-viewer/src/DxfScene.js';
import DxfParser from 'dxf-viewer/src/parser/DxfParser.js';
import opentype from 'opentype.js';
import type { DrawingScene } from '@plankurier/shared';
import { quietly } from '../pdf/quietly.ts';
import { drawingAsDxfText } from './drawing-text.ts';

const require = createRequire(import.meta.url);

/** Text in drawings is drawn in Liberation Sans (SIL OFL), which pdf.js ships for its standard fonts. */
let font: Promise<unknown> | undefined;
const liberationSans = () => {
  const file = path.join(
    path.dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts',
    'LiberationSans-Regular.ttf',
  );
  font ??= fs.promises
    .readFile(file)
    .then((bytes) => opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
  return font;
};

/**
 * The drawing as dxf-viewer's scene: entities flattened into line and triangle batches per layer,
 * colour and block, texts as outlines. Made once after the upload; the viewer draws it without
 * parsing the drawing again, and the thumbnail is drawn from it. Null when the file cannot be read
 * or holds nothing to draw.
 */
export async function buildDrawingScene(filePath: string, kind: 'dwg' | 'dxf'): Promise<DrawingScene | null> {
  const text = await drawingAsDxfText(filePath, kind);
  if (text === null) return null;
  // dxf-viewer reports its progress through console.log.
  return quietly(async () => {
    const dxf = new DxfParser().parseSync(text);
    dxf.entities ??= []; // a block library has no ENTITIES section
    const builder = new DxfScene({});
    await builder.Build(dxf, [liberationSans]);
    const scene = builder.scene;
    return scene.bounds ? scene : null;
  });
}
