import { expect, test, type Browser, type Page } from '@playwright/test';
import { followMailLink } from './outbox.ts';
import { text } from './texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);

/** A colleague's own browser: a new context with the journeys' base URL, language and screen. */
export async function colleagueBrowser(browser: Browser): Promise<Page> {
  const { baseURL, viewport } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: viewport ?? { width: 1440, height: 900 },
  });
  return context.newPage();
}

/** Invites a person from the members tab, as an owner or admin would. */
export async function inviteFromMembersTab(page: Page, email: string, role: 'owner' | 'admin' | 'member') {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: t('office.invite.submit') }) });
  await form.getByLabel(t('office.invite.email')).fill(email);
  await form.getByRole('combobox', { name: t('office.invite.role') }).click();
  await page.getByRole('option', { name: t(`office.roles.${role}`), exact: true }).click();
  await form.getByRole('button', { name: t('office.invite.submit') }).click();
  await expect(page.getByText(t('office.invite.sent', { email }))).toBeVisible();
  await expect(page.getByTestId(`invitation-${email}`)).toBeVisible();
}

/** The invitation mail's link, followed in the invited person's browser (subject: '<inviter> lädt dich zu …'). */
export const openInvitationMail = (page: Page, email: string) =>
  followMailLink(page, email, 'lädt dich zu', 'Einladung annehmen');

/** A new person accepts the invitation with names and a password, and lands on the project list. */
export async function acceptAsNewPerson(
  page: Page,
  person: { firstName: string; lastName: string },
  password = 'geheim123',
) {
  await page.getByLabel(t('form.firstName')).fill(person.firstName);
  await page.getByLabel(t('form.lastName')).fill(person.lastName);
  await page.getByLabel(t('invitation.newPassword')).fill(password);
  await page.getByLabel(t('form.passwordRepeat')).fill(password);
  await page.getByRole('button', { name: t('invitation.acceptNew') }).click();
  await expect(page).toHaveURL(/\/projects$/);
}
