import { expect, type Page } from '@playwright/test';

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
