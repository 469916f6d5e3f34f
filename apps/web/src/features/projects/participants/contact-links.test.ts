import { describe, expect, test } from 'vitest';
import { mailtoHref, telHref } from './contact-links';

describe('tap-to-call and tap-to-mail links', () => {
  test('a number keeps its digits and a leading plus; spaces, slashes, dashes and brackets go', () => {
    expect(telHref('0711 / 123 45-6')).toBe('tel:0711123456');
    expect(telHref('+49 30 1234567')).toBe('tel:+49301234567');
    expect(telHref('(089) 12 34 56')).toBe('tel:089123456');
  });

  test("an international number loses the '(0)' that is dialled only at home", () => {
    expect(telHref('+49 (0)30 1234567')).toBe('tel:+49301234567');
    expect(telHref('0049 (0) 30 1234567')).toBe('tel:0049301234567');
  });

  test('no number, or words without digits, give no link', () => {
    expect(telHref('')).toBeNull();
    expect(telHref('   ')).toBeNull();
    expect(telHref('siehe Mail')).toBeNull();
  });

  test('an address becomes a mailto: link, umlauts escaped', () => {
    expect(mailtoHref('eva@statik.de')).toBe('mailto:eva@statik.de');
    expect(mailtoHref(' jörg@müller-bau.de ')).toBe('mailto:j%C3%B6rg@m%C3%BCller-bau.de');
  });
});
