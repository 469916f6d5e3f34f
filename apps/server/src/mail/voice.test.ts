import { formalGermanIn, informalGermanIn } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import type { InvoiceRow } from '../modules/billing/queries.ts';
import { invoiceDefinition } from '../modules/billing/invoice-pdf.ts';
import { renderAccountMail, type RenderedMail } from './account-mails.ts';
import { renderContactValidationMail } from './contact-mails.ts';
import { renderDeliveryMail, type DeliveryMailModel } from './delivery-mail.ts';
import { renderInvitationMail } from './invitation-mail.ts';
import { renderInvoiceMail } from './invoice-mail.ts';
import { renderMailAddressConfirmation } from './mail-address-mail.ts';
import { renderReceiptReminder } from './receipt-reminder-mail.ts';
import { renderSecurityNotice } from './security-notice-mails.ts';

/** 'Email', 'Files', 'Filetyp' as words of their own: the product writes 'E-Mail', 'Dateien', 'Dateityp'. */
const NON_STANDARD = /(?<!\p{L})(Emails?|Filetyps?|Files?)(?!\p{L})/u;

const LINK = 'http://plankurier.test/l/abc';
const parts = (mail: RenderedMail) => [mail.subject, mail.text, mail.html];

const delivery: DeliveryMailModel = {
  locale: 'de',
  company: 'Büro Anna',
  project: { number: 'P-1', name: 'Haus Müller' },
  subject: 'Projekt: P-1 | Haus Müller',
  userMessage: '',
  requestReceipt: true,
  docs: [{ docId: 'd1', number: 'A-101', name: 'Grundriss', index: 'C', releaseDate: null, formats: ['PDF'] }],
  subscriberLists: [],
  link: LINK,
};

const address = {
  company: 'Berg Architekten',
  name: 'Anna Berg',
  streetName: 'Hauptstraße',
  streetNumber: '1',
  cityCode: '80331',
  cityName: 'München',
  email: 'a@example.org',
  vatId: 'DE136695976',
};

const invoice: InvoiceRow = {
  id: 'i',
  office_id: 'o',
  buy_id: 'b',
  seq: 1,
  number: 'PK-2026-00001',
  issued_at: new Date(2026, 0, 10),
  due_at: new Date(2026, 0, 24),
  status: 'OPEN',
  plan_code: 'P1M',
  period_start: new Date(2026, 0, 10),
  period_end: new Date(2026, 1, 10),
  price_net: 2900,
  credit_net: 0,
  credit_days: 0,
  credit_plan_code: null,
  net: 2900,
  vat: 551,
  gross: 3451,
  vat_percent: 19,
  reverse_charge: false,
  mailed_at: null,
  locale: 'de',
  seller: address,
  buyer: address,
};

/** The German mails the office's own people read, and the invoice PDF: 'du'. */
const officeTexts: [string, string[]][] = [
  ['account confirmation', parts(renderAccountMail('validate', 'de', 'Anna', LINK))],
  ['password reset', parts(renderAccountMail('reset', 'de', 'Anna', LINK))],
  ['password changed', parts(renderSecurityNotice({ kind: 'password_changed' }, 'de', 'Anna', LINK))],
  [
    'e-mail address changed',
    parts(renderSecurityNotice({ kind: 'email_changed', newEmail: 'neu@example.org' }, 'de', 'Anna', LINK)),
  ],
  [
    'team invitation',
    parts(
      renderInvitationMail({
        locale: 'de',
        inviter: 'Anna Berg',
        company: 'Berg Architekten',
        role: 'member',
        link: LINK,
        validDays: 7,
      }),
    ),
  ],
  ...(['buy', 'renewal'] as const).map((kind): [string, string[]] => [
    `invoice mail (${kind})`,
    parts(
      renderInvoiceMail({
        locale: 'de',
        kind,
        name: 'Anna Berg',
        company: 'Berg Architekten',
        plan: 'Plankurier PRO Monatsabo',
        period: '10.01.2026 – 09.02.2026',
        invoiceNumber: 'PK-2026-00001',
        total: '34,51 €',
        due: '24.01.2026',
        bankLine: 'Commerzbank, IBAN DE89 3704 0044 0532 0130 00',
        link: LINK,
      }),
    ),
  ]),
  ['invoice PDF', [JSON.stringify(invoiceDefinition(invoice).content)]],
];

/** The German mails a participant or contact reads: 'Sie'. */
const recipientTexts: [string, string[]][] = [
  ['delivery mail', parts(renderDeliveryMail(delivery))],
  [
    'receipt reminder',
    parts(
      renderReceiptReminder({
        locale: 'de',
        company: 'Büro Anna',
        project: delivery.project,
        subject: delivery.subject,
        sentAt: new Date(2026, 0, 10),
        plans: ['A-101 Grundriss (Index C)'],
        link: LINK,
      }),
    ),
  ],
  ['contact validation', parts(renderContactValidationMail('de', 'Büro Anna', LINK))],
  [
    'BCC / Reply-To address confirmation',
    parts(
      renderMailAddressConfirmation({
        locale: 'de',
        person: 'Anna Berg',
        company: 'Berg Architekten',
        uses: ['bcc', 'replyTo'],
        link: LINK,
        validDays: 7,
      }),
    ),
  ],
];

describe('German mails speak with one voice per side', () => {
  test.each(officeTexts)('the %s says du: no Sie, Ihr or Ihnen', (_name, texts) => {
    expect(texts.map(formalGermanIn)).toEqual(texts.map(() => null));
  });

  test.each(recipientTexts)('the %s says Sie: no du or dein', (_name, texts) => {
    expect(texts.map(informalGermanIn)).toEqual(texts.map(() => null));
    expect(formalGermanIn(texts[1]!)).not.toBeNull();
  });

  test("the office's copy of a delivery mail is the recipient's mail under a note that addresses no one", () => {
    const copy = renderDeliveryMail({ ...delivery, officeCopyOf: 'max@bau.de' });
    const note = copy.text.split('\n').find((line) => line.startsWith('Kopie für das Büro:'));
    expect(note).toBeDefined();
    expect([informalGermanIn(note!), formalGermanIn(note!)]).toEqual([null, null]);
  });

  test.each([...officeTexts, ...recipientTexts])('the %s writes E-Mail and Datei', (_name, texts) => {
    expect(texts.map((text) => NON_STANDARD.exec(text)?.[0] ?? null)).toEqual(texts.map(() => null));
  });
});
