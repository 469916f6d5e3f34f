import { describe, expect, test } from 'vitest';
import { resolveLocale } from './resolve-locale';

describe('resolveLocale', () => {
  test('the signed-in user language wins over the stored choice', () => {
    expect(resolveLocale('en', 'de')).toBe('en');
  });

  test('without a user the stored choice is used', () => {
    expect(resolveLocale(undefined, 'en')).toBe('en');
  });

  test('unknown values fall back to German', () => {
    expect(resolveLocale('fr', 'xx')).toBe('de');
    expect(resolveLocale(null, null)).toBe('de');
  });
});
