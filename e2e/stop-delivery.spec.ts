import { expect, test } from '@playwright/test';
import { deliveryState, seedPlanWithReceivers, sendFromDeliverMode } from './support/delivery.ts';
import { signUpOffice } from './support/office.ts';
import { officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);
const RECEIVERS = 24;

// The e2e server sends 120 delivery mails a minute (DELIVERY_MAILS_PER_MINUTE in playwright.config.ts,
// a relay's rate limit): 24 receivers take about twelve seconds, time enough to press stop.
test('the office stops a running delivery from its progress view; receivers not yet sent stay to send', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signUpOffice(page, 'stopp');
  const server = officeApi(page.request, token);
  const project = await seedPlanWithReceivers(server, { number: '2026-080', name: 'Schule am Park' }, RECEIVERS);
  const deliveryId = await sendFromDeliverMode(page, project._id, RECEIVERS);

  // While it runs: the stop button; pressing it ends the delivery at once.
  const progress = page.getByRole('region', { name: t('deliver.progress.label') });
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();
  await progress.getByRole('button', { name: t('deliver.progress.stop') }).click();
  await expect(progress.getByText(t('deliver.progress.stopped'))).toBeVisible();
  await expect(progress.getByRole('button', { name: t('deliver.progress.stop') })).toHaveCount(0);
  await expect(progress.locator('tr[data-status="PREPARING"]')).toHaveCount(0);
  const stoppedRows = progress.locator('tr[data-status="STOPPED"]');
  expect(await stoppedRows.count()).toBeGreaterThan(RECEIVERS / 2);

  // The screen agrees with the server, also once a mail that was on its way when stopped is through.
  await expect(async () => {
    const state = await deliveryState(page, token, deliveryId);
    const sent = state.recipients.filter((r) => r.status === 'SUCCESS').length;
    expect(state.status).toBe('STOPPED');
    expect(await progress.locator('tr[data-status="SUCCESS"]').count()).toBe(sent);
    expect(await stoppedRows.count()).toBe(RECEIVERS - sent);
    const detail = { sent, stopped: RECEIVERS - sent, count: RECEIVERS };
    await expect(progress.getByText(t('deliver.progress.stoppedDetail', detail))).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  // Stopped is not 'successfully delivered': no such toast.
  await expect(page.getByText(t('message_files_delivered'))).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('delivery-stopped.png'), fullPage: true });

  // Those not sent are still to send (RED), those sent are GREEN.
  const stopped = await stoppedRows.count();
  const subs = (await server.call<{ subs: { state: { deliver: string } }[] }>('get', `/project/${project._id}`)).subs;
  expect(subs.filter((s) => s.state.deliver === 'RED')).toHaveLength(stopped);
  expect(subs.filter((s) => s.state.deliver === 'GREEN')).toHaveLength(RECEIVERS - stopped);
  await progress.getByRole('button', { name: t('deliver.progress.close') }).click();
  await expect(page.getByRole('button', { name: t('deliver.send.button') })).toHaveCount(0);
});
