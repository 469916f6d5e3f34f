/**
 * Plan previews: a thumbnail for every plan file (PDF first page, a drawing's extents) and, for
 * DWG and DXF, the drawing as a ready-to-draw scene for the viewer. Both are made by a job after
 * the upload; until then (or when the file cannot be drawn) the screens show a placeholder.
 */
/** too_complex: drawing it passed the preview process's time or memory limit (issue 36); not tried again. */
export const PREVIEW_STATUSES = ['pending', 'ready', 'failed', 'too_complex'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** File kinds that get a preview: the plan formats, also when a data doc carries them. */
export const PREVIEW_KINDS = ['pdf', 'dwg', 'dxf'] as const;
export const hasPreview = (kind: string): kind is (typeof PREVIEW_KINDS)[number] =>
  (PREVIEW_KINDS as readonly string[]).includes(kind);

/** Longest side of a thumbnail in pixels (sharp at 160 CSS pixels on a 3x phone). */
export const THUMBNAIL_PIXELS = 480;

/**
 * A PDF's "sheet": its first page drawn by the server, longer side in pixels, which the viewer shows
 * at once while pdf.js opens the file. An A1 fitted to a 390 px phone at 3x is 1170 device pixels
 * wide, to an 820 px tablet at 2x 1640: 2048 stays sharp on both up to the first zoom step.
 */
export const SHEET_PIXELS = 2048;

/** File kinds that get a sheet: PDFs (a drawing is viewed through its scene, drawn at once). */
export const hasSheet = (kind: string): kind is 'pdf' => kind === 'pdf';

/**
 * A drawing scene as dxf-viewer draws it (its `DxfScene` output: batches per layer, colour and
 * block, vertex and index buffers). Encoded as the magic `PKSCENE1`, the byte length of a JSON
 * part (uint32, little endian), the JSON part, padding to 4 bytes, then the vertex (float32), index
 * (uint16, padded to 4 bytes) and transform (float32) buffers, whose byte lengths the JSON names.
 */
export interface DrawingScene {
  origin: { x: number; y: number } | null;
  bounds: { minX: number; maxX: number; minY: number; maxY: number } | null;
  layers: { name: string; displayName: string; color: number }[];
  batches: unknown[];
  pointShapeHasDot: boolean;
  hasMissingChars: boolean;
  vertices: ArrayBuffer;
  indices: ArrayBuffer;
  transforms: ArrayBuffer;
}

// Browsers and Node both have these; the shared package compiles without DOM or Node types.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

const MAGIC = 'PKSCENE1';
const pad4 = (n: number) => (n + 3) & ~3;

export function encodeDrawingScene(scene: DrawingScene): Uint8Array {
  const { vertices, indices, transforms, ...rest } = scene;
  const json = new TextEncoder().encode(
    JSON.stringify({
      ...rest,
      verticesBytes: vertices.byteLength,
      indicesBytes: indices.byteLength,
      transformsBytes: transforms.byteLength,
    }),
  );
  const head = MAGIC.length + 4;
  const dataStart = pad4(head + json.length);
  const indicesStart = dataStart + vertices.byteLength;
  const transformsStart = pad4(indicesStart + indices.byteLength);
  const out = new Uint8Array(transformsStart + transforms.byteLength);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(MAGIC.length, json.length, true);
  out.set(json, head);
  out.set(new Uint8Array(vertices), dataStart);
  out.set(new Uint8Array(indices), indicesStart);
  out.set(new Uint8Array(transforms), transformsStart);
  return out;
}

/** The scene of an encoded file; throws on anything that is not one. */
export function decodeDrawingScene(bytes: ArrayBuffer): DrawingScene {
  const all = new Uint8Array(bytes);
  if (new TextDecoder().decode(all.subarray(0, MAGIC.length)) !== MAGIC) throw new Error('not a drawing scene');
  const jsonLength = new DataView(bytes).getUint32(MAGIC.length, true);
  const head = MAGIC.length + 4;
  const meta = JSON.parse(new TextDecoder().decode(all.subarray(head, head + jsonLength))) as Omit<
    DrawingScene,
    'vertices' | 'indices' | 'transforms'
  > & { verticesBytes: number; indicesBytes: number; transformsBytes: number };
  const { verticesBytes, indicesBytes, transformsBytes, ...rest } = meta;
  const dataStart = pad4(head + jsonLength);
  const indicesStart = dataStart + verticesBytes;
  const transformsStart = pad4(indicesStart + indicesBytes);
  if (transformsStart + transformsBytes > bytes.byteLength) throw new Error('drawing scene cut short');
  return {
    ...rest,
    vertices: bytes.slice(dataStart, indicesStart),
    indices: bytes.slice(indicesStart, indicesStart + indicesBytes),
    transforms: bytes.slice(transformsStart, transformsStart + transformsBytes),
  };
}
