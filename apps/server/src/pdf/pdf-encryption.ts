import fsp from 'node:fs/promises';
import { PdfLexer, nameIn, numberIn, type PdfValue } from './pdf-lexer.ts';

/** How much of the file's start and end is searched for the trailer and the encryption dictionary. */
const EDGE_BYTES = 1024 * 1024;
const SCAN_CHUNK_BYTES = 4 * 1024 * 1024;

/** The entries of a PDF's /Encrypt dictionary that decide what is protected (ISO 32000 §7.6). */
export interface PdfEncryption {
  /** Security handler: 'Standard' (passwords) or another one (certificates, plug-ins). */
  filter: string | null;
  v: number;
  /** Permission bits; null when absent. */
  p: number | null;
  /** Crypt filters for streams, strings and embedded files (V 4 and 5; 'Identity' = not encrypted). */
  stmF: string;
  strF: string;
  eff: string | null;
  /**
   * When the embedded files' crypt filter asks for its password (/AuthEvent, §7.6.6): 'EFOpen' when
   * an attachment is opened, 'DocOpen' (the default) when the document is — viewers then ask for it
   * on opening, whatever else is in the clear.
   */
  effAuthEvent: 'EFOpen' | 'DocOpen';
}

/**
 * Reads the /Encrypt dictionary the last trailer (or cross-reference stream) names, straight from
 * the file's bytes: it is never inside an object stream nor encrypted itself (§7.5.7, §7.6.1).
 * Null when the file declares no encryption.
 */
export async function readPdfEncryption(filePath: string, size: number): Promise<PdfEncryption | null> {
  const handle = await fsp.open(filePath, 'r');
  try {
    return await pdfEncryptionIn({ size, read: (position, length) => readAt(handle, position, length) });
  } finally {
    await handle.close();
  }
}

/** The same for a PDF in memory. */
export const pdfEncryptionOf = (bytes: Uint8Array): Promise<PdfEncryption | null> => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return pdfEncryptionIn({
    size: buffer.length,
    read: (position, length) => Promise.resolve(buffer.subarray(position, position + length)),
  });
};

interface ByteSource {
  size: number;
  read: (position: number, length: number) => Promise<Buffer>;
}

/** The same for any random access to a PDF's bytes (a file, an object in the bucket). */
export async function pdfEncryptionIn(source: ByteSource): Promise<PdfEncryption | null> {
  const { size } = source;
  const tailStart = Math.max(0, size - EDGE_BYTES);
  const tail = await source.read(tailStart, size - tailStart);
  const head = tailStart > 0 ? await source.read(0, Math.min(EDGE_BYTES, size)) : tail;
  // The last trailer is at the end; a linearized file repeats it in its first-page trailer at the start.
  const entry = lastEncryptEntry(tail) ?? lastEncryptEntry(head);
  if (!entry) return null;
  const dict = entry.inline ?? (await findObjectDict(source, entry.ref, tail, tailStart, head));
  return dict ? encryptionOf(dict) : null;
}

/**
 * What protection matters to an office (the file is flagged "Die Datei ist verschlüsselt"):
 * opening needs a password, or printing is not allowed (P bit 3). A file whose streams and strings
 * are in the clear and whose attachments ask for their password only when one is opened opens and
 * prints like any other and is not flagged. One whose attachments' password is asked on opening
 * the document is what viewers treat it as: needing a password to open.
 */
export function protectionOf(
  encryption: PdfEncryption | null,
  passwordNeeded: boolean,
): 'password' | 'no_print' | null {
  if (encryption && contentInClear(encryption)) return null;
  if (passwordNeeded) return 'password';
  if (encryption?.p != null && (encryption.p & 4) === 0) return 'no_print';
  return null;
}

/** Streams and strings are in the clear (V 4/5 with Identity filters): only embedded files may be encrypted. */
const streamsInClear = (e: PdfEncryption) =>
  e.filter === 'Standard' && e.v >= 4 && e.stmF === 'Identity' && e.strF === 'Identity';

