import zlib from 'node:zlib';
import { isCadRelease, type CadRelease } from '@plankurier/shared';
import type { Point } from './cad-facts.ts';
import type { FileBytes } from './file-bytes.ts';

/**
 * The layout a DWG's first bytes announce. Offsets follow the Open Design Alliance's "Open Design
 * Specification for .dwg files" (R13 to 2018) and LibreDWG's descriptions of the older releases.
 */
export type DwgFamily = 'r1' | 'r2' | 'r13' | 'r2004' | 'r2007';

const FAMILY: Record<CadRelease, DwgFamily> = {
  'MC0.0': 'r1',
  'AC1.2': 'r1',
  'AC1.3': 'r1',
  'AC1.40': 'r1',
  'AC1.50': 'r2',
  'AC2.10': 'r2',
  'AC2.21': 'r2',
  'AC2.22': 'r2',
  AC1001: 'r2',
  AC1002: 'r2',
  AC1003: 'r2',
  AC1004: 'r2',
  AC1006: 'r2',
  AC1009: 'r2',
  AC1012: 'r13',
  AC1013: 'r13',
  AC1014: 'r13',
  AC1015: 'r13',
  AC1018: 'r2004',
  AC1024: 'r2004',
  AC1027: 'r2004',
  AC1032: 'r2004',
  AC1021: 'r2007',
};

/** The release a DWG's first six bytes name (`AC1032`, `AC2.10`, `AC1.2` with a 0 byte), or null. */
export function dwgReleaseOf(head: Buffer): CadRelease | null {
  const magic = head.subarray(0, 6).toString('latin1').replace(/\0+$/, '');
  return isCadRelease(magic) ? magic : null;
}

export type DwgStructure =
  { ok: true; release: CadRelease; family: DwgFamily; extents: { min: Point; max: Point } | null } | { ok: false };

const BROKEN: DwgStructure = { ok: false };

/**
 * Whether the file is laid out as its release says, reading only its header and the few places
 * the header points to: a file cut short points past its end, random bytes after the magic break
 * the counts, addresses and checksums. Releases before R13 keep their extents at fixed places.
 */
export function checkDwgStructure(file: FileBytes): DwgStructure {
  const release = dwgReleaseOf(file.read(0, 6));
  if (!release) return BROKEN;
  const family = FAMILY[release];
  const ok = (extents: { min: Point; max: Point } | null = null): DwgStructure => ({
    ok: true,
    release,
    family,
    extents,
  });
  switch (family) {
    case 'r1':
      return firstReleasesIntact(file) ? ok(extentsAt(file, 0x2a, 0x42)) : BROKEN;
    case 'r2':
      return sectionedIntact(file) ? ok(extentsAt(file, 0x78, 0x90)) : BROKEN;
    case 'r13':
      return locatorsIntact(file) ? ok() : BROKEN;
    case 'r2004':
      return encryptedHeaderIntact(file) ? ok() : BROKEN;
    case 'r2007':
      // Its header is Reed-Solomon coded and compressed: LibreDWG reads it (dwg-header.ts).
      return file.size >= R2007_HEADER_END ? ok() : BROKEN;
  }
}

const R2007_HEADER_END = 0x480;

function extentsAt(file: FileBytes, minAt: number, maxAt: number): { min: Point; max: Point } | null {
  const bytes = file.read(minAt, maxAt - minAt + 16);
  if (bytes.length < maxAt - minAt + 16) return null;
  const point = (at: number): Point => ({ x: bytes.readDoubleLE(at), y: bytes.readDoubleLE(at + 8) });
  return { min: point(0), max: point(maxAt - minAt) };
}

/**
 * R1.x (1982–83): the header variables end at 0x1c8 at the earliest, and the address after the
 * last entity (0x24) and the entity count (0x28) must fit the file.
 */
function firstReleasesIntact(file: FileBytes): boolean {
  const FIRST_ENTITY = 0x1c8;
  const head = file.read(0, 0x2a);
  if (head.length < 0x2a || file.size < FIRST_ENTITY) return false;
  const entitiesEnd = head.readInt32LE(0x24);
  return entitiesEnd >= FIRST_ENTITY && entitiesEnd <= file.size && head.readInt16LE(0x28) >= 0;
}

