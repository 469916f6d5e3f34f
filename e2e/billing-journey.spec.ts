import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { upgradeCredit, vatOf } from '../packages/shared/src/billing.ts';
import { formatEuroFromCents, pluralForm } from '../packages/shared/src/format.ts';
import { officeCall, signUpOffice, signUpOfficeAs } from './support/office.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = process.env.E2E_SHOTS ?? path.resolve(import.meta.dirname, '../test-results');
const euro = (cents: number) => formatEuroFromCents(cents, 'de');

interface BillingAnswer {
  activeBuy: { startAt: string; endPeriodAt: string } | null;
  invoices: { number: string }[];
}

async function createProjectInDialog(page: Page, number: string) {
  await page.getByRole('button', { name: t('projects.create'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('projects.dialog.title') });
  await dialog.getByLabel(t('projects.dialog.number')).fill(number);
  await dialog.getByRole('button', { name: t('projects.dialog.submit') }).click();
  return dialog;
}

/** The invoice PDF as the office downloads it from the done step, read back as text. */
async function downloadedInvoiceText(page: Page, button: Locator): Promise<string> {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await (await download).path();
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('a free office hits the project limit, upgrades to PRO monthly, then to ENTERPRISE yearly with credit on the invoice', async ({
  page,
}) => {
  const token = await signUpOffice(page, 'abo');
  const call = officeCall(page.request, token);
  await call('put', '/user', {
    updateType: 'UPDATE_PROFILE',
    streetName: 'Hauptstraße',
    streetNumber: '5',
    cityCode: '80331',
    cityName: 'München',
  });
  await call('post', '/project', { number: '2026-001', name: 'Wohnhaus Berg' });
  await page.reload();

  // FREE holds one project: the second one shows the upgrade path
  await expect(page.getByText(t('common.tierLabel', { tier: 'FREE' }))).toBeVisible();
  const dialog = await createProjectInDialog(page, '2026-002');
  await expect(dialog.getByText(t('projects.dialog.limitTitle'))).toBeVisible();
  await dialog.getByRole('link', { name: t('projects.dialog.upgrade') }).click();
  await expect(page).toHaveURL(/\/profile\/user_plan$/);
  await expect(page.getByText(t('account.invoices.empty'))).toBeVisible();

  // select_tier: monthly cards, PRO
  await page.getByRole('button', { name: t('account.upgrade.start') }).click();
  const flow = page.getByTestId('upgrade-flow');
  await flow.getByText(t('account.plan.period.MONTH'), { exact: true }).click();
  await expect(page.getByTestId('tier-card-P1')).toContainText('29,00 €');
  await expect(page.getByTestId('tier-card-P2')).toContainText('79,00 €');
  await flow.screenshot({ path: path.join(SHOTS, 'billing-select-tier.png') });
  await flow.getByRole('button', { name: t('account.upgrade.choose', { tier: 'PRO' }) }).click();

  // finalize: 29,00 € net, 5,51 € VAT, 34,51 € gross, the billing address, invoice mode
  await expect(flow.getByTestId('upgrade-total')).toHaveText('34,51 €');
  await expect(flow.getByText('Hauptstraße 5')).toBeVisible();
  await flow.getByRole('button', { name: t('account.upgrade.order', { amount: '34,51 €' }) }).click();
  await expect(flow.getByText(t('account.upgrade.doneTitle', { tier: 'PRO' }))).toBeVisible();
  await expect(page.getByText(t('common.tierLabel', { tier: 'PRO' })).first()).toBeVisible();
  await expect(page.getByRole('link', { name: t('common.upgradeLink', { tier: 'ENTERPRISE' }) })).toBeVisible();

  // now the second project goes through
  await page.goto('/projects');
  const second = await createProjectInDialog(page, '2026-002');
  await expect(second).toBeHidden();
  await expect(page.getByRole('heading', { name: '2026-002' })).toBeVisible();

  // 'mehr Power im ENTERPRISE Abo' leads to the tab; a monthly PRO may move to ENTERPRISE yearly
  await page.getByRole('link', { name: t('common.upgradeLink', { tier: 'ENTERPRISE' }) }).click();
  await expect(page).toHaveURL(/\/profile\/user_plan$/);
  await page.getByRole('button', { name: t('account.upgrade.start') }).click();
  await flow.getByText(t('account.plan.period.YEAR'), { exact: true }).click();
  await expect(flow.getByRole('button', { name: t('account.upgrade.choose', { tier: 'PRO' }) })).toBeVisible();
  await flow.getByRole('button', { name: t('account.upgrade.choose', { tier: 'ENTERPRISE' }) }).click();

  // the credit for the unused days of the PRO month, by the shared rule on the running buy's dates
  const billing = await call<BillingAnswer>('get', '/billing');
  const credit = upgradeCredit(
    {
      startAt: new Date(billing.activeBuy!.startAt),
      endPeriodAt: new Date(billing.activeBuy!.endPeriodAt),
      netCents: 2900,
    },
    new Date(),
  );
  expect(credit.netCredit).toBeGreaterThan(0);
  const net = 79000 - credit.netCredit;
  const gross = net + vatOf(net);
  await expect(flow.getByTestId('upgrade-summary')).toContainText(euro(-credit.netCredit));
  await expect(flow.getByTestId('upgrade-total')).toHaveText(euro(gross));
  await expect(flow.getByTestId('upgrade-discount')).toBeVisible();
  await flow.screenshot({ path: path.join(SHOTS, 'billing-finalize.png') });
  await flow.getByRole('button', { name: t('account.upgrade.order', { amount: euro(gross) }) }).click();
  await expect(flow.getByText(t('account.upgrade.doneTitle', { tier: 'ENTERPRISE' }))).toBeVisible();
  await expect(page.getByRole('link', { name: t('common.upgradeLink', { tier: 'ENTERPRISE' }) })).toBeHidden();
  await flow.screenshot({ path: path.join(SHOTS, 'billing-done.png') });

  // the invoice PDF names the credit and the amounts
  const invoices = (await call<BillingAnswer>('get', '/billing')).invoices;
  expect(invoices).toHaveLength(2);
  const number = invoices[0]!.number;
  const pdf = await downloadedInvoiceText(
    page,
    flow.getByRole('button', { name: t('account.upgrade.downloadInvoice', { number }) }),
  );
  expect(pdf).toContain(`Rechnung ${number}`);
  expect(pdf).toContain('Plankurier ENTERPRISE Jahresabo');
  const days = pluralForm('de', credit.remainingDays, { one: 'ungenutzten Tag', other: 'ungenutzte Tage' });
  expect(pdf).toContain(`Gutschrift für ${credit.remainingDays} ${days} Plankurier PRO Monatsabo`);
  expect(pdf).toContain(euro(-credit.netCredit));
  expect(pdf).toMatch(new RegExp(`Gesamtbetrag brutto\\s+${euro(gross).replace('.', '\\.')}`));
  expect(pdf).toContain('Hauptstraße 5');
  expect(pdf).toContain('80331 München');

  // both invoices are listed in the account
  await flow.getByRole('button', { name: t('common.close'), exact: true }).click();
  const list = page.getByTestId('invoice-list');
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list).toContainText(euro(gross));
  await expect(list).toContainText('34,51 €');
  await expect(page.getByText(t('account.plan.topTier'))).toBeVisible();

  // renewal can be switched off: the plan then ends at its period end
  const renew = page.getByLabel(t('account.upgrade.autoRenew'));
  await expect(renew).toBeChecked();
  // the switch sits in the first card: at the top, clear of the sticky nav bar
  await page.evaluate(() => window.scrollTo(0, 0));
  await renew.click({ force: true });
  await expect(renew).not.toBeChecked();
  await expect(page.getByText(t('account.plan.endsOn', { date: '' }).split(',')[0]!.trim())).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, 'billing-plan-card.png') });
  await list.screenshot({ path: path.join(SHOTS, 'billing-invoices.png') });
});

