import type { Deps } from '../deps.ts';
import { sendInvoiceMail, type InvoiceMailJob } from '../modules/billing/invoice-mail.ts';
import { QUEUES } from './boss.ts';

/** The confirmation mail with the invoice PDF, queued in the transaction that issued the invoice. */
export async function startInvoiceMailWorker(deps: Deps): Promise<void> {
  await deps.jobs.boss.work<InvoiceMailJob>(
    QUEUES.invoiceMail,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await sendInvoiceMail(deps, job.data);
    },
  );
}
