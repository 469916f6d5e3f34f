import fs from 'node:fs';
import { utf16Of } from './encoding.ts';

const SAMPLE_BYTES = 64 * 1024;

export async function readSample(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A text export has no NUL bytes and almost no control characters besides tab and line breaks. */
export function looksBinary(sample: Buffer): boolean {
  if (utf16Of(sample)) return false; // Excel's "Unicode text": every other byte is NUL
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return sample.length > 0 && control / sample.length > 0.05;
}

const DELIMITERS = [';', ',', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export type FileFormat = { format: 'vcard' } | { format: 'csv'; delimiter: Delimiter } | { format: 'text' };

const sampleLines = (text: string) =>
  text
    .replace(/"(?:[^"]|"")*"/g, '""') // quoted text (line breaks included) does not count
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim())
    .slice(0, 50);

/**
 * The separator that splits the most lines into the same number of fields. Lines before a header
 * (LinkedIn's "Notes:") or a stray comma in a name do not decide it; null when no separator splits
 * at least half of the lines alike (a list of "first name last name e-mail" separated by spaces).
 */
export function detectDelimiter(text: string): Delimiter | null {
  const lines = sampleLines(text);
  let best: Delimiter | null = null;
  let bestAgreeing = 0;
  let bestFields = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => l.split(d).length - 1).filter((n) => n > 0);
    const frequency = new Map<number, number>();
    for (const n of counts) frequency.set(n, (frequency.get(n) ?? 0) + 1);
    for (const [fields, agreeing] of frequency) {
      if (agreeing > bestAgreeing || (agreeing === bestAgreeing && fields > bestFields)) {
        best = d;
        bestAgreeing = agreeing;
        bestFields = fields;
      }
    }
  }
  return bestAgreeing * 2 >= lines.length ? best : null;
}

/** vCard by its first line; else a delimited table (Excel's `sep=;` line names it); else free text. */
export function detectFormat(text: string): FileFormat {
  const firstLine = /^[\s\uFEFF]*([^\r\n]*)/.exec(text)?.[1]?.trim() ?? '';
  if (/^BEGIN:VCARD$/i.test(firstLine)) return { format: 'vcard' };
  const sep = /^sep=([;,\t])$/i.exec(firstLine);
  if (sep) return { format: 'csv', delimiter: sep[1] as Delimiter };
  const delimiter = detectDelimiter(text);
  return delimiter ? { format: 'csv', delimiter } : { format: 'text' };
}
