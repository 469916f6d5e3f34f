import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { decodingStream, detectEncoding, legacyEncodingOf, utf16Of } from './encoding.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-encoding-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Text in a single-byte encoding, through the reverse of the decoder's table. */
function encode(text: string, encoding: string): Buffer {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from([...text].map((c) => table.get(c)!));
}

let counter = 0;
async function read(bytes: Buffer) {
  const file = path.join(dir, `f${++counter}`);
  fs.writeFileSync(file, bytes);
  const evidence = await detectEncoding(file, bytes.subarray(0, 64 * 1024));
  let text = '';
  for await (const chunk of Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]).pipe(decodingStream(evidence)))
    text += chunk as string;
  return { evidence, text };
}

const GERMAN = 'Jürgen;Weiß;Größl Bau;Änne Özdemir;Süßmann\r\n';

describe('the encoding of a contact file', () => {
  test('Windows-1252, MacRoman and ISO-8859-15 are told apart by how their umlauts read', async () => {
    expect((await read(encode(GERMAN.repeat(3), 'windows-1252'))).evidence.encoding).toBe('windows-1252');
    const mac = await read(encode(GERMAN.repeat(3), 'macintosh'));
    expect(mac.evidence.encoding).toBe('macintosh');
    expect(mac.text).toBe(GERMAN.repeat(3));
    const euro = await read(encode('Preis;5 €;Šimek;Jürgen\n', 'iso-8859-15'));
    expect([euro.evidence.encoding, euro.text]).toEqual(['iso-8859-15', 'Preis;5 €;Šimek;Jürgen\n']);
  });

  test('one line in Windows-1252 in a UTF-8 file does not turn the other lines into "JÃ¼rgen"', async () => {
    const lines: Buffer[] = Array.from({ length: 40 }, (_, i) => Buffer.from(`Jürgen ${i};Weiß;j${i}@weiss.de\n`));
    lines[17] = encode('Björn;Größl;b@groessl.de\n', 'windows-1252');
    const { evidence, text } = await read(Buffer.concat(lines));
    expect(evidence).toMatchObject({
      encoding: 'utf-8',
      lines: 40,
      otherEncoding: { encoding: 'windows-1252', lines: [18], count: 1 },
    });
    expect(text).toContain('Jürgen 16;Weiß');
    expect(text).toContain('Björn;Größl;b@groessl.de');
    expect(text).not.toContain('Ã');
  });

  test('the majority decides: a Windows-1252 file with a few UTF-8 lines lists those', async () => {
    const lines = [
      encode(GERMAN, 'windows-1252'),
      encode(GERMAN, 'windows-1252'),
      Buffer.from(GERMAN),
      encode(GERMAN, 'windows-1252'),
    ];
    const { evidence, text } = await read(Buffer.concat(lines));
    expect(evidence).toMatchObject({
      encoding: 'windows-1252',
      otherEncoding: { encoding: 'utf-8', lines: [3], count: 1 },
    });
    expect(text).toBe(GERMAN.repeat(4));
  });

  test('a UTF-8 byte order mark makes UTF-8 the file’s encoding', async () => {
    const { evidence, text } = await read(
      Buffer.concat([Buffer.from('\uFEFFVorname;Nachname\n'), encode('Jürgen;Weiß\n', 'windows-1252')]),
    );
    expect(evidence).toMatchObject({ encoding: 'utf-8', otherEncoding: { encoding: 'windows-1252', lines: [2] } });
    expect(text).toBe('Vorname;Nachname\nJürgen;Weiß\n');
  });

  test('a UTF-8 sequence split between two reads is still UTF-8', async () => {
    const bytes = Buffer.from(`${'a'.repeat(1024 * 1024 - 1)}ü\n`);
    expect((await read(bytes)).evidence).toMatchObject({ encoding: 'utf-8', otherEncoding: null, lines: 1 });
  });

  test('lines end at CRLF, CR (old Mac) or LF', async () => {
    expect((await read(Buffer.from('a\r\nb\rc\nd'))).evidence.lines).toBe(4);
    expect((await read(Buffer.from('a\r\n\r\n'))).evidence.lines).toBe(2);
  });

  test('UTF-16 by its byte order mark or by its zero bytes', async () => {
    const le = Buffer.from('Vorname\tNachname\r\nJürgen\tWeiß\r\n', 'utf16le');
    expect(utf16Of(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toBe('utf-16le');
    expect(utf16Of(le)).toBe('utf-16le');
    expect(utf16Of(Buffer.from(le).swap16())).toBe('utf-16be');
    expect(utf16Of(Buffer.from('Jürgen;Weiß\n'))).toBeNull();
    const { evidence, text } = await read(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]));
    expect([evidence.encoding, evidence.lines, text]).toEqual(['utf-16be', 2, 'Vorname\tNachname\r\nJürgen\tWeiß\r\n']);
  });

  test('without any high byte the legacy guess stays Windows-1252', () => {
    expect(legacyEncodingOf(new Uint32Array(128))).toBe('windows-1252');
  });
});
