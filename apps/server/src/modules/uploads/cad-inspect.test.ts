import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  DRAWINGS,
  cadFixture,
  drawingBytes,
  firstReleaseDwg,
  magicThenNoise,
  pseudoRandomBytes,
  sectionedDwg,
} from '../../../test/cad-drawings.ts';
import { fixture } from '../../../test/upload-fixtures.ts';
import { inspectCad, inspectCadInChild } from './cad-inspect.ts';
import { closePdfProcess } from '../../pdf/pdf-process.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cad-inspect-'));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await closePdfProcess();
});

let written = 0;
function inspectBytes(bytes: Buffer, kind: 'dwg' | 'dxf') {
  const file = path.join(dir, `drawing-${++written}.${kind}`);
  fs.writeFileSync(file, bytes);
  return inspectCad(file, kind);
}
const kindOf = (name: string) => (name.endsWith('.dwg') ? 'dwg' : 'dxf');
const cut = (bytes: Buffer, length: number) => bytes.subarray(0, length);
const damaged = (kind: 'dwg' | 'dxf') => ({ ok: false, refusal: `upload.${kind}_damaged` });

describe('a drawing of any release is read with its release, units and extents', () => {
  test.each(DRAWINGS.map((d) => [d.name, d] as const))('%s', async (name, expected) => {
    const inspection = await inspectBytes(drawingBytes(name), kindOf(name));
    expect(inspection.ok).toBe(true);
    if (!inspection.ok) return;
    const { release, units, width, height } = inspection.facts;
    expect({ release, units }).toEqual({ release: expected.release, units: expected.units });
    if (expected.width === null) expect([width, height]).toEqual([null, null]);
    else {
      expect(width).toBeCloseTo(expected.width, 2);
      expect(height).toBeCloseTo(expected.height, 2);
    }
  });

  test('R2.10, R12 and R1.4 drawings keep their extents in the header', async () => {
    const extents = { min: [-5, 10], max: [835, 604] } as { min: [number, number]; max: [number, number] };
    for (const [bytes, release] of [
      [sectionedDwg('AC2.10', extents), 'AC2.10'],
      [sectionedDwg('AC1009', extents), 'AC1009'],
      [firstReleaseDwg(extents), 'AC1.40'],
    ] as const) {
      expect(await inspectBytes(bytes, 'dwg'), release).toEqual({
        ok: true,
        facts: { release, units: null, width: 840, height: 594 },
      });
    }
  });

  test('a drawing without extents (an empty one says ±1e20) has none', async () => {
    const empty = sectionedDwg('AC1009', { min: [1e20, 1e20], max: [-1e20, -1e20] });
    expect(await inspectBytes(empty, 'dwg')).toEqual({
      ok: true,
      facts: { release: 'AC1009', units: null, width: null, height: null },
    });
  });

  test('in the PDF process, as the upload reads it', async () => {
    const file = path.join(dir, 'thread.dwg');
    fs.writeFileSync(file, fixture('sample_2018.dwg'));
    expect(await inspectCadInChild({ path: file }, 'dwg', fs.statSync(file).size)).toMatchObject({
      ok: true,
      facts: { release: 'AC1032', units: 4 },
    });
    fs.writeFileSync(file, cut(fixture('sample_2018.dwg'), 4096));
    expect(await inspectCadInChild({ path: file }, 'dwg', 4096)).toEqual(damaged('dwg'));
  });
});

