import fs from 'node:fs';

const CHUNK_BYTES = 1024 * 1024;

/**
 * A file read in 1 MB chunks, forwards or at any position, never whole. Synchronous on purpose:
 * it runs in the PDF process (pdf/pdf-process.ts), where blocking costs the server nothing and a
 * parser that pulls byte by byte stays simple. Reading past the end gives fewer bytes, never throws.
 */
export class FileBytes {
  readonly size: number;
  private readonly fd: number;
  private chunk = Buffer.alloc(0);
  private chunkStart = 0;
  /** Where the forward reads (`take`, `line`, `cString`) stand. */
  position = 0;

  constructor(filePath: string) {
    this.fd = fs.openSync(filePath, 'r');
    this.size = fs.fstatSync(this.fd).size;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  /** `length` bytes at `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Buffer {
    const end = Math.min(offset + length, this.size);
    if (offset < 0 || end <= offset) return Buffer.alloc(0);
    if (offset >= this.chunkStart && end <= this.chunkStart + this.chunk.length)
      return this.chunk.subarray(offset - this.chunkStart, end - this.chunkStart);
    if (end - offset > CHUNK_BYTES) {
      const out = Buffer.alloc(end - offset);
      fs.readSync(this.fd, out, 0, out.length, offset);
      return out;
    }
    this.chunk = Buffer.alloc(Math.min(CHUNK_BYTES, this.size - offset));
    this.chunkStart = offset;
    fs.readSync(this.fd, this.chunk, 0, this.chunk.length, offset);
    return this.chunk.subarray(0, end - offset);
  }

  get atEnd(): boolean {
    return this.position >= this.size;
  }

  /** Loads the chunk that starts at `position`; false at the end of the file. */
  private loadAtPosition(): boolean {
    if (this.position >= this.size) return false;
    this.chunk = Buffer.alloc(Math.min(CHUNK_BYTES, this.size - this.position));
    this.chunkStart = this.position;
    fs.readSync(this.fd, this.chunk, 0, this.chunk.length, this.position);
    return true;
  }

  /** Where `position` is in the loaded chunk, loading the next one when it has run out; -1 at the end. */
  private inChunk(): number {
    const at = this.position - this.chunkStart;
    if (at >= 0 && at < this.chunk.length) return at;
    return this.loadAtPosition() ? 0 : -1;
  }

  /** The next `length` bytes (fewer at the end). */
  take(length: number): Buffer {
    const bytes = this.read(this.position, length);
    this.position += bytes.length;
    return bytes;
  }

  /**
   * The bytes up to the next `stop` byte (consumed, not returned), as latin1. Null when the file
   * ends first (a last line without a line feed is returned when `stop` is a line feed) or the text
   * runs longer than `maxLength` (a binary file read as text).
   */
  private until(stop: number, maxLength: number): string | null {
    let text = '';
    for (;;) {
      const from = this.inChunk();
      if (from === -1) return stop === 10 && text.length > 0 ? text : null;
      const at = this.chunk.indexOf(stop, from);
      const end = at === -1 ? this.chunk.length : at;
      if (text.length + end - from > maxLength) return null;
      text += this.chunk.toString('latin1', from, end);
      this.position = this.chunkStart + (at === -1 ? end : end + 1);
      if (at !== -1) return text;
    }
  }

  /** A zero-terminated string (binary DXF). */
  cString(maxLength: number): string | null {
    return this.until(0, maxLength);
  }

  /** The next line without its CR/LF; null at the end of the file. */
  line(maxLength: number): string | null {
    const text = this.until(10, maxLength);
    return text !== null && text.endsWith('\r') ? text.slice(0, -1) : text;
  }
}
