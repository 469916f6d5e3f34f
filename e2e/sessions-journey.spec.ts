import { expect, test, type Page } from '@playwright/test';
import { checkScreen, SCREENS } from './support/responsive.ts';
import { colleagueBrowser } from './support/team.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);
const PASSWORD = 'Sonnenuhr-Kastanie';

async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel(t('form.email'), { exact: true }).fill(email);
  await page.getByLabel(t('form.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('signin.submit') }).click();
  await expect(page).toHaveURL(/\/projects$/);
}

test('a common password is refused at sign-up; the person sees where she is signed in and signs out everywhere else', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('berg');

  // Sign-up with one of the most common passwords: the server refuses it, said at the field in German
  await page.goto('/signup');
  await page.getByLabel(t('form.firstName')).fill('Anna');
  await page.getByLabel(t('form.lastName')).fill('Berg');
  await page.getByLabel(t('form.company')).fill('Berg Architekten');
  await page.getByLabel(t('form.email'), { exact: true }).fill(email);
  await page.getByLabel(t('form.password'), { exact: true }).fill('123456');
  await page.getByLabel(t('form.passwordRepeat')).fill('123456');
  await page.getByRole('button', { name: t('signup.submit') }).click();
  const passwordField = page.getByLabel(t('form.password'), { exact: true });
  await expect(page.getByText(t('msg.auth.password_too_common'))).toBeVisible();
  await expect(passwordField).toHaveAttribute('data-invalid', 'true');
  await expect(page).toHaveURL(/\/signup$/);
  await checkScreen(page, 'signup-common-password');

  // ...and one with the office's name in it
  await passwordField.fill('Berg-2026-Planung');
  await page.getByLabel(t('form.passwordRepeat')).fill('Berg-2026-Planung');
  await page.getByRole('button', { name: t('signup.submit') }).click();
  await expect(page.getByText(t('msg.auth.password_like_account'))).toBeVisible();

  await passwordField.fill(PASSWORD);
  await page.getByLabel(t('form.passwordRepeat')).fill(PASSWORD);
  await page.getByRole('button', { name: t('signup.submit') }).click();
  await expect(page).toHaveURL(/\/projects$/);

  // The same person on a second device (another browser)
  const laptop = await colleagueBrowser(browser);
  await signIn(laptop, email);

  // The account's devices: both sessions, this one marked
  await page.goto('/profile/sessions');
  await expect(page.getByRole('tab', { name: t('account.tabs.sessions') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: t('account.sessions.title') })).toBeVisible();
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  const thisDevice = page.locator('[data-testid="session-row"][data-current="true"]');
  await expect(thisDevice).toContainText(t('account.sessions.thisDevice'));
  // The browser is read from its User-Agent
  await expect(thisDevice).not.toContainText(t('account.sessions.unknownDevice'));
  await expect(thisDevice.getByRole('button', { name: new RegExp(t('account.sessions.signOut')) })).toHaveCount(0);

  for (const screen of ['desktop', 'tablet', 'phone'] as const) {
    await page.setViewportSize(SCREENS[screen]);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute('data-current', 'true');
    if (screen !== 'phone') {
      // the eighth tab keeps the account's tabs on one line from a tablet on
      const tops = await page
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
      expect.soft(new Set(tops).size, `account tabs on one line at ${screen}`).toBe(1);
    }
    await checkScreen(page, 'account-sessions');
  }
  await page.setViewportSize(SCREENS.desktop);

  // Sign out everywhere else: the other device's open tab is signed out at once, this one stays
  await page.getByRole('button', { name: t('account.sessions.signOutOthers') }).click();
  await expect(page.getByText(t('account.sessions.signedOutOthers'))).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText(t('account.sessions.onlyThis'))).toBeVisible();
  await expect(laptop).toHaveURL(/\/signin$/);
  await expect(laptop.getByTestId('session-end-notice')).toContainText(t('signin.ended.expiredTitle'));

  // This device still works
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/projects$/);
  await laptop.context().close();
});
