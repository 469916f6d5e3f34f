import { expect, test } from '@playwright/test';
import { text } from './support/texts.ts';

test('a signed-out visitor who opens the account page lands on sign-in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: text('de', 'signin.submit') })).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/nonexistent');
  await expect(page.getByRole('heading', { name: text('de', 'notFound.title') })).toBeVisible();
});

test('imprint, privacy and terms are readable without an account', async ({ page }) => {
  for (const [path, key] of [
    ['/imprint', 'legal.imprint'],
    ['/privacy', 'legal.privacy'],
    ['/terms', 'legal.terms'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: text('de', key), level: 1 })).toBeVisible();
  }
});

test('the landing page leads to sign-in and shows no navigation bar', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: text('de', 'nav.openMenu') })).toHaveCount(0);
  await page
    .getByRole('link', { name: text('de', 'landing.signin') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin$/);
});
