import { expect, test, type Page } from '@playwright/test';
import { formatTime } from '@plankurier/shared';
import { seedPlanWithReceivers } from './support/delivery.ts';
import { cuttableLiveSocket } from './support/live-socket.ts';
import { signUpOffice } from './support/office.ts';
import { checkScreen, SCREENS } from './support/responsive.ts';
import { officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);
const RECEIVERS = 2;

/** The project in deliver mode's second step, every RED receiver selected, ready to press Senden. */
async function readyToSend(page: Page, projectId: string) {
  await page.goto(`/project/${projectId}`);
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await expect(page.getByTestId('deliver-count-participants')).toContainText(String(RECEIVERS), { timeout: 15_000 });
  await page.getByRole('button', { name: t('deliver.next') }).click();
}

async function pressSend(page: Page) {
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/delivery/participants'));
  await page
    .getByRole('dialog', { name: t('deliver.send.title') })
    .getByRole('button', { name: t('deliver.send.confirm') })
    .click();
  return answer;
}

// Two tabs of the office (two colleagues, or one person twice) prepared the same delivery; the
// second tab's live connection is down, so it still shows the plans as to send when the first
// tab's delivery has gone out. Its "Senden" is refused beside the button, naming who sent when.
test('the same delivery sent again from a second tab a moment later is refused where Senden was pressed, naming who sent it and when', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signUpOffice(page, 'doppelt');
  const server = officeApi(page.request, token);
  const project = await seedPlanWithReceivers(server, { number: '2026-095', name: 'Kita Lindenhof' }, RECEIVERS);

  const second = await page.context().newPage();
  const socket = await cuttableLiveSocket(second);
  await readyToSend(page, project._id);
  await readyToSend(second, project._id);
  await socket.cut();

  const first = await pressSend(page);
  expect(first.status()).toBe(202);
  const progress = page.getByRole('region', { name: t('deliver.progress.label') });
  await expect(progress.getByText(t('deliver.progress.summary'))).toBeVisible({ timeout: 30_000 });

  const refused = await pressSend(second);
  expect(refused.status()).toBe(409);
  const body = (await refused.json()) as { msgCode: string; sentBy: string; sentAt: string };
  expect(body.msgCode).toBe('delivery.duplicate');
  expect(body.sentBy).toBe('Anna Berg');
  // In the browser's zone (the journeys run in Europe/Berlin), as the screen writes it.
  const time = formatTime(body.sentAt, { timeZone: 'Europe/Berlin' });
  const notice = second.getByRole('alert').filter({ hasText: t('deliver.send.failed') });
  await expect(notice).toContainText(t('deliver.send.duplicate', { name: 'Anna Berg', time }));
  // Nothing went out twice: the timeline holds one sent mail per receiver.
  const mails = await server.call<{ total: number }>('post', '/timeline', { project: project._id, eventType: 'EMAIL' });
  expect(mails.total).toBe(RECEIVERS);
  await checkScreen(second, 'duplicate-refused');
  await second.setViewportSize(SCREENS.phone);
  await notice.scrollIntoViewIfNeeded();
  await checkScreen(second, 'duplicate-refused');
  await socket.restore();
});
