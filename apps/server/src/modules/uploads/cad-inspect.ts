import type { MsgCode } from '@plankurier/shared';
import type { CadFacts, CadReading } from '../../cad/cad-facts.ts';
import { readDwg } from '../../cad/dwg-reader.ts';
import { readDxf } from '../../cad/dxf-reader.ts';
import { inPdfThread } from '../../pdf/pdf-thread.ts';

export type CadRefusal = Extract<MsgCode, 'upload.dwg_damaged' | 'upload.dxf_damaged'>;
export type CadInspection = { ok: true; facts: CadFacts } | { ok: false; refusal: CadRefusal };

const REFUSAL: Record<'dwg' | 'dxf', CadRefusal> = { dwg: 'upload.dwg_damaged', dxf: 'upload.dxf_damaged' };

/**
 * A DWG or DXF is kept only when it can be read to its end, as a damaged PDF is refused
 * (pdf-inspect.ts); what it names of itself (release, units, extents) is kept with it.
 */
export async function inspectCad(filePath: string, kind: 'dwg' | 'dxf'): Promise<CadInspection> {
  const reading: CadReading = kind === 'dwg' ? await readDwg(filePath) : readDxf(filePath);
  return reading.ok ? reading : { ok: false, refusal: REFUSAL[kind] };
}

/** inspectCad in the PDF thread: reading a large drawing never holds up the server. */
export const inspectCadInThread = (filePath: string, kind: 'dwg' | 'dxf') =>
  inPdfThread<CadInspection>(new URL(import.meta.url), 'inspectCad', filePath, kind);
