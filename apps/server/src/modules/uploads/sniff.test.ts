import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { sniffKind } from './sniff.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures');
const head = (name: string) => fs.readFileSync(path.join(FIXTURES, name)).subarray(0, 4096);

describe('sniffKind judges a file by its content', () => {
  test.each([
    ['tracemonkey.pdf', 'pdf'],
    ['empty_protected.pdf', 'pdf'],
    ['poppler-742-0-fuzzed.pdf', 'pdf'],
    ['sample_2000.dwg', 'dwg'],
    ['sample_2018.dwg', 'dwg'],
    ['r14-v.dwg', 'dwg'],
    ['arc1.dxf', 'dxf'],
    ['polylines.dxf', 'dxf'],
    ['blocks.dxf', 'dxf'],
  ])('%s is %s', (name, kind) => {
    expect(sniffKind(head(name))).toBe(kind);
  });

  test('a DXF with a leading comment and CRLF line ends', () => {
    expect(sniffKind(Buffer.from('999\r\nexported by CAD\r\n  0\r\nSECTION\r\n  2\r\nHEADER\r\n'))).toBe('dxf');
  });

  test('a binary DXF', () => {
    expect(sniffKind(Buffer.from('AutoCAD Binary DXF\r\n\u001a\u0000rest', 'latin1'))).toBe('dxf');
  });

  test('every AutoCAD release from R1.2 to 2018 is a DWG, R2.10 included; unknown magic is not', () => {
    for (const magic of ['AC1.2\u0000', 'AC1.40', 'AC1.50', 'AC2.10', 'AC1001', 'AC1009', 'AC1015', 'AC1021', 'AC1032'])
      expect(sniffKind(Buffer.from(`${magic}\u0000\u0000`, 'latin1')), magic).toBe('dwg');
    for (const magic of ['AC1099', 'AC1.99', 'AC9.10', 'AC1033'])
      expect(sniffKind(Buffer.from(`${magic}\u0000\u0000`, 'latin1')), magic).toBeNull();
  });

  test('an ELF binary, a Windows executable, random bytes and text are nothing we accept', () => {
    expect(sniffKind(Buffer.from('\u007fELF\u0002\u0001\u0001\u0000', 'latin1'))).toBeNull();
    expect(sniffKind(Buffer.from('MZ\u0090\u0000\u0003\u0000', 'latin1'))).toBeNull();
    expect(sniffKind(Buffer.from([0x12, 0x88, 0xff, 0x00, 0x41, 0x43]))).toBeNull();
    expect(sniffKind(Buffer.from('hello\nSECTION\n'))).toBeNull();
    expect(sniffKind(Buffer.alloc(0))).toBeNull();
  });
});
