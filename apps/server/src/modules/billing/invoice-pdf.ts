import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
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
import { friendlyFormatIBAN } from 'ibantools';
import type { InvoiceAddress, InvoiceSeller } from '../../db/types.ts';
import type { InvoiceRow } from './queries.ts';

const TEXTS = {
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    due: 'Zahlbar bis',
    period: 'Leistungszeitraum',
    buyerVatId: 'Deine USt-IdNr.',
    position: 'Pos.',
    quantity: 'Menge',
    service: 'Leistung',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    plan: (tier: string, period: string) => `Plankurier ${tier} ${period}`,
    MONTH: 'Monatsabo',
    YEAR: 'Jahresabo',
    credit: (days: number, plan: string) =>
      `Gutschrift für ${days} ${pluralForm('de', days, { one: 'ungenutzten Tag', other: 'ungenutzte Tage' })} ${plan}`,
    net: 'Summe netto',
    vat: (percent: number) => `Umsatzsteuer ${percent} %`,
    gross: 'Gesamtbetrag brutto',
    reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers',
    reverseChargeNote: (vatId: string) =>
      `Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, § 13b UStG, Art. 196 MwStSystRL): Die Umsatzsteuer schuldet der Leistungsempfänger, USt-IdNr. ${vatId}.`,
    payment: (due: string, number: string) =>
      `Bitte überweise den Gesamtbetrag ohne Abzug bis zum ${due} unter Angabe der Rechnungsnummer ${number} auf folgendes Konto:`,
    paid: 'Der Betrag wurde bereits bezahlt.',
    bank: 'Bank',
    vatId: 'USt-IdNr.',
    taxNumber: 'Steuernummer',
    directors: 'Geschäftsführung',
    thanks: 'Vielen Dank für dein Vertrauen in Plankurier.',
  },
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    due: 'Due date',
    period: 'Service period',
    buyerVatId: 'Your VAT ID',
    position: 'No.',
    quantity: 'Qty',
    service: 'Service',
    unitPrice: 'Unit price',
    amount: 'Amount',
    plan: (tier: string, period: string) => `Plankurier ${tier} ${period}`,
    MONTH: 'monthly subscription',
    YEAR: 'yearly subscription',
    credit: (days: number, plan: string) =>
      `Credit for ${days} ${pluralForm('en', days, { one: 'unused day', other: 'unused days' })} of ${plan}`,
    net: 'Net total',
    vat: (percent: number) => `VAT ${percent} %`,
    gross: 'Total',
    reverseCharge: 'Reverse charge',
    reverseChargeNote: (vatId: string) =>
      `Reverse charge (Steuerschuldnerschaft des Leistungsempfängers, Art. 196 Council Directive 2006/112/EC): the VAT is owed by the recipient of the service, VAT ID ${vatId}.`,
    payment: (due: string, number: string) =>
      `Please transfer the total without deduction by ${due}, quoting the invoice number ${number}, to:`,
    paid: 'This invoice has been paid.',
    bank: 'Bank',
    vatId: 'VAT ID',
    taxNumber: 'Tax number',
    directors: 'Managing directors',
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

/** The last day of the service period: the day before its end (the end is the next period's start). */
export const invoiceLastDay = (invoice: Pick<InvoiceRow, 'period_end'>) =>
  new Date(invoice.period_end.getTime() - 24 * 60 * 60 * 1000);

const ibanLine = (seller: InvoiceSeller) =>
  [seller.bankName, seller.iban && `IBAN ${friendlyFormatIBAN(seller.iban)}`, seller.bic && `BIC ${seller.bic}`]
    .filter(Boolean)
    .join(' · ');

/** The seller's legal data at the foot of the invoice (§ 14 UStG, § 35a GmbHG), as far as the invoice keeps them. */
function sellerDetails(seller: InvoiceSeller, t: (typeof TEXTS)[Locale]): Content {
  const column = (lines: (string | false | undefined)[], width: '*' | 'auto' = 'auto') => ({
    stack: lines.filter((line): line is string => Boolean(line)),
    width,
  });
  return {
    columns: [
      column([...addressLines(seller), seller.email]),
      // The register court names itself ('Amtsgericht …'); the number beneath it.
      column(
        [
          seller.managingDirectors && `${t.directors}: ${seller.managingDirectors}`,
          seller.registerCourt,
          seller.registerNumber,
        ],
        '*',
      ),
      column([seller.vatId && `${t.vatId} ${seller.vatId}`, seller.taxNumber && `${t.taxNumber} ${seller.taxNumber}`]),
      column([
        seller.bankName && `${t.bank}: ${seller.bankName}`,
        seller.iban && `IBAN ${friendlyFormatIBAN(seller.iban)}`,
        seller.bic && `BIC ${seller.bic}`,
      ]),
    ],
    columnGap: 12,
    fontSize: 7,
    color: '#555555',
    margin: [0, 36, 0, 0],
  };
}

