import { cadFacts, type CadReading } from './cad-facts.ts';
import { LIBREDWG_LIMIT_BYTES, readDwgHeader } from './dwg-header.ts';
import { checkDwgStructure } from './dwg-structure.ts';
import { FileBytes } from './file-bytes.ts';

/** `$INSUNITS` came with AutoCAD 2000; older files have no units. */
const FIRST_WITH_UNITS = 'AC1015';

/**
 * Reads a DWG as far as it must be readable: its header structure always (dwg-structure.ts), and
 * from R13 on the whole drawing with LibreDWG, which also names units and extents. Releases before
 * R13 keep their extents in the header. A drawing larger than LibreDWG's limit is taken on its
 * structure alone, with its release but without units and extents.
 */
export async function readDwg(filePath: string): Promise<CadReading> {
  const file = new FileBytes(filePath);
  let structure: ReturnType<typeof checkDwgStructure>;
  let size: number;
  try {
    structure = checkDwgStructure(file);
    size = file.size;
  } finally {
    file.close();
  }
  if (!structure.ok) return { ok: false };
  const { release, family, extents } = structure;
  if (family === 'r1' || family === 'r2')
    return {
      ok: true,
      facts: cadFacts({ release, units: null, min: extents?.min ?? null, max: extents?.max ?? null }),
    };
  if (size > LIBREDWG_LIMIT_BYTES) return { ok: true, facts: cadFacts({ release, units: null, min: null, max: null }) };
  const header = await readDwgHeader(filePath).catch(() => null);
  if (!header || header.critical) return { ok: false };
  const units = release >= FIRST_WITH_UNITS ? header.units : null;
  return { ok: true, facts: cadFacts({ release, units, min: header.min, max: header.max }) };
}