test('an outdated web build shows the update notice, and its dialog reloads the app', async ({ page }) => {
  await signUpOffice(page, 'update');
  await expect(page.getByRole('button', { name: t('nav.updateAvailable') })).toBeHidden();
  // This client claims an older version than the server's: the real server answers appNeedsUpdate.
  await page.route(
    (url) => url.pathname === '/api/projects',
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('appVersion', '0.9.0');
      return route.continue({ url: url.toString() });
    },
  );
  await page.reload();
  const notice = page.getByRole('button', { name: t('nav.updateAvailable') });
  await expect(notice).toBeVisible();
  await notice.click();
  const dialog = page.getByRole('dialog', { name: t('nav.updateDialog.title') });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'app-update-dialog.png') });
  await dialog.getByRole('button', { name: t('nav.updateDialog.later') }).click();
  await expect(dialog).toBeHidden();
  await notice.click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: t('nav.updateDialog.reload') }).click();
  await reloaded;
  await expect(page.getByRole('dialog', { name: t('nav.updateDialog.title') })).toBeHidden();
  await expect(notice).toBeVisible();
});

test('after buying PRO yearly, the plan tab asks nothing the server has to refuse', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) refused.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  await signUpOffice(page, 'jahresabo');
  await page.goto('/profile/user_plan');
  await page.getByRole('button', { name: t('account.upgrade.start') }).click();
  const flow = page.getByTestId('upgrade-flow');
  await flow.getByText(t('account.plan.period.YEAR'), { exact: true }).click();
  await flow.getByRole('button', { name: t('account.upgrade.choose', { tier: 'PRO' }) }).click();
  await expect(flow.getByTestId('upgrade-total')).toHaveText(euro(29000 + vatOf(29000)));
  await flow.getByRole('button', { name: t('account.upgrade.order', { amount: euro(29000 + vatOf(29000)) }) }).click();
  await expect(flow.getByText(t('account.upgrade.doneTitle', { tier: 'PRO' }))).toBeVisible();
  await flow.getByRole('button', { name: t('common.close'), exact: true }).click();
  await expect(page.getByRole('link', { name: t('common.upgradeLink', { tier: 'ENTERPRISE' }) })).toBeVisible();

  // the yearly PRO may only move to the yearly ENTERPRISE, whose quote is asked and answered
  await page.getByRole('button', { name: t('account.upgrade.start') }).click();
  await expect(flow.getByRole('button', { name: t('account.upgrade.choose', { tier: 'PRO' }) })).toBeHidden();
  await flow.getByRole('button', { name: t('account.upgrade.choose', { tier: 'ENTERPRISE' }) }).click();
  await expect(flow.getByTestId('upgrade-summary')).toBeVisible();
  expect(refused).toEqual([]);
});

