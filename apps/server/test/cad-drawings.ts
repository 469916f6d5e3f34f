import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fixture } from './upload-fixtures.ts';

/** DXF drawings written by ezdxf, one per release (src/cad/fixtures/make-dxf-fixtures.py). */
export const CAD_FIXTURES = path.resolve(import.meta.dirname, '../src/cad/fixtures');
export const cadFixture = (name: string) => fs.readFileSync(path.join(CAD_FIXTURES, name));
/** A drawing of DRAWINGS: this repository's DXFs, else shared/fixtures (the DWGs, arc1.dxf, blocks.dxf). */
export const drawingBytes = (name: string) =>
  fs.existsSync(path.join(CAD_FIXTURES, name)) ? cadFixture(name) : fixture(name);

/** What each drawing of this repository and of shared/fixtures names of itself. */
export const DRAWINGS = [
  { name: 'r14-v.dwg', release: 'AC1014', units: null, width: 37.409, height: 104.239 },
  { name: 'sample_2000.dwg', release: 'AC1015', units: 4, width: 270.03, height: 280.024 },
  { name: 'sample_2018.dwg', release: 'AC1032', units: 4, width: 270, height: 280 },
  { name: 'r12.dxf', release: 'AC1009', units: null, width: 420, height: 297 },
  { name: 'r2000-mm.dxf', release: 'AC1015', units: 4, width: 841, height: 594 },
  { name: 'r2004-cm.dxf', release: 'AC1018', units: 5, width: 84.1, height: 59.4 },
  { name: 'r2007-m.dxf', release: 'AC1021', units: 6, width: 42.5, height: 29.7 },
  { name: 'r2010-in.dxf', release: 'AC1024', units: 1, width: 36, height: 24 },
  { name: 'r2013-ft.dxf', release: 'AC1027', units: 2, width: 120, height: 80 },
  { name: 'r2018-unitless.dxf', release: 'AC1032', units: 0, width: 20, height: 40 },
  { name: 'r12-binary.dxfb', release: 'AC1009', units: null, width: 297, height: 210 },
  { name: 'r2018-binary-mm.dxf', release: 'AC1032', units: 4, width: 1189, height: 841 },
  { name: 'arc1.dxf', release: null, units: null, width: null, height: null },
  { name: 'blocks.dxf', release: null, units: null, width: null, height: null },
] as const;

/** `length` bytes that look random but are the same on every run. */
export function pseudoRandomBytes(length: number, seed = 'plankurier'): Buffer {
  const blocks: Buffer[] = [];
  let block = createHash('sha256').update(seed).digest();
  for (let total = 0; total < length; total += block.length) {
    blocks.push(block);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/** A release's magic followed by noise: what a renamed or broken file looks like to a sniffer. */
export const magicThenNoise = (magic: string, length = 30_000) =>
  Buffer.concat([Buffer.from(magic, 'latin1'), pseudoRandomBytes(length)]);

interface Extents {
  min: [number, number];
  max: [number, number];
}

/**
 * A drawing of R2.0 to R12 as LibreDWG's file descriptions lay it out: the section header (three
 * entity sections, five tables, their addresses), the header variables from 0x5e with $EXTMIN at
 * 0x78 and $EXTMAX at 0x90, one LINE entity, empty tables.
 */
export function sectionedDwg(magic: 'AC2.10' | 'AC1009', extents: Extents): Buffer {
  const entitiesStart = 0x400;
  const line = Buffer.alloc(1 + 7 + 32);
  line[0] = 1; // LINE
  line.writeInt16LE(line.length, 2);
  [extents.min[0], extents.min[1], extents.max[0], extents.max[1]].forEach((v, i) => line.writeDoubleLE(v, 8 + i * 8));
  const file = Buffer.alloc(entitiesStart + line.length);
  file.write(magic, 0, 'latin1');
  file[0x0c] = 3;
  file.writeUInt16LE(3, 0x0d); // entity sections
  file.writeUInt16LE(5, 0x0f); // tables
  file.writeUInt16LE(magic === 'AC2.10' ? 83 : 205, 0x11); // header variables
  const entitiesEnd = entitiesStart + line.length;
  file.writeUInt32LE(entitiesStart, 0x14);
  file.writeUInt32LE(entitiesEnd, 0x18);
  file.writeUInt32LE(entitiesEnd, 0x1c); // blocks start, none
  file.writeUInt32LE(entitiesEnd, 0x24);
  for (let table = 0; table < 5; table++) {
    file.writeUInt16LE(32, 0x2c + table * 10);
    file.writeUInt32LE(entitiesEnd, 0x2c + table * 10 + 6);
  }
  file.writeUInt16LE(1, 0x76); // entities
  file.writeDoubleLE(extents.min[0], 0x78);
  file.writeDoubleLE(extents.min[1], 0x80);
  file.writeDoubleLE(extents.max[0], 0x90);
  file.writeDoubleLE(extents.max[1], 0x98);
  line.copy(file, entitiesStart);
  return file;
}

/** A drawing of AutoCAD R1.4 (1983): header variables from 0x0c, the end of the entities at 0x24, one LINE. */
export function firstReleaseDwg(extents: Extents): Buffer {
  const entitiesStart = 0x202;
  const file = Buffer.alloc(entitiesStart + 2 + 2 + 32);
  file.write('AC1.40', 0, 'latin1');
  file.writeInt32LE(file.length, 0x24);
  file.writeInt16LE(1, 0x28);
  file.writeDoubleLE(extents.min[0], 0x2a);
  file.writeDoubleLE(extents.min[1], 0x32);
  file.writeDoubleLE(extents.max[0], 0x42);
  file.writeDoubleLE(extents.max[1], 0x4a);
  file.writeInt16LE(1, entitiesStart); // LINE
  [extents.min[0], extents.min[1], extents.max[0], extents.max[1]].forEach((v, i) =>
    file.writeDoubleLE(v, entitiesStart + 4 + i * 8),
  );
  return file;
}
