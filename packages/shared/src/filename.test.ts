import { describe, expect, test } from 'vitest';
import { asciiFilename, sanitizeFilename } from './filename.ts';

describe('sanitizeFilename', () => {
  test('keeps an ordinary name with umlauts and spaces', () => {
    expect(sanitizeFilename('Grundriss EG – Küche.pdf')).toBe('Grundriss EG – Küche.pdf');
  });

  test('strips path parts, also ../ and Windows backslashes', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\anna\\plan.dwg')).toBe('plan.dwg');
    expect(sanitizeFilename('..\\..\\plan.pdf')).toBe('plan.pdf');
    expect(sanitizeFilename('..')).toBe('datei');
  });

  test('removes NUL, control and bidi characters and trims', () => {
    expect(sanitizeFilename('  plan\u0000.pdf\n ')).toBe('plan.pdf');
    expect(sanitizeFilename('rechnung\u202Efdp.exe')).toBe('rechnungfdp.exe');
    expect(sanitizeFilename('a\u2066b\u2069c\u202Ad.pdf')).toBe('abcd.pdf');
    expect(sanitizeFilename('tab\there.pdf')).toBe('tabhere.pdf');
  });

  test('limits to 255 characters and keeps the extension', () => {
    const long = `${'ä'.repeat(300)}.pdf`;
    const result = sanitizeFilename(long);
    expect([...result]).toHaveLength(255);
    expect(result.endsWith('.pdf')).toBe(true);
  });

  test('falls back when nothing is left', () => {
    expect(sanitizeFilename('\u202E\u0000 ')).toBe('datei');
    expect(sanitizeFilename('/')).toBe('datei');
  });
});

describe('asciiFilename', () => {
  test('transliterates German umlauts and replaces what a quoted header cannot hold', () => {
    expect(asciiFilename('Übersicht Grün größer.pdf')).toBe('Uebersicht Gruen groesser.pdf');
    expect(asciiFilename('a"b\\c%d.pdf')).toBe('a_b_c_d.pdf');
    expect(asciiFilename('Café.pdf')).toBe('Cafe.pdf');
    expect(asciiFilename('平面図.pdf')).toBe('___.pdf');
  });
});