/**
 * R2.0 to R12: three entity sections and at least five tables, whose addresses and sizes (entity
 * section at 0x14, blocks at 0x1c, the tables from 0x2c) must lie inside the file.
 */
function sectionedIntact(file: FileBytes): boolean {
  const HEADER_VARIABLES = 0x5e;
  const head = file.read(0, HEADER_VARIABLES);
  if (head.length < HEADER_VARIABLES) return false;
  const entitySections = head.readUInt16LE(0x0d);
  const tables = head.readUInt16LE(0x0f);
  if (entitySections !== 3 || tables < 5 || tables > 16) return false;
  const entitiesStart = head.readUInt32LE(0x14);
  const entitiesEnd = head.readUInt32LE(0x18);
  const blocksStart = head.readUInt32LE(0x1c);
  const blocksSize = head.readUInt32LE(0x20) & 0x3fffffff;
  if (entitiesStart < HEADER_VARIABLES || entitiesEnd < entitiesStart || entitiesEnd > file.size) return false;
  if (blocksStart + blocksSize > file.size) return false;
  for (let table = 0; table < 5; table++) {
    const at = 0x2c + table * 10;
    const itemSize = head.readUInt16LE(at);
    const items = head.readUInt16LE(at + 2);
    const begin = head.readUInt32LE(at + 6);
    if (items > 0 && begin + items * itemSize > file.size) return false;
  }
  return true;
}

/** The CRC-16 of DWG files (polynomial 0x8005, reflected), from `seed`. */
const CRC16_TABLE = Uint16Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
  return c;
});
export function dwgCrc16(seed: number, bytes: Uint8Array): number {
  let crc = seed;
  for (const b of bytes) crc = (crc >>> 8) ^ CRC16_TABLE[(crc ^ b) & 0xff]!;
  return crc & 0xffff;
}

const SENTINELS = {
  locatorsEnd: Buffer.from('95a04e2899821ae55e41e05f9d3a4d00', 'hex'),
  headerStart: Buffer.from('cf7b1f23fdde38a95f7c68b84e6d335f', 'hex'),
  headerEnd: Buffer.from('3084e0dc0221c756a0839747b192cca0', 'hex'),
  classesStart: Buffer.from('8da1c4b8c4a9f8c5c0dcf45fe7cfb68a', 'hex'),
  classesEnd: Buffer.from('725e3b473b56073a3f230ba018304975', 'hex'),
  previewStart: Buffer.from('1f256d07d43628289d57ca3f9d44102b', 'hex'),
  previewEnd: Buffer.from('e0da92f82bc9d7d762a835c062bbefd4', 'hex'),
};
/** The locator CRC is XORed with a constant that depends on how many records there are. */
const LOCATOR_CRC_XOR: Record<number, number> = { 3: 0xa598, 4: 0x8101, 5: 0x3cc4, 6: 0x8461 };
const SECTION_CRC_SEED = 0xc0c1;

/**
 * R13 to 2000: the section locator records (0x15) with their CRC and end sentinel; the header
 * variables and classes inside their sentinels with their CRCs; every page of the object map
 * with its CRC; the preview image (at 0x0d, often the file's last part) inside its sentinels.
 */
function locatorsIntact(file: FileBytes): boolean {
  const count = file.read(0x15, 4);
  if (count.length < 4) return false;
  const records = count.readUInt32LE(0);
  const xor = LOCATOR_CRC_XOR[records];
  if (xor === undefined) return false;
  const end = 0x19 + records * 9;
  const head = file.read(0, end + 2 + 16);
  if (head.length < end + 18) return false;
  if ((dwgCrc16(0, head.subarray(0, end)) ^ xor) !== head.readUInt16LE(end)) return false;
  if (!head.subarray(end + 2).equals(SENTINELS.locatorsEnd)) return false;
  if (!previewIntact(file, head.readUInt32LE(0x0d))) return false;
  for (let i = 0; i < records; i++) {
    const at = 0x19 + i * 9;
    const number = head[at]!;
    const address = head.readUInt32LE(at + 1);
    const size = head.readUInt32LE(at + 5);
    if (size === 0) continue;
    if (address + size > file.size) return false;
    if (number === 0 && !sentinelledIntact(file, address, size, SENTINELS.headerStart, SENTINELS.headerEnd))
      return false;
    if (number === 1 && !sentinelledIntact(file, address, size, SENTINELS.classesStart, SENTINELS.classesEnd))
      return false;
    if (number === 2 && !objectMapIntact(file, address, size)) return false;
  }
  return true;
}

