import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  OFFICE_TIME_ZONE,
  TIERS,
  formatDate,
  formatEuroFromCents,
  planOf,
  pluralForm,
  type Locale,
  type PaidPlanCode,
} from '@plankurier/shared';
import type { InvoiceAddress } from '../../db/types.ts';
import type { InvoiceRow } from './queries.ts';

const TEXTS = {
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    due: 'Zahlbar bis',
    period: 'Leistungszeitraum',
    position: 'Leistung',
    amount: 'Betrag',
    plan: (tier: string, period: string) => `Plankurier ${tier} ${period}`,
    MONTH: 'Monatsabo',
    YEAR: 'Jahresabo',
    credit: (days: number, plan: string) =>
      `Gutschrift für ${days} ${pluralForm('de', days, { one: 'ungenutzten Tag', other: 'ungenutzte Tage' })} ${plan}`,
    net: 'Summe netto',
    vat: (percent: number) => `Umsatzsteuer ${percent} %`,
    gross: 'Gesamtbetrag brutto',
    payment: (due: string) => `Bitte überweisen Sie den Gesamtbetrag ohne Abzug bis zum ${due}.`,
    paid: 'Der Betrag wurde bereits bezahlt.',
    vatId: 'USt-IdNr.',
    thanks: 'Vielen Dank für Ihr Vertrauen in Plankurier.',
  },
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    due: 'Due date',
    period: 'Service period',
    position: 'Item',
    amount: 'Amount',
    plan: (tier: string, period: string) => `Plankurier ${tier} ${period}`,
    MONTH: 'monthly plan',
    YEAR: 'yearly plan',
    credit: (days: number, plan: string) =>
      `Credit for ${days} ${pluralForm('en', days, { one: 'unused day', other: 'unused days' })} of ${plan}`,
    net: 'Net total',
    vat: (percent: number) => `VAT ${percent} %`,
    gross: 'Total',
    payment: (due: string) => `Please transfer the total without deduction by ${due}.`,
    paid: 'This invoice has been paid.',
    vatId: 'VAT ID',
    thanks: 'Thank you for choosing Plankurier.',
  },
} as const;

const addressLines = (address: InvoiceAddress): string[] =>
  [
    address.company,
    address.name,
    [address.streetName, address.streetNumber].filter(Boolean).join(' '),
    [address.cityCode, address.cityName].filter(Boolean).join(' '),
  ].filter((line) => line.trim() !== '');

/** The plan's name as the invoice reads it: 'Plankurier PRO Monatsabo'. */
export function planLabel(code: string, locale: Locale): string {
  const { tier, period } = planOf(code as PaidPlanCode);
  const t = TEXTS[locale];
  return t.plan(TIERS[tier].displayName, t[period]);
}

/** A German (or English) invoice: seller and buyer, the plan, an upgrade credit, net, VAT and gross. */
export function invoiceDefinition(invoice: InvoiceRow): TDocumentDefinitions {
  const locale = invoice.locale;
  const t = TEXTS[locale];
  const euro = (cents: number) => formatEuroFromCents(cents, locale);
  const date = (value: Date) => formatDate(value, locale, OFFICE_TIME_ZONE);
  const { seller, buyer } = invoice;
  // The last day of the period is the day before its end (the end is the next period's start).
  const lastDay = new Date(invoice.period_end.getTime() - 24 * 60 * 60 * 1000);

  const rows: Content[][] = [
    [
      { text: t.position, bold: true },
      { text: t.amount, bold: true, alignment: 'right' },
    ],
    [
      {
        text: `${planLabel(invoice.plan_code, locale)}\n${t.period}: ${date(invoice.period_start)} – ${date(lastDay)}`,
      },
      { text: euro(invoice.price_net), alignment: 'right' },
    ],
  ];
  if (invoice.credit_net > 0 && invoice.credit_plan_code) {
    rows.push([
      { text: t.credit(invoice.credit_days, planLabel(invoice.credit_plan_code, locale)) },
      { text: euro(-invoice.credit_net), alignment: 'right' },
    ]);
  }
  rows.push(
    [{ text: t.net }, { text: euro(invoice.net), alignment: 'right' }],
    [{ text: t.vat(invoice.vat_percent) }, { text: euro(invoice.vat), alignment: 'right' }],
    [
      { text: t.gross, bold: true },
      { text: euro(invoice.gross), bold: true, alignment: 'right' },
    ],
  );

  return {
    info: { title: `${t.title} ${invoice.number}` },
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 56],
    defaultStyle: { fontSize: 10, lineHeight: 1.2 },
    content: [
      {
        columns: [
          { text: 'Plankurier', fontSize: 20, bold: true, color: '#1c5fa8' },
          {
            stack: [...addressLines(seller), seller.email, `${t.vatId} ${seller.vatId ?? ''}`],
            alignment: 'right',
            fontSize: 9,
            color: '#555555',
          },
        ],
      },
      { text: addressLines(seller).join(' · '), fontSize: 7, color: '#777777', margin: [0, 36, 0, 4] },
      { stack: addressLines(buyer), margin: [0, 0, 0, 32] },
      { text: `${t.title} ${invoice.number}`, fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      {
        table: {
          widths: ['auto', '*'],
          body: [
            [t.number, invoice.number],
            [t.date, date(invoice.issued_at)],
            [t.due, date(invoice.due_at)],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 20],
      },
      {
        table: { headerRows: 1, widths: ['*', 'auto'], body: rows },
        layout: 'lightHorizontalLines',
      },
      {
        text: invoice.status === 'PAID' ? t.paid : t.payment(date(invoice.due_at)),
        margin: [0, 24, 0, 6],
      },
      { text: t.thanks },
    ],
  };
}