/**
 * A German (or English) invoice with what § 14 UStG asks: seller and buyer with their addresses, the
 * seller's VAT ID and tax number, date and number, quantity and kind of the service, its period, the
 * net amount, tax rate and tax amount — or, under reverse charge, the note and the buyer's VAT ID —
 * and how to pay.
 */
export function invoiceDefinition(invoice: InvoiceRow): TDocumentDefinitions {
  const locale = invoice.locale;
  const t = TEXTS[locale];
  const euro = (cents: number) => formatEuroFromCents(cents, locale);
  const date = (value: Date) => formatDate(value, locale, OFFICE_TIME_ZONE);
  const { seller, buyer } = invoice;
  const period = `${date(invoice.period_start)} – ${date(invoiceLastDay(invoice))}`;
  const right = { alignment: 'right' as const };

  const rows: TableCell[][] = [
    [
      { text: t.position, bold: true },
      { text: t.quantity, bold: true, ...right },
      { text: t.service, bold: true },
      { text: t.unitPrice, bold: true, ...right },
      { text: t.amount, bold: true, ...right },
    ],
    [
      '1',
      { text: '1', ...right },
      { text: `${planLabel(invoice.plan_code, locale)}\n${t.period}: ${period}` },
      { text: euro(invoice.price_net), ...right },
      { text: euro(invoice.price_net), ...right },
    ],
  ];
  if (invoice.credit_net > 0 && invoice.credit_plan_code) {
    rows.push([
      '2',
      { text: '1', ...right },
      { text: t.credit(invoice.credit_days, planLabel(invoice.credit_plan_code, locale)) },
      { text: euro(-invoice.credit_net), ...right },
      { text: euro(-invoice.credit_net), ...right },
    ]);
  }
  const sumRow = (label: string, cents: number, bold = false): TableCell[] => [
    { text: label, colSpan: 4, bold },
    {},
    {},
    {},
    { text: euro(cents), bold, ...right },
  ];
  rows.push(
    sumRow(t.net, invoice.net),
    sumRow(
      invoice.reverse_charge ? `${t.vat(invoice.vat_percent)} – ${t.reverseCharge}` : t.vat(invoice.vat_percent),
      invoice.vat,
    ),
    sumRow(t.gross, invoice.gross, true),
  );

  const meta: string[][] = [
    [t.number, invoice.number],
    [t.date, date(invoice.issued_at)],
    [t.period, period],
    [t.due, date(invoice.due_at)],
    ...(buyer.vatId ? [[t.buyerVatId, buyer.vatId]] : []),
  ];
  const payment: Content[] =
    invoice.status === 'PAID'
      ? [{ text: t.paid, margin: [0, 24, 0, 6] }]
      : [
          { text: t.payment(date(invoice.due_at), invoice.number), margin: [0, 24, 0, 4] },
          { text: ibanLine(seller), bold: true, margin: [0, 0, 0, 6] },
        ];

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
            stack: [
              ...addressLines(seller),
              seller.email,
              ...(seller.vatId ? [`${t.vatId} ${seller.vatId}`] : []),
              ...(seller.taxNumber ? [`${t.taxNumber} ${seller.taxNumber}`] : []),
            ],
            alignment: 'right',
            fontSize: 9,
            color: '#555555',
          },
        ],
      },
      { text: addressLines(seller).join(' · '), fontSize: 7, color: '#777777', margin: [0, 36, 0, 4] },
      { stack: [...addressLines(buyer), ...(buyer.vatId ? [`${t.vatId} ${buyer.vatId}`] : [])], margin: [0, 0, 0, 32] },
      { text: `${t.title} ${invoice.number}`, fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      {
        table: { widths: ['auto', '*'], body: meta },
        layout: 'noBorders',
        margin: [0, 0, 0, 20],
      },
      {
        table: { headerRows: 1, widths: ['auto', 'auto', '*', 'auto', 'auto'], body: rows },
        layout: 'lightHorizontalLines',
      },
      ...(invoice.reverse_charge ? [{ text: t.reverseChargeNote(buyer.vatId ?? ''), margin: [0, 12, 0, 0] }] : []),
      ...payment,
      { text: t.thanks },
      sellerDetails(seller, t),
    ] as Content[],
  };
}
