import { expect, test, type Page } from '@playwright/test';
import { seedPlanWithReceivers } from './support/delivery.ts';
import { signUpOffice } from './support/office.ts';
import { confirmMailAddress } from './support/outbox.ts';
import { officeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

const bccSwitch = (page: Page) => page.getByRole('switch', { name: t('deliver.message.bcc') });

/** Deliver mode of the project, on its message step. */
async function messageStep(page: Page, projectId: string) {
  await page.goto(`/project/${projectId}`);
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await expect(page.getByTestId('deliver-count-participants')).toContainText('1', { timeout: 15_000 });
  await page.getByRole('button', { name: t('deliver.next') }).click();
}

test('a BCC address is used only once its owner confirmed it: the settings say so, deliver mode waits for it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'kopie'));
  const project = await seedPlanWithReceivers(server, { number: '2026-120', name: 'Rathaus' }, 1);
  const archive = uniqueEmail('archiv');

  // The person enters the office's archive mailbox as BCC address and saves.
  await page.goto('/profile/user_settings');
  await page.getByLabel(t('account.settings.bccEmail')).fill(archive);
  await page.getByRole('button', { name: t('common.save') }).click();
  const state = page.getByTestId('bcc-state');
  await expect(state).toContainText(t('account.settings.addressState.pending', { email: archive }));
  await expect(state.getByRole('button', { name: t('account.settings.addressState.resend') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settings-bcc-pending.png'), fullPage: true });

  // Until then the copy cannot be chosen, and the step says why.
  await messageStep(page, project._id);
  await expect(bccSwitch(page)).toBeDisabled();
  await expect(page.getByText(t('deliver.message.bccUnconfirmed', { email: archive }))).toBeVisible();

  await page.getByRole('link', { name: t('deliver.toProfile') }).click();
  const leave = page.getByRole('dialog', { name: t('deliver.leaveTitle') });
  await leave.getByRole('button', { name: t('deliver.leaveConfirm') }).click();
  await expect(page.getByTestId('bcc-state')).toContainText(
    t('account.settings.addressState.pending', { email: archive }),
  );

  // The archive's owner follows the link (no account), and the open settings show it confirmed
  // without a reload (the session hears of it).
  await confirmMailAddress(browser, archive);
  await expect(page.getByTestId('bcc-state')).toHaveText(t('account.settings.addressState.confirmed'));
  await page.screenshot({ path: test.info().outputPath('settings-bcc-confirmed.png'), fullPage: true });

  await messageStep(page, project._id);
  await expect(bccSwitch(page)).toBeEnabled();
  await bccSwitch(page).click();
  await expect(bccSwitch(page)).toBeChecked();
  await expect(page.getByText(t('deliver.message.bccTo', { email: archive }))).toBeVisible();
});

test('a confirmation link that is unknown says so on a page of its own', async ({ page }) => {
  await page.goto(`/mail-address/confirm/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: t('mailAddressConfirm.failedTitle') })).toBeVisible();
  await expect(page.getByText(t('msg.mail_address.link_invalid'), { exact: false })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath('confirm-link-invalid-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
