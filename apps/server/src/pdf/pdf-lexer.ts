/**
 * A small lexer for PDF syntax (ISO 32000 §7.2–7.3), enough to read a dictionary straight from the
 * file's bytes and to walk a page's content stream operator by operator. Strings are skipped, not
 * decoded: nothing here needs their text.
 */
export type PdfToken =
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'string' }
  | { kind: 'keyword'; value: string }
  | { kind: 'open-dict' | 'close-dict' | 'open-array' | 'close-array' | 'open-brace' | 'close-brace' };

/** A parsed object: names as `{ name }`, indirect references as `{ ref }`, dictionaries as Maps. */
export type PdfValue =
  | number
  | boolean
  | null
  | { name: string }
  | { ref: [number, number] }
  | { string: true }
  | PdfValue[]
  | Map<string, PdfValue>;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (c: number) => !WHITESPACE.has(c) && !DELIMITERS.has(c);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export class PdfLexer {
  position: number;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.position = start;
  }

  /** The next token, or null at the end of the bytes. */
  next(): PdfToken | null {
    const b = this.bytes;
    this.skipWhitespaceAndComments();
    if (this.position >= b.length) return null;
    const c = b[this.position]!;
    switch (c) {
      case 0x28: // (
        this.skipLiteralString();
        return { kind: 'string' };
      case 0x3c: // <
        if (b[this.position + 1] === 0x3c) {
          this.position += 2;
          return { kind: 'open-dict' };
        }
        this.skipPast(0x3e);
        return { kind: 'string' };
      case 0x3e: // >
        this.position += b[this.position + 1] === 0x3e ? 2 : 1;
        return { kind: 'close-dict' };
      case 0x5b:
        this.position++;
        return { kind: 'open-array' };
      case 0x5d:
        this.position++;
        return { kind: 'close-array' };
      case 0x7b:
        this.position++;
        return { kind: 'open-brace' };
      case 0x7d:
        this.position++;
        return { kind: 'close-brace' };
      case 0x29: // a stray ')': skip it like readers do
        this.position++;
        return this.next();
      case 0x2f: // /
        this.position++;
        return { kind: 'name', value: decodeName(this.readRegular()) };
      default: {
        const word = this.readRegular();
        return NUMBER.test(word) ? { kind: 'number', value: Number(word) } : { kind: 'keyword', value: word };
      }
    }
  }

  /**
   * Skips an inline image's data after its `ID` operator, up to and including `EI` (which must
   * stand between whitespace, as readers expect; image bytes may contain "EI" elsewhere).
   */
  skipInlineImageData(): void {
    const b = this.bytes;
    let i = this.position + 1;
    for (; i + 1 < b.length; i++) {
      if (b[i] === 0x45 && b[i + 1] === 0x49 && WHITESPACE.has(b[i - 1]!)) {
        const after = b[i + 2];
        if (after === undefined || WHITESPACE.has(after)) {
          this.position = i + 2;
          return;
        }
      }
    }
    this.position = b.length;
  }

  /** Parses one object (a dictionary, array, name, number, reference, …); null at the end or on a stray token. */
  readObject(): PdfValue | undefined {
    const token = this.next();
    if (!token) return undefined;
    return this.objectFrom(token);
  }

  private objectFrom(token: PdfToken): PdfValue | undefined {
    switch (token.kind) {
      case 'open-dict': {
        const dict = new Map<string, PdfValue>();
        for (;;) {
          const key = this.next();
          if (!key || key.kind === 'close-dict') return dict;
          if (key.kind !== 'name') continue; // damaged: skip what cannot be a key
          const value = this.readObject();
          if (value === undefined) return dict;
          dict.set(key.value, value);
        }
      }
      case 'open-array': {
        const items: PdfValue[] = [];
        for (;;) {
          const item = this.next();
          if (!item || item.kind === 'close-array') return items;
          const value = this.objectFrom(item);
          if (value !== undefined) items.push(value);
        }
      }
      case 'number':
        return this.referenceAfter(token.value) ?? token.value;
      case 'name':
        return { name: token.value };
      case 'string':
        return { string: true };
      case 'keyword':
        if (token.value === 'true' || token.value === 'false') return token.value === 'true';
        if (token.value === 'null') return null;
        return undefined;
      default:
        return undefined;
    }
  }

  /** `n g R` read as a reference when the two tokens after a number say so; otherwise nothing is consumed. */
  private referenceAfter(objectNumber: number): { ref: [number, number] } | null {
    const start = this.position;
    const generation = this.next();
    if (generation?.kind === 'number' && Number.isInteger(objectNumber)) {
      const r = this.next();
      if (r?.kind === 'keyword' && r.value === 'R') return { ref: [objectNumber, generation.value] };
    }
    this.position = start;
    return null;
  }

  private skipWhitespaceAndComments(): void {
    const b = this.bytes;
    while (this.position < b.length) {
      const c = b[this.position]!;
      if (WHITESPACE.has(c)) this.position++;
      else if (c === 0x25) {
        while (this.position < b.length && b[this.position] !== 0x0a && b[this.position] !== 0x0d) this.position++;
      } else break;
    }
  }

  private readRegular(): string {
    const b = this.bytes;
    const start = this.position;
    while (this.position < b.length && isRegular(b[this.position]!)) this.position++;
    if (this.position === start) this.position++; // never stand still on an unexpected byte
    return String.fromCharCode(...b.subarray(start, this.position));
  }

  private skipLiteralString(): void {
    const b = this.bytes;
    let depth = 0;
    while (this.position < b.length) {
      const c = b[this.position++]!;
      if (c === 0x5c)
        this.position++; // backslash escapes the next byte
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return;
    }
  }

  private skipPast(byte: number): void {
    const end = this.bytes.indexOf(byte, this.position);
    this.position = end === -1 ? this.bytes.length : end + 1;
  }
}

/** `/A#20B` is the name "A B" (§7.3.5). */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Reads a name entry of a parsed dictionary. */
export const nameIn = (dict: Map<string, PdfValue>, key: string): string | null => {
  const value = dict.get(key);
  return value && typeof value === 'object' && 'name' in value ? value.name : null;
};

/** Reads a number entry of a parsed dictionary. */
export const numberIn = (dict: Map<string, PdfValue>, key: string): number | null => {
  const value = dict.get(key);
  return typeof value === 'number' ? value : null;
};
