import { OFFICE_TIME_ZONE, PATHS, formatDate, formatEuroFromCents } from '@plankurier/shared';
import { friendlyFormatIBAN } from 'ibantools';
import type { Deps } from '../../deps.ts';
import { renderInvoiceMail } from '../../mail/invoice-mail.ts';
import { withInvoicePdf } from './invoice-file.ts';
import { invoiceLastDay, planLabel } from './invoice-pdf.ts';
import { findInvoiceForMail, markInvoiceMailed } from './queries.ts';

export interface InvoiceMailJob {
  invoiceId: string;
  kind: 'buy' | 'renewal';
}

/**
 * Mails the invoice's PDF with a confirmation to the person it names (who bought; for a renewal the
 * office's longest-standing owner) in the invoice's language. An invoice mailed already is not mailed
 * again (a job run twice); one whose mail the relay did not take is retried by the job queue.
 */
export async function sendInvoiceMail(deps: Pick<Deps, 'db' | 'mail' | 'config'>, job: InvoiceMailJob) {
  const invoice = await findInvoiceForMail(deps.db, job.invoiceId);
  if (!invoice || invoice.mailed_at) return;
  const locale = invoice.locale;
  const date = (value: Date) => formatDate(value, locale, OFFICE_TIME_ZONE);
  const { seller, buyer } = invoice;
  const mail = renderInvoiceMail({
    locale,
    kind: job.kind,
    name: buyer.name,
    company: buyer.company,
    plan: planLabel(invoice.plan_code, locale),
    period: `${date(invoice.period_start)} – ${date(invoiceLastDay(invoice))}`,
    invoiceNumber: invoice.number,
    total: formatEuroFromCents(invoice.gross, locale),
    due: invoice.status === 'PAID' ? null : date(invoice.due_at),
    bankLine: [
      seller.bankName,
      seller.iban && `IBAN ${friendlyFormatIBAN(seller.iban)}`,
      seller.bic && `BIC ${seller.bic}`,
    ]
      .filter(Boolean)
      .join(', '),
    link: `${deps.config.publicUrl}${PATHS.profileTab('user_plan')}`,
  });
  await withInvoicePdf(invoice, (file) =>
    deps.mail.send({
      to: buyer.email,
      ...mail,
      messageId: `<invoice-${invoice.id}@${new URL(deps.config.publicUrl).hostname}>`,
      ...(seller.email ? { replyTo: seller.email } : {}),
      attachments: [{ filename: `${invoice.number}.pdf`, path: file, contentType: 'application/pdf' }],
    }),
  );
  await markInvoiceMailed(deps.db, invoice.id);
}
