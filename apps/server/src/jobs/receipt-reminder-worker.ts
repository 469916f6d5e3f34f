import type { Deps } from '../deps.ts';
import { sendDueReceiptReminders } from '../modules/receipts/service.ts';

export const RECEIPT_REMINDER_QUEUE = 'receipt-reminders';

/**
 * Mails the due reminders to confirm receipt every 15 minutes (pg-boss' cron runs it on one
 * instance; two runs at once take different recipients, see takeDueReminders).
 */
export async function startReceiptReminderWorker(deps: Deps): Promise<void> {
  const { boss } = deps.jobs;
  await boss.createQueue(RECEIPT_REMINDER_QUEUE);
  await boss.schedule(RECEIPT_REMINDER_QUEUE, '*/15 * * * *');
  await boss.work(RECEIPT_REMINDER_QUEUE, async () => {
    const sent = await sendDueReceiptReminders(deps);
    if (sent > 0) deps.log.info({ sent }, 'receipt reminders sent');
  });
}