/** Screenshots at desktop, tablet and phone width; none of them may scroll sideways. */
async function shoot(page: Page, name: string) {
  for (const width of [1440, 820, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an office abroad enters its VAT ID in the billing address, buys without VAT by reverse charge and gets the invoice by mail', async ({
  page,
}) => {
  const email = uniqueEmail('wien');
  await signUpOfficeAs(page, email);
  await page.goto('/profile/office');
  const vatId = page.getByLabel(t('account.data.vatId'));

  // a wrong VAT ID stands at its field, in the office's language; nothing is saved
  await vatId.fill('ATU12345678');
  await page.getByRole('button', { name: t('common.save') }).click();
  await expect(page.getByText(t('msg.office.vat_id_invalid'))).toBeVisible();
  await shoot(page, 'billing-address-vat-id-invalid');
  await page.reload();
  await expect(vatId).toHaveValue('');

  // a right one is saved in its written form
  await vatId.fill('atu 1234 5675');
  await page.getByRole('button', { name: t('common.save') }).click();
  await expect(page.getByText(t('message_account_update_data_success'))).toBeVisible();
  await expect(vatId).toHaveValue('ATU12345675');
  await shoot(page, 'billing-address-vat-id');

  // the order names it and charges no VAT
  await page.goto('/profile/user_plan');
  await page.getByRole('button', { name: t('account.upgrade.start') }).click();
  const flow = page.getByTestId('upgrade-flow');
  await flow.getByText(t('account.plan.period.MONTH'), { exact: true }).click();
  await flow.getByRole('button', { name: t('account.upgrade.choose', { tier: 'PRO' }) }).click();
  await expect(flow.getByText(t('account.data.vatIdLine', { vatId: 'ATU12345675' }))).toBeVisible();
  await expect(
    flow.getByText(`${t('account.upgrade.vat', { percent: '0' })} – ${t('account.upgrade.reverseCharge')}`),
  ).toBeVisible();
  await expect(flow.getByTestId('upgrade-total')).toHaveText('29,00 €');
  await shoot(page, 'billing-finalize-reverse-charge');
  await flow.getByRole('button', { name: t('account.upgrade.order', { amount: '29,00 €' }) }).click();
  await expect(flow.getByText(t('account.upgrade.doneTitle', { tier: 'PRO' }))).toBeVisible();

  // the confirmation mail in the mailbox, with the invoice attached
  await expect(async () => {
    await page.goto('/dev/outbox');
    await expect(
      page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Danke für deine Bestellung' }),
    ).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const mails = fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
    .filter((raw) => raw.includes(`To: ${email}`) && /Content-Type: application\/pdf/.test(raw));
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatch(/filename="?RE-\d{6}\.pdf/);
});
