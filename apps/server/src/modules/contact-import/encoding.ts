import { isAscii, isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import type { ImportEncoding } from '@plankurier/shared';
import { countLineBreaks } from './text-lines.ts';

type LegacyEncoding = 'windows-1252' | 'iso-8859-15' | 'macintosh';
const LEGACY: readonly LegacyEncoding[] = ['windows-1252', 'macintosh', 'iso-8859-15'];
const LISTED_LINES = 100;

/** What a whole file says about its encoding: one pass over every byte before the import reads it. */
export interface EncodingEvidence {
  /** The file's encoding: the one most of its non-ASCII lines are written in. */
  encoding: ImportEncoding;
  /** Physical lines of the file (CRLF, CR or LF ends a line). */
  lines: number;
  /** Lines written in another encoding than the rest (a file put together from two sources). */
  otherEncoding: { encoding: ImportEncoding; lines: number[]; count: number } | null;
  /** The 8-bit encoding lines that are not UTF-8 are read in. */
  legacy: LegacyEncoding;
}

const COMMON_LETTERS = new Set('äöüÄÖÜßéèêëàâáãåæçñóòôõøíìîïúùûœÉÈÊÀÂÁÃÅÆÇÑÓÒÔÕØÍÌÎÚÙÛŒ');
const COMMON_MARKS = new Set('€–—„“”‚‘’•…°§²³µ·«»×½¼¾');

/**
 * How plausible each byte 0x80–0xFF is as text in a legacy encoding: letters of Western European
 * names count most, typographic marks a little, control characters against. MacRoman and
 * Windows-1252 put the umlauts at different bytes (ä is 0x8A in one, 0xE4 in the other), and
 * each one's umlaut bytes read as rare signs (Š, ‰, ˆ) in the other.
 */
const PLAUSIBILITY: Record<LegacyEncoding, Float64Array> = Object.fromEntries(
  LEGACY.map((encoding) => {
    const decoder = new TextDecoder(encoding);
    const weights = new Float64Array(128);
    for (let byte = 0x80; byte <= 0xff; byte++) {
      const char = decoder.decode(Uint8Array.of(byte));
      weights[byte - 0x80] = COMMON_LETTERS.has(char)
        ? 2
        : COMMON_MARKS.has(char)
          ? 0.5
          : /\p{Cc}|\uFFFD/u.test(char)
            ? -3
            : /\p{L}/u.test(char)
              ? 0.2
              : -0.5;
    }
    return [encoding, weights];
  }),
) as Record<LegacyEncoding, Float64Array>;

/** The legacy encoding under which the high bytes of the non-UTF-8 lines read most like names. */
export function legacyEncodingOf(highBytes: Uint32Array): LegacyEncoding {
  let best: LegacyEncoding = 'windows-1252';
  let bestScore = -Infinity;
  for (const encoding of LEGACY) {
    const weights = PLAUSIBILITY[encoding];
    let score = 0;
    for (let i = 0; i < 128; i++) score += highBytes[i]! * weights[i]!;
    if (score > bestScore) {
      best = encoding;
      bestScore = score;
    }
  }
  return best;
}

/** UTF-16 by its byte order mark, or by the zero bytes ASCII text has in every other place. */
export function utf16Of(sample: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  const pairs = Math.floor(Math.min(sample.length, 4096) / 2);
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  if (oddZeros / pairs > 0.3 && evenZeros / pairs < 0.05) return 'utf-16le';
  if (evenZeros / pairs > 0.3 && oddZeros / pairs < 0.05) return 'utf-16be';
  return null;
}

const hasUtf8Bom = (sample: Buffer) => sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf;

/**
 * The encoding the file's first bytes show: a byte order mark, UTF-16's zero bytes, valid UTF-8,
 * else the legacy code page their high bytes suggest. Enough to read the first lines of a file
 * (is there anything beyond a header?) without the pass over the whole file an import makes.
 */
export function sampleEncoding(sample: Buffer): EncodingEvidence {
  const utf16 = utf16Of(sample);
  if (utf16) return { encoding: utf16, lines: 0, otherEncoding: null, legacy: 'windows-1252' };
  // A character cut off at the sample's end does not make it invalid.
  let cut = sample.length;
  for (let back = 0; back < 3 && cut > 0 && sample[cut - 1]! >= 0x80; back++) cut--;
  const highBytes = new Uint32Array(128);
  for (const byte of sample) if (byte >= 0x80) highBytes[byte - 0x80]!++;
  const legacy = legacyEncodingOf(highBytes);
  const utf8 = hasUtf8Bom(sample) || isUtf8(sample.subarray(0, cut));
  return { encoding: utf8 ? 'utf-8' : legacy, lines: 0, otherEncoding: null, legacy };
}

async function utf16Evidence(file: string, encoding: 'utf-16le' | 'utf-16be'): Promise<EncodingEvidence> {
  const decoder = new TextDecoder(encoding);
  let breaks = 0;
  let endedWithCr = false;
  let lastChar = '';
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (!text) continue;
    breaks += countLineBreaks(text, endedWithCr);
    endedWithCr = text.endsWith('\r');
    lastChar = text.at(-1)!;
  }
  const lines = breaks + (lastChar && lastChar !== '\n' && lastChar !== '\r' ? 1 : 0);
  return { encoding, lines, otherEncoding: null, legacy: 'windows-1252' };
}

/**
 * Reads the whole file once and decides its encoding from all of it: every line with bytes beyond
 * ASCII is either valid UTF-8 or not; the larger group decides (a UTF-8 byte order mark decides on
 * its own), and the lines of the other group are listed. Which legacy encoding the non-UTF-8
 * lines use is decided by the statistics of their high bytes.
 */
