import { expect, test, type WebSocketRoute } from '@playwright/test';
import { deliveryState, seedPlanWithReceivers, sendFromDeliverMode } from './support/delivery.ts';
import { signUpOffice } from './support/office.ts';
import { officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const RECEIVERS = 40;
const SOCKET_IO = /\/socket\.io\//;

// The e2e server sends 120 delivery mails a minute (DELIVERY_MAILS_PER_MINUTE): forty receivers
// take about twenty seconds, so the live connection drops while the delivery runs, also on a busy machine.
test('after the live connection dropped mid-delivery, the progress view catches up once it is back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The socket.io connection passes through a route this test can cut, as a sleeping laptop would.
  const open: WebSocketRoute[] = [];
  let offline = false;
  await page.routeWebSocket(SOCKET_IO, (ws) => {
    if (offline) return void ws.close();
    ws.connectToServer();
    open.push(ws);
  });

  const token = await signUpOffice(page, 'funkloch');
  const server = officeApi(page.request, token);
  const project = await seedPlanWithReceivers(server, { number: '2026-090', name: 'Halle Nord' }, RECEIVERS);
  const deliveryId = await sendFromDeliverMode(page, project._id, RECEIVERS);
  const progress = page.getByRole('region', { name: t('deliver.progress.label') });
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();

  // The connection drops: no socket, and no new one (nor its long-polling fallback) gets through.
  offline = true;
  await page.route(SOCKET_IO, (route) => route.abort('internetdisconnected'));
  await Promise.all(open.splice(0).map((ws) => ws.close()));

  // Meanwhile the delivery ends on the server; its events were lost, the view still shows it running.
  await expect
    .poll(async () => (await deliveryState(page, token, deliveryId)).status, { timeout: 60_000 })
    .toBe('DONE');
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();
  expect(await progress.locator('tr[data-status="PREPARING"]').count()).toBeGreaterThan(0);

  // Back online: the socket reconnects and the view reads the delivery again: done, every receiver sent.
  offline = false;
  await page.unroute(SOCKET_IO);
  await expect(progress.getByText(t('deliver.progress.summary'))).toBeVisible({ timeout: 20_000 });
  await expect(progress.locator('tr[data-status="SUCCESS"]')).toHaveCount(RECEIVERS);
  await expect(page.getByText(t('message_files_delivered'))).toBeVisible();
});
