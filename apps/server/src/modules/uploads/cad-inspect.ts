import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { MsgCode } from '@plankurier/shared';
import type { CadFacts, CadReading } from '../../cad/cad-facts.ts';
import { readDwg } from '../../cad/dwg-reader.ts';
import { readDxf } from '../../cad/dxf-reader.ts';
import { openByteReader, type ByteLocation } from '../../pdf/byte-reader.ts';
import { inPdfProcessFor } from '../../pdf/pdf-process.ts';

export type CadRefusal = Extract<MsgCode, 'upload.dwg_damaged' | 'upload.dxf_damaged'>;
export type CadInspection = { ok: true; facts: CadFacts } | { ok: false; refusal: CadRefusal };

const REFUSAL: Record<'dwg' | 'dxf', CadRefusal> = { dwg: 'upload.dwg_damaged', dxf: 'upload.dxf_damaged' };
const COPY_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * A DWG or DXF is kept only when it can be read to its end, as a damaged PDF is refused
 * (pdf-inspect.ts); what it names of itself (release, units, extents) is kept with it.
 */
export async function inspectCad(file: string | ByteLocation, kind: 'dwg' | 'dxf', size = 0): Promise<CadInspection> {
  const location = typeof file === 'string' ? { path: file } : file;
  const read = (filePath: string) => (kind === 'dwg' ? readDwg(filePath) : readDxf(filePath));
  const reading: CadReading =
    'path' in location ? await read(location.path) : await withLocalCopy(location, size, read);
  return reading.ok ? reading : { ok: false, refusal: REFUSAL[kind] };
}

/** inspectCad in the PDF process, in the office's turn: reading a large drawing never holds up the server. */
export const inspectCadInChild = (file: string | ByteLocation, kind: 'dwg' | 'dxf', size: number, officeId = '') =>
  inPdfProcessFor<CadInspection>(officeId, new URL(import.meta.url), 'inspectCad', file, kind, size);

/**
 * A drawing staged in the S3 bucket is read from first to last byte anyway: it is copied in 8 MB
 * ranges to a temporary file (never whole into memory), read there and removed.
 */
async function withLocalCopy<T>(location: ByteLocation, size: number, read: (filePath: string) => Promise<T> | T) {
  const copy = path.join(os.tmpdir(), `plankurier-drawing-${randomUUID()}`);
  const reader = await openByteReader(location, size);
  try {
    const out = await fs.promises.open(copy, 'w');
    try {
      for (let position = 0; position < size; position += COPY_CHUNK_BYTES)
        await out.write(await reader.read(position, COPY_CHUNK_BYTES));
    } finally {
      await out.close();
    }
    return await read(copy);
  } finally {
    await reader.close();
    await fs.promises.rm(copy, { force: true });
  }
}
