import { describe, expect, test } from 'vitest';
import { headerMapping } from './columns.ts';
import { detectDelimiter, looksBinary } from './sniff.ts';

describe('reading a contact file', () => {
  test('the separator is the one that splits every line alike', () => {
    expect(detectDelimiter('Vorname;Nachname;Email\nA;B;a@b.de\n')).toBe(';');
    expect(detectDelimiter('a,b,a@b.de\nc,d,c@d.de')).toBe(',');
    expect(detectDelimiter('a\tb\ta@b.de\nc\td\tc@d.de')).toBe('\t');
    expect(detectDelimiter('"Müller, Söhne";B;a@b.de\nX;Y;x@y.de')).toBe(';');
  });

  test('binary content is recognised; text with umlauts and UTF-16 text are not binary', () => {
    expect(looksBinary(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBe(true);
    expect(looksBinary(Buffer.from('Jürgen;Weiß;j@w.de\r\n', 'latin1'))).toBe(false);
    expect(looksBinary(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b', 'utf16le')]))).toBe(false);
  });

  test('a header row maps its columns by name, in German or English', () => {
    expect(headerMapping(['Nachname', 'Vorname', 'E-Mail-Adresse', 'Firma'])).toEqual([
      'lastName',
      'firstName',
      'email',
      'company',
    ]);
    expect(headerMapping(['First Name', 'Last Name', 'E-mail Address', 'Company', 'Business Phone'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'company',
      'phone',
    ]);
  });

  test('a first row with an address, or without an e-mail column, is data, not a header', () => {
    expect(headerMapping(['Anna', 'Berg', 'anna@berg.de'])).toBeNull();
    expect(headerMapping(['Vorname', 'Nachname'])).toBeNull();
  });
});
