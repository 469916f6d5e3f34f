import { describe, expect, test } from 'vitest';
import { quoteUpgrade } from './billing.ts';
import { isReverseCharge, parseVatId } from './vat-id.ts';

describe('an EU VAT ID', () => {
  test.each([
    ['DE136695976', 'DE136695976', 'DE'],
    ['de 136 695 976', 'DE136695976', 'DE'],
    ['ATU13585627', 'ATU13585627', 'AT'],
    ['EL-094259216', 'EL094259216', 'EL'],
    ['FR40303265045', 'FR40303265045', 'FR'],
  ])('%s is written %s, of %s', (input, vatId, prefix) => {
    expect(parseVatId(input)).toEqual({ vatId, prefix });
  });

  test.each(['DE123456789', 'DE13669597', 'CHE-123.456.789', 'GB123456789', 'XX136695976', 'Berlin', ''])(
    '%j is none (check digit, length, not an EU member state, no ID at all)',
    (input) => {
      expect(parseVatId(input)).toBeNull();
    },
  );
});

describe('reverse charge', () => {
  test('applies to a VAT ID of another member state than the seller’s, not to one of the seller’s or none', () => {
    expect(isReverseCharge('ATU13585627', 'DE312345678')).toBe(true);
    expect(isReverseCharge('DE136695976', 'DE312345678')).toBe(false);
    expect(isReverseCharge('', 'DE312345678')).toBe(false);
    expect(isReverseCharge('kaputt', 'DE312345678')).toBe(false);
  });

  test('a reverse-charge quote has no VAT: the gross total is the net total', () => {
    const now = new Date('2026-03-10T09:00:00Z');
    expect(quoteUpgrade('P1M', null, now, 0, true)).toMatchObject({
      net: 2900,
      vatPercent: 0,
      reverseCharge: true,
      vat: 0,
      gross: 2900,
      grossDiscount: 0,
    });
    expect(quoteUpgrade('P1M', null, now)).toMatchObject({ vatPercent: 19, reverseCharge: false, vat: 551 });
  });
});