describe('a DWG that cannot be read is damaged', () => {
  test.each(['r14-v.dwg', 'sample_2000.dwg', 'sample_2018.dwg'])(
    '%s cut to 4 KiB, to half, or one byte short',
    async (name) => {
      const whole = fixture(name);
      for (const length of [4096, Math.floor(whole.length / 2), whole.length - 1])
        expect(await inspectBytes(cut(whole, length), 'dwg'), `${length} bytes`).toEqual(damaged('dwg'));
    },
  );

  test.each([
    'AC1032',
    'AC1027',
    'AC1024',
    'AC1021',
    'AC1018',
    'AC1015',
    'AC1014',
    'AC1012',
    'AC1009',
    'AC1006',
    'AC2.10',
    'AC1.50',
    'AC1.40',
    'AC1.2\u0000',
  ])('the magic %s followed by random bytes', async (magic) => {
    expect(await inspectBytes(magicThenNoise(magic), 'dwg')).toEqual(damaged('dwg'));
  });

  test('one changed byte in the header variables of a 2000 drawing breaks their CRC', async () => {
    const bytes = Buffer.from(fixture('sample_2000.dwg'));
    bytes.writeUInt8(bytes.readUInt8(17259 + 120) ^ 0x01, 17259 + 120);
    expect(await inspectBytes(bytes, 'dwg')).toEqual(damaged('dwg'));
  });

  test('one changed byte in the encrypted header of a 2018 drawing breaks its CRC', async () => {
    const bytes = Buffer.from(fixture('sample_2018.dwg'));
    bytes.writeUInt8(bytes.readUInt8(0x80 + 0x30) ^ 0x01, 0x80 + 0x30);
    expect(await inspectBytes(bytes, 'dwg')).toEqual(damaged('dwg'));
  });

  test('R2.10 and R1.4 drawings cut before the end of their entities', async () => {
    const extents = { min: [0, 0], max: [10, 10] } as { min: [number, number]; max: [number, number] };
    for (const bytes of [sectionedDwg('AC2.10', extents), firstReleaseDwg(extents)])
      expect(await inspectBytes(cut(bytes, bytes.length - 8), 'dwg')).toEqual(damaged('dwg'));
  });
});

describe('a DXF that cannot be read to its end is damaged', () => {
  test.each(['r2000-mm.dxf', 'r12.dxf', 'r2018-binary-mm.dxf', 'r12-binary.dxfb'])(
    '%s cut at half or before EOF',
    async (name) => {
      const whole = cadFixture(name);
      const binary = name.includes('binary');
      const beforeEof = whole.lastIndexOf(binary ? 'EOF' : '\nEOF') - (binary ? 2 : 0);
      for (const length of [Math.floor(whole.length / 2), beforeEof])
        expect(await inspectBytes(cut(whole, length), 'dxf'), `${length} bytes`).toEqual(damaged('dxf'));
    },
  );

  test('random bytes in the middle of an ASCII and a binary DXF', async () => {
    for (const name of ['r2000-mm.dxf', 'r2018-binary-mm.dxf']) {
      const whole = cadFixture(name);
      const middle = Math.floor(whole.length / 2);
      const spoiled = Buffer.concat([whole.subarray(0, middle), pseudoRandomBytes(512), whole.subarray(middle)]);
      expect(await inspectBytes(spoiled, 'dxf'), name).toEqual(damaged('dxf'));
    }
  });

  test('a section that never ends, a DXF without drawing, a text that only starts like one', async () => {
    const dxf = (...lines: string[]) => Buffer.from(lines.join('\n') + '\n');
    expect(await inspectBytes(dxf('0', 'SECTION', '2', 'ENTITIES', '0', 'LINE', '0', 'EOF'), 'dxf')).toEqual(
      damaged('dxf'),
    );
    expect(await inspectBytes(dxf('0', 'SECTION', '2', 'HEADER', '0', 'ENDSEC', '0', 'EOF'), 'dxf')).toEqual(
      damaged('dxf'),
    );
    expect(await inspectBytes(dxf('0', 'SECTION', '2', 'ENTITIES', 'no group code here', 'x'), 'dxf')).toEqual(
      damaged('dxf'),
    );
    expect(
      await inspectBytes(dxf('0', 'SECTION', '2', 'ENTITIES', '10', 'not a number', '0', 'ENDSEC', '0', 'EOF'), 'dxf'),
    ).toEqual(damaged('dxf'));
    expect(
      await inspectBytes(dxf('999', 'made by hand', '0', 'SECTION', '2', 'ENTITIES', '0', 'ENDSEC', '0', 'EOF'), 'dxf'),
    ).toEqual({ ok: true, facts: { release: null, units: null, width: null, height: null } });
  });
});
