import { describe, expect, test } from 'vitest';
import type { InvoiceRow } from './queries.ts';
import { invoiceDefinition } from './invoice-pdf.ts';

const address = {
  company: 'Berg Architekten',
  name: 'Anna Berg',
  streetName: '',
  streetNumber: '',
  cityCode: '',
  cityName: '',
  email: 'a@example.org',
};

const upgradeInvoice = (locale: 'de' | 'en', creditDays: number): InvoiceRow => ({
  id: 'i',
  office_id: 'o',
  buy_id: 'b',
  seq: 1,
  number: 'PK-2026-00001',
  issued_at: new Date(2026, 0, 10),
  due_at: new Date(2026, 0, 24),
  status: 'OPEN',
  plan_code: 'P2Y',
  period_start: new Date(2026, 0, 10),
  period_end: new Date(2027, 0, 10),
  price_net: 79000,
  credit_net: 100,
  credit_days: creditDays,
  credit_plan_code: 'P1M',
  net: 78900,
  vat: 14991,
  gross: 93891,
  vat_percent: 19,
  reverse_charge: false,
  mailed_at: null,
  locale,
  seller: address,
  buyer: address,
});

describe('the invoice names the credited days in their plural form', () => {
  test.each([
    ['de', 1, 'Gutschrift für 1 ungenutzten Tag Plankurier PRO Monatsabo'],
    ['de', 2, 'Gutschrift für 2 ungenutzte Tage Plankurier PRO Monatsabo'],
    ['en', 1, 'Credit for 1 unused day of Plankurier PRO monthly subscription'],
    ['en', 2, 'Credit for 2 unused days of Plankurier PRO monthly subscription'],
  ] as const)('%s, %i day(s)', (locale, days, line) => {
    expect(JSON.stringify(invoiceDefinition(upgradeInvoice(locale, days)).content)).toContain(line);
  });
});
