import { cadFacts, type CadReading, type Point } from './cad-facts.ts';
import { FileBytes } from './file-bytes.ts';

/** The first bytes of a binary DXF (AutoCAD's DXFOUT with the binary option, saved as .dxf or .dxfb). */
export const BINARY_DXF_SENTINEL = Buffer.from('AutoCAD Binary DXF\r\n\u001a\u0000', 'latin1');

/** DXF strings are at most 2049 characters; a much longer "line" means the file is something else. */
const MAX_VALUE_LENGTH = 64 * 1024;

/** Value types of group codes (DXF reference, "Group Code Value Types"). */
const enum Type {
  Invalid,
  Text,
  Double,
  Int16,
  Int32,
  Int64,
  Bool,
  Binary,
}
const LOWEST_CODE = -5;
const HIGHEST_CODE = 1071;
/** By group code: everything the reference defines is text unless listed; other codes do not exist. */
const TYPES = (() => {
  const types = new Uint8Array(HIGHEST_CODE - LOWEST_CODE + 1);
  const set = (type: Type, from: number, to: number) => types.fill(type, from - LOWEST_CODE, to - LOWEST_CODE + 1);
  for (const [from, to] of [
    [-5, 79],
    [90, 102],
    [105, 105],
    [110, 149],
    [160, 179],
    [210, 239],
    [270, 481],
    [999, 1071],
  ])
    set(Type.Text, from!, to!);
  for (const [from, to] of [
    [10, 59],
    [110, 149],
    [210, 239],
    [460, 469],
    [1010, 1059],
  ])
    set(Type.Double, from!, to!);
  for (const [from, to] of [
    [60, 79],
    [170, 179],
    [270, 289],
    [370, 389],
    [400, 409],
    [1060, 1070],
  ])
    set(Type.Int16, from!, to!);
  for (const [from, to] of [
    [90, 99],
    [420, 459],
    [1071, 1071],
  ])
    set(Type.Int32, from!, to!);
  set(Type.Int64, 160, 169);
  set(Type.Bool, 290, 299);
  set(Type.Binary, 310, 319);
  set(Type.Binary, 1004, 1004);
  return types;
})();
/** The type of a group code; Invalid for codes the reference does not define (a file read out of step). */
const typeOf = (code: number): Type =>
  code < LOWEST_CODE || code > HIGHEST_CODE ? Type.Invalid : (TYPES[code - LOWEST_CODE] as Type);

interface Tag {
  code: number;
  value: string | number;
}

/** Thrown inside the readers: the file breaks the DXF grammar (cut, garbage, not a DXF). */
class Malformed extends Error {}

/** Group code and value lines of an ASCII DXF; numeric values must be numbers. */
function* asciiTags(file: FileBytes): Generator<Tag> {
  for (;;) {
    const codeLine = file.line(MAX_VALUE_LENGTH);
    if (codeLine === null) return;
    const trimmed = codeLine.trim();
    if (trimmed === '' && file.atEnd) return;
    if (!/^-?\d{1,4}$/.test(trimmed)) throw new Malformed();
    const code = Number(trimmed);
    const type = typeOf(code);
    if (type === Type.Invalid) throw new Malformed();
    const value = file.line(MAX_VALUE_LENGTH);
    if (value === null) throw new Malformed();
    if (type !== Type.Text && type !== Type.Binary) {
      const number = Number(value.trim());
      if (value.trim() === '' || !Number.isFinite(number)) throw new Malformed();
      yield { code, value: number };
    } else {
      yield { code, value: value.trim() };
    }
  }
}

/**
 * Tags of a binary DXF: group codes of two bytes (R13 and later) or one byte with 255 announcing
 * a two-byte code (R12), values typed by their group code.
 */
