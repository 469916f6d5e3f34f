import { describe, expect, test } from 'vitest';
import { isEmailAddress, isExchangeAddress, normalizeEmailAddress } from './email-address.ts';

describe('an e-mail address of a contact', () => {
  test('is stored trimmed and in lower case', () => {
    expect(normalizeEmailAddress('  Anna.Berg@Berg-Architekten.DE ')).toBe('anna.berg@berg-architekten.de');
  });

  test('may have a domain with umlauts (IDN)', () => {
    expect(normalizeEmailAddress('info@müller-bau.de')).toBe('info@müller-bau.de');
    expect(normalizeEmailAddress('Büro@Größl-Bau.de')).toBeNull(); // umlauts in the local part are not sendable everywhere
    expect(normalizeEmailAddress('info@MÜLLER-bau.de')).toBe('info@müller-bau.de');
    expect(normalizeEmailAddress('info@xn--mller-bau-q9a.de')).toBe('info@xn--mller-bau-q9a.de');
  });

  test('loses mailto: and the name around it', () => {
    expect(normalizeEmailAddress('mailto:anna@berg.de')).toBe('anna@berg.de');
    expect(normalizeEmailAddress('Anna Berg <anna@berg.de>')).toBe('anna@berg.de');
    expect(normalizeEmailAddress('"anna@berg.de"')).toBe('anna@berg.de');
  });

  test('is refused when it is none', () => {
    for (const value of [
      '',
      'kaputt',
      'anna@',
      '@berg.de',
      'anna@berg',
      'anna berg@berg.de',
      'a@b@c.de',
      'anna@berg..de',
    ])
      expect(isEmailAddress(value), value).toBe(false);
  });

  test('an Exchange path is recognised as such', () => {
    expect(
      isExchangeAddress('/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=abc'),
    ).toBe(true);
    expect(isExchangeAddress('anna@berg.de')).toBe(false);
  });
});
