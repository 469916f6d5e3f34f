import type { Locale } from '@plankurier/shared';
import type { RenderedMail } from './account-mails.ts';
import { button, html, mailLayout } from './html.ts';

export interface InvoiceMailModel {
  locale: Locale;
  /** A first buy or upgrade, or a renewal at the period end. */
  kind: 'buy' | 'renewal';
  /** The person the invoice names, '' when it names none. */
  name: string;
  /** The office's company. */
  company: string;
  /** 'Plankurier PRO Monatsabo' (planLabel). */
  plan: string;
  /** The service period as the invoice writes it: '10.03.2026 – 09.04.2026'. */
  period: string;
  invoiceNumber: string;
  /** The gross total, formatted: '34,51 €'. */
  total: string;
  /** The due date, formatted; null when the invoice is paid already. */
  due: string | null;
  /** 'Commerzbank, IBAN DE89 3704 …, BIC COBADEFFXXX': where to transfer. */
  bankLine: string;
  /** The account's subscription tab, where the invoices are listed. */
  link: string;
}

/** The office's own people read 'du' (README 'How participants are addressed'). */
const TEXTS = {
  de: {
    subject: (m: InvoiceMailModel) =>
      m.kind === 'renewal'
        ? `Plankurier: Dein Abo wurde verlängert – Rechnung ${m.invoiceNumber}`
        : `Plankurier: Danke für deine Bestellung – Rechnung ${m.invoiceNumber}`,
    greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    intro: (m: InvoiceMailModel) =>
      m.kind === 'renewal'
        ? `das Abo ${m.plan} für ${m.company || 'dein Büro'} läuft weiter, für den Zeitraum ${m.period}.`
        : `danke für deine Bestellung: ${m.company || 'Dein Büro'} hat jetzt ${m.plan}, für den Zeitraum ${m.period}.`,
    invoice: (m: InvoiceMailModel) =>
      `Die Rechnung ${m.invoiceNumber} über ${m.total} liegt dieser E-Mail als PDF bei.`,
    payment: (m: InvoiceMailModel) =>
      m.due
        ? `Bitte überweise den Betrag bis zum ${m.due} unter Angabe der Rechnungsnummer: ${m.bankLine}.`
        : 'Der Betrag ist bereits bezahlt.',
    action: 'Abo und Rechnungen ansehen',
    footer: 'Plankurier – Planversand für Planungsbüros',
  },
  en: {
    subject: (m: InvoiceMailModel) =>
      m.kind === 'renewal'
        ? `Plankurier: your subscription was renewed – invoice ${m.invoiceNumber}`
        : `Plankurier: thank you for your order – invoice ${m.invoiceNumber}`,
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (m: InvoiceMailModel) =>
      m.kind === 'renewal'
        ? `the ${m.plan} of ${m.company || 'your office'} goes on for the period ${m.period}.`
        : `thank you for your order: ${m.company || 'your office'} now has the ${m.plan} for the period ${m.period}.`,
    invoice: (m: InvoiceMailModel) => `Invoice ${m.invoiceNumber} of ${m.total} is attached to this e-mail as a PDF.`,
    payment: (m: InvoiceMailModel) =>
      m.due
        ? `Please transfer the amount by ${m.due}, quoting the invoice number: ${m.bankLine}.`
        : 'The amount has been paid already.',
    action: 'View subscription and invoices',
    footer: 'Plankurier – plan delivery for planning offices',
  },
} as const;

/** The confirmation of a buy (or renewal) that carries its invoice, in the language of the invoice. */
export function renderInvoiceMail(model: InvoiceMailModel): RenderedMail {
  const t = TEXTS[model.locale];
  const subject = t.subject(model);
  const body = html`<p>${t.greeting(model.name)}</p>
    <p>${t.intro(model)}</p>
    <p>${t.invoice(model)}</p>
    <p>${t.payment(model)}</p>
    ${button(model.link, t.action)}`;
  const text = [
    t.greeting(model.name),
    '',
    t.intro(model),
    '',
    t.invoice(model),
    t.payment(model),
    '',
    `${t.action}: ${model.link}`,
    '',
    '-- ',
    t.footer,
    '',
  ].join('\n');
  return { subject, html: mailLayout(subject, body, t.footer), text };
}