function* binaryTags(file: FileBytes): Generator<Tag> {
  file.position = BINARY_DXF_SENTINEL.length;
  // The first tag is (0, SECTION): with two-byte group codes its second byte is 0 as well.
  const twoByteCodes = file.read(file.position + 1, 1)[0] === 0;
  const fixed = (length: number) => {
    const bytes = file.take(length);
    if (bytes.length < length) throw new Malformed();
    return bytes;
  };
  while (!file.atEnd) {
    let code: number;
    if (twoByteCodes) code = fixed(2).readInt16LE(0);
    else {
      code = fixed(1)[0]!;
      if (code === 255) code = fixed(2).readInt16LE(0);
    }
    let value: string | number;
    switch (typeOf(code)) {
      case Type.Invalid:
        throw new Malformed();
      case Type.Binary:
        value = fixed(fixed(1)[0]!).length;
        break;
      case Type.Double:
        value = fixed(8).readDoubleLE(0);
        break;
      case Type.Int16:
        value = fixed(2).readInt16LE(0);
        break;
      case Type.Int32:
        value = fixed(4).readInt32LE(0);
        break;
      case Type.Int64:
        value = Number(fixed(8).readBigInt64LE(0));
        break;
      case Type.Bool:
        value = fixed(1)[0]!;
        break;
      case Type.Text: {
        const text = file.cString(MAX_VALUE_LENGTH);
        if (text === null) throw new Malformed();
        value = text;
      }
    }
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Malformed();
    yield { code, value };
  }
}

/** What the HEADER section names: release, units and extents. */
class HeaderVariables {
  release: string | null = null;
  units: number | null = null;
  min: Partial<Point> = {};
  max: Partial<Point> = {};
  private current = '';

  take(tag: Tag): void {
    if (tag.code === 9) {
      this.current = String(tag.value);
      return;
    }
    const number = typeof tag.value === 'number' ? tag.value : null;
    if (this.current === '$ACADVER' && tag.code === 1) this.release = String(tag.value);
    else if (this.current === '$INSUNITS' && tag.code === 70) this.units = number;
    else if (this.current === '$EXTMIN' || this.current === '$EXTMAX') {
      const point = this.current === '$EXTMIN' ? this.min : this.max;
      if (tag.code === 10 && number !== null) point.x = number;
      if (tag.code === 20 && number !== null) point.y = number;
    }
  }

  static point(p: Partial<Point>): Point | null {
    return p.x !== undefined && p.y !== undefined ? { x: p.x, y: p.y } : null;
  }
}

/**
 * Reads a DXF (ASCII or binary) from start to end without holding it: every group code must be
 * one, sections must open and close in order, and the final EOF must be there (a file cut short
 * lacks it), after an ENTITIES section or, in a block library, a BLOCKS section. Gives the release,
 * units and extents of the HEADER section; a DXF without one (only ENTITIES, which every reader
 * accepts) has none of them.
 */
export function readDxf(filePath: string): CadReading {
  const file = new FileBytes(filePath);
  try {
    const binary = file.read(0, BINARY_DXF_SENTINEL.length).equals(BINARY_DXF_SENTINEL);
    const tags = binary ? binaryTags(file) : asciiTags(file);
    const header = new HeaderVariables();
    let section: string | null = null;
    let expectSectionName = false;
    let sawGeometry = false;
    for (const tag of tags) {
      if (tag.code === 999) continue;
      if (expectSectionName) {
        if (tag.code !== 2) return { ok: false };
        section = String(tag.value).toUpperCase();
        if (section === 'ENTITIES' || section === 'BLOCKS') sawGeometry = true;
        expectSectionName = false;
        continue;
      }
      if (tag.code === 0) {
        const marker = String(tag.value).toUpperCase();
        if (marker === 'SECTION') {
          if (section !== null) return { ok: false };
          expectSectionName = true;
          continue;
        }
        if (marker === 'ENDSEC') {
          if (section === null) return { ok: false };
          section = null;
          continue;
        }
        if (marker === 'EOF') {
          if (section !== null || !sawGeometry) return { ok: false };
          return {
            ok: true,
            facts: cadFacts({
              release: header.release,
              units: header.units,
              min: HeaderVariables.point(header.min),
              max: HeaderVariables.point(header.max),
            }),
          };
        }
        if (section === null) return { ok: false };
      } else if (section === null) return { ok: false };
      if (section === 'HEADER') header.take(tag);
    }
    return { ok: false }; // the file ended before EOF
  } catch (err) {
    if (err instanceof Malformed) return { ok: false };
    throw err;
  } finally {
    file.close();
  }
}

/**
 * A binary DXF as ASCII DXF text, for readers that know only ASCII (the drawing preview). Binary
 * chunks (group codes 310–319, 1004: thumbnails and proxy data) are left out: nothing draws them.
 */
export function binaryDxfAsText(filePath: string): string {
  const file = new FileBytes(filePath);
  try {
    const lines: string[] = [];
    for (const tag of binaryTags(file)) {
      if (typeOf(tag.code) === Type.Binary) continue;
      lines.push(String(tag.code), String(tag.value));
    }
    return lines.join('\n') + '\n';
  } finally {
    file.close();
  }
}
