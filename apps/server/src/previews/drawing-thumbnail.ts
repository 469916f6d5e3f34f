import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { THUMBNAIL_PIXELS, type DrawingScene } from '@plankurier/shared';

/** dxf-viewer's BatchingKey.GeometryType. */
const GEOMETRY = {
  POINTS: 0,
  LINES: 1,
  INDEXED_LINES: 2,
  TRIANGLES: 3,
  INDEXED_TRIANGLES: 4,
  BLOCK_INSTANCE: 5,
} as const;

interface Chunk {
  verticesOffset: number;
  verticesSize: number;
  indicesOffset: number;
  indicesSize: number;
}
interface Batch {
  key: { blockName: string | null; geometryType: number };
  verticesOffset?: number;
  verticesSize?: number;
  transformsOffset?: number;
  transformsSize?: number;
  chunks?: Chunk[];
}
/** x' = a·x + b·y + c, y' = d·x + e·y + f: a block instance's placement, as dxf-viewer stores it. */
type Affine = readonly [number, number, number, number, number, number];
const IDENTITY: Affine = [1, 0, 0, 0, 1, 0];

const INK = '#1f2933';
const MARGIN = 8;

/**
 * The drawing's extents in one picture, dark lines on white whatever colours the layers have (a
 * yellow layer on white would vanish). Block definitions are drawn at every insert of them.
 */
export async function drawSceneThumbnail(scene: DrawingScene): Promise<Buffer> {
  const bounds = scene.bounds!;
  const origin = scene.origin ?? { x: 0, y: 0 };
  const width = Math.max(bounds.maxX - bounds.minX, 1e-9);
  const height = Math.max(bounds.maxY - bounds.minY, 1e-9);
  const inner = THUMBNAIL_PIXELS - 2 * MARGIN;
  const scale = inner / Math.max(width, height);
  const canvasWidth = Math.max(Math.round(width * scale) + 2 * MARGIN, 64);
  const canvasHeight = Math.max(Math.round(height * scale) + 2 * MARGIN, 64);
  const canvas = createCanvas(canvasWidth, canvasHeight);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvasWidth, canvasHeight);
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  ctx.lineWidth = 1;
  // Scene vertices are relative to the origin; the picture centres the extents, y upwards.
  const offsetX = (canvasWidth - width * scale) / 2;
  const offsetY = (canvasHeight - height * scale) / 2;
  const toCanvas = (x: number, y: number): [number, number] => [
    offsetX + (x + origin.x - bounds.minX) * scale,
    canvasHeight - offsetY - (y + origin.y - bounds.minY) * scale,
  ];

  const vertices = new Float32Array(scene.vertices);
  const indices = new Uint16Array(scene.indices);
  const transforms = new Float32Array(scene.transforms);
  const batches = scene.batches as Batch[];
  const blocks = new Map<string, Batch[]>();
  for (const batch of batches) {
    const name = batch.key.blockName;
    if (name !== null && batch.key.geometryType !== GEOMETRY.BLOCK_INSTANCE) {
      blocks.set(name, [...(blocks.get(name) ?? []), batch]);
    }
  }

  const draw = (batch: Batch, t: Affine) => {
    const point = (i: number): [number, number] => {
      const x = vertices[i * 2]!;
      const y = vertices[i * 2 + 1]!;
      return toCanvas(t[0] * x + t[1] * y + t[2], t[3] * x + t[4] * y + t[5]);
    };
    const type = batch.key.geometryType;
    if (type === GEOMETRY.LINES || type === GEOMETRY.TRIANGLES || type === GEOMETRY.POINTS) {
      const first = (batch.verticesOffset ?? 0) / 2;
      const count = (batch.verticesSize ?? 0) / 2;
      const all = Array.from({ length: count }, (_, i) => first + i);
      strokeOrFill(ctx, type, all, point);
    } else if (type === GEOMETRY.INDEXED_LINES || type === GEOMETRY.INDEXED_TRIANGLES) {
      for (const chunk of batch.chunks ?? []) {
        const base = chunk.verticesOffset / 2;
        const list = Array.from(
          indices.subarray(chunk.indicesOffset, chunk.indicesOffset + chunk.indicesSize),
          (i) => base + i,
        );
        strokeOrFill(ctx, type === GEOMETRY.INDEXED_LINES ? GEOMETRY.LINES : GEOMETRY.TRIANGLES, list, point);
      }
    }
  };

  for (const batch of batches) {
    if (batch.key.blockName !== null && batch.key.geometryType !== GEOMETRY.BLOCK_INSTANCE) continue;
    if (batch.key.geometryType !== GEOMETRY.BLOCK_INSTANCE) {
      draw(batch, IDENTITY);
      continue;
    }
    const definition = blocks.get(batch.key.blockName ?? '') ?? [];
    const start = batch.transformsOffset ?? 0;
    for (let i = start; i < start + (batch.transformsSize ?? 0); i += 6) {
      const t = Array.from(transforms.subarray(i, i + 6)) as unknown as Affine;
      for (const part of definition) draw(part, t);
    }
  }
  return canvas.encode('webp', 82);
}

function strokeOrFill(
  ctx: SKRSContext2D,
  type: number,
  list: readonly number[],
  point: (i: number) => [number, number],
): void {
  ctx.beginPath();
  if (type === GEOMETRY.LINES) {
    for (let i = 0; i + 1 < list.length; i += 2) {
      ctx.moveTo(...point(list[i]!));
      ctx.lineTo(...point(list[i + 1]!));
    }
    ctx.stroke();
  } else if (type === GEOMETRY.TRIANGLES) {
    for (let i = 0; i + 2 < list.length; i += 3) {
      ctx.moveTo(...point(list[i]!));
      ctx.lineTo(...point(list[i + 1]!));
      ctx.lineTo(...point(list[i + 2]!));
      ctx.closePath();
    }
    ctx.fill();
  } else {
    for (const i of list) {
      const [x, y] = point(i);
      ctx.rect(x - 0.5, y - 0.5, 1, 1);
    }
    ctx.fill();
  }
}
