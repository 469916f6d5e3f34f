import type { Deps } from '../deps.ts';
import { startAccountMailWorker } from './account-mail-worker.ts';
import { startArchiveWorker } from './archive-worker.ts';
import { startBillingRenewalWorker } from './billing-renewal-worker.ts';
import { startContactImportWorker } from './contact-import-worker.ts';
import { startContactMailWorker } from './contact-mail-worker.ts';
import { startInvitationMailWorker } from './invitation-mail-worker.ts';
import { startInvoiceMailWorker } from './invoice-mail-worker.ts';
import { startDeliveryMailWorker } from './delivery-mail-worker.ts';
import { startPlanPreviewWorker } from './plan-preview-worker.ts';
import { startPlanSheetWorker } from './plan-sheet-worker.ts';
import { startPrintWorker } from './print-worker.ts';
import { startReceiptReminderWorker } from './receipt-reminder-worker.ts';
import { startSessionExpiryWorker } from './session-expiry-worker.ts';

/** One worker per queue; main.ts runs them beside HTTP, worker.ts alone. */
export async function startWorkers(deps: Deps): Promise<void> {
  await startAccountMailWorker(deps);
  await startInvitationMailWorker(deps);
  await startBillingRenewalWorker(deps);
  await startInvoiceMailWorker(deps);
  await startReceiptReminderWorker(deps);
  await startSessionExpiryWorker(deps);
  await startContactMailWorker(deps);
  await startContactImportWorker(deps);
  await startDeliveryMailWorker(deps);
  await startPrintWorker(deps);
  await startArchiveWorker(deps);
  await startPlanPreviewWorker(deps);
  await startPlanSheetWorker(deps);
}