/** Start sentinel, size, data, CRC (seeded 0xC0C1 over size and data), end sentinel. */
function sentinelledIntact(file: FileBytes, address: number, size: number, start: Buffer, end: Buffer): boolean {
  const section = file.read(address, size);
  if (section.length < 38 || !section.subarray(0, 16).equals(start)) return false;
  const length = section.readUInt32LE(16);
  if (38 + length > size) return false;
  const crc = section.readUInt16LE(20 + length);
  if (dwgCrc16(SECTION_CRC_SEED, section.subarray(16, 20 + length)) !== crc) return false;
  return section.subarray(22 + length, 38 + length).equals(end);
}

/** Start sentinel, the size of what follows, end sentinel; no preview at all (address 0) is fine. */
function previewIntact(file: FileBytes, address: number): boolean {
  if (address === 0) return true;
  const head = file.read(address, 20);
  if (head.length < 20 || !head.subarray(0, 16).equals(SENTINELS.previewStart)) return false;
  return file.read(address + 20 + head.readUInt32LE(16), 16).equals(SENTINELS.previewEnd);
}

/** Pages of at most 2040 bytes, each with a big-endian size and CRC; an empty page (size 2) ends it. */
function objectMapIntact(file: FileBytes, address: number, size: number): boolean {
  const map = file.read(address, size);
  let at = 0;
  for (;;) {
    if (at + 2 > map.length) return false;
    const pageSize = map.readUInt16BE(at);
    if (pageSize < 2 || at + pageSize + 2 > map.length) return false;
    const crc = map.readUInt16BE(at + pageSize);
    if (dwgCrc16(SECTION_CRC_SEED, map.subarray(at, at + pageSize)) !== crc) return false;
    at += pageSize + 2;
    if (pageSize === 2) return true;
  }
}

const R2004_HEADER_AT = 0x80;
const R2004_HEADER_LENGTH = 0x6c;
const R2004_FILE_ID = Buffer.from('AcFssFcAJMB\0', 'latin1');
const SYSTEM_PAGE_MAP = 0x41630e3b;

/**
 * 2004 and later (but 2007): the header at 0x80 is XORed with a fixed pseudo-random sequence;
 * decrypted it starts with "AcFssFcAJMB", its CRC-32 covers it with the CRC field zeroed, the page
 * map it points to must start with its page type inside the file, and its copy closes the file.
 */
function encryptedHeaderIntact(file: FileBytes): boolean {
  const encrypted = file.read(R2004_HEADER_AT, R2004_HEADER_LENGTH);
  if (encrypted.length < R2004_HEADER_LENGTH) return false;
  const header = Buffer.alloc(R2004_HEADER_LENGTH);
  let seed = 1;
  for (let i = 0; i < R2004_HEADER_LENGTH; i++) {
    seed = (Math.imul(seed, 0x343fd) + 0x269ec3) >>> 0;
    header[i] = encrypted[i]! ^ ((seed >>> 16) & 0xff);
  }
  if (!header.subarray(0, 12).equals(R2004_FILE_ID)) return false;
  const crc = header.readUInt32LE(0x68);
  header.writeUInt32LE(0, 0x68);
  if (zlib.crc32(header) !== crc) return false;

  const pageMap = Number(header.readBigUInt64LE(0x54)) + 0x100;
  const pageHeader = file.read(pageMap, 20);
  if (pageHeader.length < 20 || pageHeader.readUInt32LE(0) !== SYSTEM_PAGE_MAP) return false;
  if (pageMap + 20 + pageHeader.readUInt32LE(8) > file.size) return false;

  const copyAt = Number(header.readBigUInt64LE(0x34));
  return file.read(copyAt, R2004_HEADER_LENGTH).equals(encrypted);
}