/** Only embedded files are encrypted, and their password is asked when one of them is opened. */
export const contentInClear = (e: PdfEncryption) => streamsInClear(e) && e.effAuthEvent === 'EFOpen';

/**
 * Streams in the clear, yet the password asked on opening the document: PDFium draws such a file
 * without asking while every viewer (pdf.js, Acrobat) asks; it is drawn only as those see it.
 */
export const askedOnOpenThoughInClear = (e: PdfEncryption) => streamsInClear(e) && e.effAuthEvent === 'DocOpen';

function encryptionOf(dict: Map<string, PdfValue>): PdfEncryption {
  return {
    filter: nameIn(dict, 'Filter'),
    v: numberIn(dict, 'V') ?? 0,
    p: numberIn(dict, 'P'),
    // Absent /StmF and /StrF mean Identity (§7.6.5, Table 20).
    stmF: nameIn(dict, 'StmF') ?? 'Identity',
    strF: nameIn(dict, 'StrF') ?? 'Identity',
    eff: nameIn(dict, 'EFF'),
    effAuthEvent: authEventOf(dict, nameIn(dict, 'EFF') ?? nameIn(dict, 'StmF')),
  };
}

function authEventOf(dict: Map<string, PdfValue>, filterName: string | null): 'EFOpen' | 'DocOpen' {
  const filters = dict.get('CF');
  const filter = filterName && filters instanceof Map ? filters.get(filterName) : undefined;
  return filter instanceof Map && nameIn(filter, 'AuthEvent') === 'EFOpen' ? 'EFOpen' : 'DocOpen';
}

type EncryptEntry = { inline: Map<string, PdfValue>; ref?: never } | { inline?: never; ref: [number, number] };

/** The last `/Encrypt` entry in a stretch of the file: a reference or an inline dictionary. */
function lastEncryptEntry(bytes: Buffer): EncryptEntry | null {
  const text = bytes.toString('latin1');
  // Not /EncryptMetadata: the key ends at a delimiter or whitespace.
  const matches = [...text.matchAll(/\/Encrypt(?=[\s<[/(\d])/g)];
  for (const match of matches.reverse()) {
    const value = new PdfLexer(bytes, match.index + '/Encrypt'.length).readObject();
    if (value instanceof Map) return { inline: value };
    if (value && typeof value === 'object' && 'ref' in value) return { ref: value.ref };
  }
  return null;
}

/**
 * The dictionary of object `n g`: its last definition (a later revision wins) in the file's end,
 * else its start, else anywhere (read in chunks, never the whole file at once).
 */
async function findObjectDict(
  source: ByteSource,
  [n, g]: [number, number],
  tail: Buffer,
  tailStart: number,
  head: Buffer,
): Promise<Map<string, PdfValue> | null> {
  const header = new RegExp(`(?<![0-9])${n}\\s+${g}\\s+obj\\b`, 'g');
  const lastIn = (bytes: Buffer) => [...bytes.toString('latin1').matchAll(header)].pop();
  const inTail = lastIn(tail);
  if (inTail) return dictAt(tail, inTail.index + inTail[0].length);
  const inHead = lastIn(head);
  if (inHead) return dictAt(head, inHead.index + inHead[0].length);

  let found: number | null = null;
  const overlap = 64;
  for (let offset = 0; offset < tailStart; offset += SCAN_CHUNK_BYTES) {
    const chunk = await source.read(offset, Math.min(SCAN_CHUNK_BYTES + overlap, source.size - offset));
    const match = lastIn(chunk);
    if (match) found = offset + match.index + match[0].length;
  }
  if (found === null) return null;
  return dictAt(await source.read(found, Math.min(64 * 1024, source.size - found)), 0);
}

function dictAt(bytes: Buffer, offset: number): Map<string, PdfValue> | null {
  const value = new PdfLexer(bytes, offset).readObject();
  return value instanceof Map ? value : null;
}

async function readAt(handle: fsp.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}
