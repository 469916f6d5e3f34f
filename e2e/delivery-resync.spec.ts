import { expect, test } from '@playwright/test';
import { deliveryState, seedPlanWithReceivers, sendFromDeliverMode } from './support/delivery.ts';
import { cuttableLiveSocket } from './support/live-socket.ts';
import { signUpOffice } from './support/office.ts';
import { officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const RECEIVERS = 40;

// The e2e server sends 120 delivery mails a minute (DELIVERY_MAILS_PER_MINUTE): forty receivers
// take about twenty seconds, so the live connection drops while the delivery runs, also on a busy machine.
test('after the live connection dropped mid-delivery, the progress view catches up once it is back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The socket.io connection passes through a route this test can cut, as a sleeping laptop would.
  const socket = await cuttableLiveSocket(page);

  const token = await signUpOffice(page, 'funkloch');
  const server = officeApi(page.request, token);
  const project = await seedPlanWithReceivers(server, { number: '2026-090', name: 'Halle Nord' }, RECEIVERS);
  const deliveryId = await sendFromDeliverMode(page, project._id, RECEIVERS);
  const progress = page.getByRole('region', { name: t('deliver.progress.label') });
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();

  // The connection drops: no socket, and no new one (nor its long-polling fallback) gets through.
  await socket.cut();

  // Meanwhile the delivery ends on the server; its events were lost, the view still shows it running.
  await expect
    .poll(async () => (await deliveryState(page, token, deliveryId)).status, { timeout: 60_000 })
    .toBe('DONE');
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();
  expect(await progress.locator('tr[data-status="PREPARING"]').count()).toBeGreaterThan(0);

  // Back online: the socket reconnects and the view reads the delivery again: done, every receiver sent.
  await socket.restore();
  await expect(progress.getByText(t('deliver.progress.summary'))).toBeVisible({ timeout: 20_000 });
  await expect(progress.locator('tr[data-status="SUCCESS"]')).toHaveCount(RECEIVERS);
  await expect(page.getByText(t('message_files_delivered'))).toBeVisible();
});
