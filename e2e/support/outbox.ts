import { expect, type Browser, type Page } from '@playwright/test';
import { renderMailAddressConfirmation } from '../../apps/server/src/mail/mail-address-mail.ts';
import { text } from './texts.ts';

/** The German confirmation mail of a BCC or Reply-To address, as the server renders it. */
const addressMail = renderMailAddressConfirmation({
  locale: 'de',
  person: '',
  company: '',
  uses: ['bcc'],
  link: '',
  validDays: 7,
});

/**
 * Opens the newest mail to `address` in the development mailbox (/dev/outbox) and follows its link
 * whose text is `linkText`, as the recipient would.
 */
export async function followMailLink(page: Page, address: string, subject: string, linkText: string) {
  await expect(async () => {
    await page.goto('/dev/outbox');
    await expect(page.getByRole('row').filter({ hasText: address }).filter({ hasText: subject }).first()).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  await page
    .getByRole('row')
    .filter({ hasText: address })
    .filter({ hasText: subject })
    .first()
    .getByRole('link')
    .click();
  await page.getByRole('link', { name: linkText }).click();
}

/**
 * The owner of a BCC or Reply-To address follows the confirmation link mailed to it, in a browser
 * of their own (no account), and sees it confirmed.
 */
export async function confirmMailAddress(browser: Browser, address: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await followMailLink(page, address, addressMail.subject, 'E-Mail-Adresse bestätigen');
  await expect(page.getByRole('heading', { name: text('de', 'mailAddressConfirm.successTitle') })).toBeVisible();
  await context.close();
}
