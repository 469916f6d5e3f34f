import { describe, expect, test } from 'vitest';
import { detectDelimiter, detectFormat, looksBinary } from './sniff.ts';

describe('reading a contact file', () => {
  test('the separator is the one that splits the lines alike', () => {
    expect(detectDelimiter('Vorname;Nachname;Email\nA;B;a@b.de\n')).toBe(';');
    expect(detectDelimiter('a,b,a@b.de\nc,d,c@d.de')).toBe(',');
    expect(detectDelimiter('a\tb\ta@b.de\nc\td\tc@d.de')).toBe('\t');
    expect(detectDelimiter('"Müller, Söhne";B;a@b.de\nX;Y;x@y.de')).toBe(';');
    expect(detectDelimiter('Vorname\tFirma\nAnna\tMüller, Söhne & Co\nBen\tTal, Berg\n')).toBe('\t');
  });

  test('lines before the header do not decide the separator (LinkedIn)', () => {
    const text = 'Notes:\n"When exporting, you may notice"\n\nFirst Name,Last Name,Email Address\nAnna,Berg,a@b.de\n';
    expect(detectDelimiter(text)).toBe(',');
  });

  test('a list of names and addresses separated by spaces has no separator: it is read as plain text', () => {
    const text = 'Anna Berg anna@berg.de\nJonas Keller j.keller@statik-keller.de\nMüller, Jörg joerg@mueller.de\n';
    expect(detectDelimiter(text)).toBeNull();
    expect(detectFormat(text)).toEqual({ format: 'text' });
  });

  test('vCards by their first line; Excel’s "sep=" line names the separator', () => {
    expect(detectFormat('\uFEFFBEGIN:VCARD\r\nVERSION:3.0\r\n')).toEqual({ format: 'vcard' });
    expect(detectFormat('sep=,\r\nVorname;Nachname;E-Mail\r\n')).toEqual({ format: 'csv', delimiter: ',' });
  });

  test('binary content is recognised; text with umlauts and UTF-16 text (with or without BOM) are not binary', () => {
    expect(looksBinary(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBe(true);
    expect(looksBinary(Buffer.from('Jürgen;Weiß;j@w.de\r\n', 'latin1'))).toBe(false);
    expect(looksBinary(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b', 'utf16le')]))).toBe(false);
    expect(looksBinary(Buffer.from('Vorname\tNachname\r\nAnna\tBerg\r\n', 'utf16le'))).toBe(false);
  });
});