export async function detectEncoding(file: string, sample: Buffer): Promise<EncodingEvidence> {
  const utf16 = utf16Of(sample);
  if (utf16) return utf16Evidence(file, utf16);

  const highBytes = new Uint32Array(128);
  let sampledLegacyBytes = 0;
  const utf8Lines: number[] = [];
  const legacyLines: number[] = [];
  let utf8Count = 0;
  let legacyCount = 0;
  let line = 1;
  let lineHigh = false;
  let lineInvalid = false;
  let lineHasBytes = false;
  let carry: Buffer = Buffer.alloc(0);
  let previousCr = false;

  const classify = (piece: Buffer) => {
    if (piece.length === 0 || isAscii(piece)) return;
    if (isUtf8(piece)) {
      lineHigh = true;
      return;
    }
    lineInvalid = true;
    // A megabyte of non-UTF-8 text tells the legacy encoding well enough.
    if (sampledLegacyBytes > 1024 * 1024) return;
    sampledLegacyBytes += piece.length;
    for (const byte of piece) if (byte >= 0x80) highBytes[byte - 0x80]!++;
  };
  const endLine = () => {
    if (lineInvalid) {
      legacyCount++;
      if (legacyLines.length < LISTED_LINES) legacyLines.push(line);
    } else if (lineHigh) {
      utf8Count++;
      if (utf8Lines.length < LISTED_LINES) utf8Lines.push(line);
    }
    line++;
    lineHigh = lineInvalid = lineHasBytes = false;
  };

  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    const bytes = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let start = 0;
    // Line breaks are found natively (indexOf); each line is then checked natively as well.
    let nextLf = bytes.indexOf(10);
    let nextCr = bytes.indexOf(13);
    for (;;) {
      if (nextLf !== -1 && nextLf < start) nextLf = bytes.indexOf(10, start);
      if (nextCr !== -1 && nextCr < start) nextCr = bytes.indexOf(13, start);
      const i = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
      if (i === -1) break;
      if (bytes[i] === 10 && previousCr && i === start) {
        previousCr = false;
        start = i + 1;
        continue;
      }
      classify(bytes.subarray(start, i));
      endLine();
      previousCr = bytes[i] === 13;
      start = i + 1;
    }
    if (start < bytes.length) {
      previousCr = false;
      lineHasBytes = true;
    }
    // A line may go on in the next chunk: classify what is safe, keep a split UTF-8 sequence.
    let cut = bytes.length;
    for (let back = 0; back < 3 && cut > start && bytes[cut - 1]! >= 0x80; back++) cut--;
    if (cut > start && bytes[cut - 1]! >= 0xc0) cut--;
    classify(bytes.subarray(start, cut));
    carry = Buffer.from(bytes.subarray(cut));
  }
  if (carry.length) {
    classify(carry);
    lineHasBytes = true;
  }
  const lines = line - 1 + (lineHasBytes ? 1 : 0);
  if (lineHasBytes) endLine();

  const legacy = legacyEncodingOf(highBytes);
  if (legacyCount === 0) return { encoding: 'utf-8', lines, otherEncoding: null, legacy };
  if (utf8Count === 0 && !hasUtf8Bom(sample)) return { encoding: legacy, lines, otherEncoding: null, legacy };
  const utf8Wins = hasUtf8Bom(sample) || utf8Count >= legacyCount;
  return {
    encoding: utf8Wins ? 'utf-8' : legacy,
    lines,
    otherEncoding: utf8Wins
      ? { encoding: legacy, lines: legacyLines, count: legacyCount }
      : { encoding: 'utf-8', lines: utf8Lines, count: utf8Count },
    legacy,
  };
}

/**
 * Bytes to text. A file in one encoding is decoded as a stream; a mixed file line by line, each
 * line in the encoding its own bytes show (valid UTF-8 as UTF-8, the others in the legacy one).
 */
export function decodingStream(evidence: EncodingEvidence): Transform {
  if (!evidence.otherEncoding) {
    const decoder = new TextDecoder(evidence.encoding);
    return new Transform({
      transform(chunk: Buffer, _enc, done) {
        done(null, decoder.decode(chunk, { stream: true }));
      },
      flush(done) {
        done(null, decoder.decode());
      },
    });
  }
  const legacy = new TextDecoder(evidence.legacy);
  const utf8 = new TextDecoder('utf-8');
  const decodeLine = (bytes: Buffer) =>
    isAscii(bytes) ? bytes.toString('latin1') : isUtf8(bytes) ? utf8.decode(bytes) : legacy.decode(bytes);
  let carry: Buffer = Buffer.alloc(0);
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      if (first && bytes.length >= 3) {
        first = false;
        if (hasUtf8Bom(bytes)) bytes = bytes.subarray(3);
      }
      let last = -1;
      for (let i = bytes.length - 1; i >= 0; i--) {
        if (bytes[i] === 10 || bytes[i] === 13) {
          last = i;
          break;
        }
      }
      if (last < 0) {
        carry = Buffer.from(bytes);
        return done();
      }
      let text = '';
      let start = 0;
      for (let i = 0; i <= last; i++) {
        if (bytes[i] === 10 || bytes[i] === 13) {
          text += decodeLine(bytes.subarray(start, i)) + String.fromCharCode(bytes[i]!);
          start = i + 1;
        }
      }
      carry = Buffer.from(bytes.subarray(last + 1));
      done(null, text);
    },
    flush(done) {
      done(null, carry.length ? decodeLine(carry) : '');
    },
  });
}
