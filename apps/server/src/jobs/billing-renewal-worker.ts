import type { Deps } from '../deps.ts';
import { settleDueBuys } from '../modules/billing/service.ts';

export const BILLING_RENEWAL_QUEUE = 'billing-renewal';

/**
 * Renews or ends buys whose period is over, every 10 minutes (pg-boss' cron runs it on one instance).
 * Sign-in and the project list also settle the calling account at once, so nobody waits for the cron.
 */
export async function startBillingRenewalWorker(deps: Deps): Promise<void> {
  const { boss } = deps.jobs;
  await boss.createQueue(BILLING_RENEWAL_QUEUE);
  await boss.schedule(BILLING_RENEWAL_QUEUE, '*/10 * * * *');
  await boss.work(BILLING_RENEWAL_QUEUE, async () => {
    const settled = await settleDueBuys(deps);
    if (settled > 0) deps.log.info({ settled }, 'billing periods settled');
  });
}
