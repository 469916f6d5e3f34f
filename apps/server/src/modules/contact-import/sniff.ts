import fs from 'node:fs';

const SAMPLE_BYTES = 64 * 1024;

export type TextEncoding = 'utf-8' | 'utf-16le' | 'windows-1252';

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
  if (sample.length >= 2 && sample[0] === 0xff && sample[1] === 0xfe) return false; // UTF-16LE text
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return sample.length > 0 && control / sample.length > 0.05;
}

/**
 * UTF-16LE by its BOM (Excel's "Unicode text"), UTF-8 when the whole file decodes as UTF-8, else
 * Windows-1252 (Excel's default for German CSV).
 */
export async function detectEncoding(
  file: string,
  sample: Buffer,
): Promise<{ encoding: TextEncoding; lineBreaks: number }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = !(sample[0] === 0xff && sample[1] === 0xfe);
  let lineBreaks = 0;
  // One pass: counts the lines (for the progress bar) and checks whether all of it is UTF-8.
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    const bytes = chunk as Buffer;
    for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) lineBreaks++;
    if (valid) {
      try {
        decoder.decode(bytes, { stream: true });
      } catch {
        valid = false;
      }
    }
  }
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', lineBreaks };
  if (valid) {
    try {
      decoder.decode();
    } catch {
      valid = false;
    }
  }
  return { encoding: valid ? 'utf-8' : 'windows-1252', lineBreaks };
}

const DELIMITERS = [';', ',', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The separator that splits the first lines most consistently (quoted text ignored). */
export function detectDelimiter(text: string): Delimiter {
  const lines = text
    .replace(/"[^"]*"/g, '')
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 10);
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => l.split(d).length - 1);
    const score = counts.length ? Math.min(...counts) * 1000 + counts.reduce((a, b) => a + b, 0) : 0;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}
