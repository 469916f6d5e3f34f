import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { raiseTier, signUpOfficeAs } from './support/office.ts';
import { officeApi } from './support/seed.ts';
import { acceptAsNewPerson, colleagueBrowser, inviteFromMembersTab, openInvitationMail } from './support/team.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

async function signIn(page: Page, email: string, password = 'geheim123') {
  await page.getByLabel(t('form.email'), { exact: true }).fill(email);
  await page.getByLabel(t('form.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('signin.submit') }).click();
}

async function leaveOffice(page: Page, company: string) {
  await page.goto('/profile/members');
  await page.getByRole('button', { name: t('office.leave.button') }).click();
  const dialog = page.getByRole('dialog', { name: t('office.leave.title', { company }) });
  await dialog.getByRole('button', { name: t('office.leave.confirm') }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByTestId('session-end-notice')).toContainText(t('signin.ended.leftTitle', { company }));
}

test('a planner with her own office joins another with her account, switches between both, and leaves one', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ownerEmail = uniqueEmail('berg');
  const miaEmail = uniqueEmail('klein');
  const owner = officeApi(page.request, await signUpOfficeAs(page, ownerEmail));
  await raiseTier(ownerEmail, 'P1');
  await owner.project('2026-060', 'Schule am Park');

  // Mia runs her own office with a project of its own
  const mia = await colleagueBrowser(browser);
  const miaApi = officeApi(
    mia.request,
    await signUpOfficeAs(mia, miaEmail, { firstName: 'Mia', lastName: 'Klein', company: 'Klein Tragwerk' }),
  );
  await miaApi.project('K-7', 'Fußgängerbrücke');

  // Berg Architekten invite her as an administrator; her account exists, so the link asks for its password
  await page.goto('/profile/members');
  await inviteFromMembersTab(page, miaEmail, 'admin');
  await openInvitationMail(mia, miaEmail);
  await expect(mia.getByText(t('invitation.existingHint'))).toBeVisible();
  await expect(mia.getByLabel(t('form.firstName'))).toHaveCount(0);
  await mia.getByLabel(t('form.password'), { exact: true }).fill('falsch123');
  await mia.getByRole('button', { name: t('invitation.acceptExisting') }).click();
  await expect(mia.getByText(t('msg.auth.wrong_password'))).toBeVisible();
  await mia.getByLabel(t('form.password'), { exact: true }).fill('geheim123');
  await mia.getByRole('button', { name: t('invitation.acceptExisting') }).click();
  await expect(mia).toHaveURL(/\/projects$/);
  await expect(mia.getByText(t('invitation.welcome', { company: 'Berg Architekten' }))).toBeVisible();
  // an administrator sees every project of the office, none of her own office's
  await expect(mia.getByRole('link', { name: '2026-060' })).toBeVisible();
  await expect(mia.getByRole('link', { name: 'K-7' })).toHaveCount(0);

  // the nav bar names the office she works in; switching shows the other office's projects
  const switcher = mia.getByRole('button', { name: t('office.switcher.label', { company: 'Berg Architekten' }) });
  await expect(switcher).toBeVisible();
  await switcher.click();
  await mia.screenshot({ path: path.join(SHOTS, 'office-switcher-menu.png') });
  await mia.getByRole('menuitem', { name: /Klein Tragwerk/ }).click();
  await expect(mia.getByText(t('office.switcher.switched', { company: 'Klein Tragwerk' }))).toBeVisible();
  await expect(mia.getByRole('link', { name: 'K-7' })).toBeVisible();
  await expect(mia.getByRole('link', { name: '2026-060' })).toHaveCount(0);

  // the dashboard's profile zone lists both offices too; back to Berg Architekten from there
  await mia.getByRole('button', { name: t('nav.openMenu') }).click();
  const offices = mia.getByRole('navigation', { name: t('office.switcher.title') });
  await expect(offices.getByRole('button', { name: /Klein Tragwerk/ })).toHaveAttribute('aria-current', 'true');
  await mia.screenshot({ path: path.join(SHOTS, 'office-switcher-dashboard.png') });
  for (const width of [820, 390]) {
    await mia.setViewportSize({ width, height: 900 });
    await expect(offices).toBeVisible();
    await mia.screenshot({ path: path.join(SHOTS, `office-switcher-dashboard-${width}.png`), fullPage: true });
  }
  await mia.setViewportSize({ width: 1440, height: 900 });
  await offices.getByRole('button', { name: /Berg Architekten/ }).click();
  await expect(mia.getByRole('link', { name: '2026-060' })).toBeVisible();
  await expect(mia.getByRole('link', { name: 'K-7' })).toHaveCount(0);
  // a reload stays in the office she chose
  await mia.reload();
  await expect(mia.getByRole('link', { name: '2026-060' })).toBeVisible();

  // she leaves Berg Architekten: signed out, and the next sign-in lands in her own office
  await leaveOffice(mia, 'Berg Architekten');
  await signIn(mia, miaEmail);
  await expect(mia).toHaveURL(/\/projects$/);
  await expect(mia.getByRole('link', { name: 'K-7' })).toBeVisible();
  await expect(mia.getByRole('button', { name: /^Büro:/ })).toHaveCount(0);
});

test('a person whose only office is gone founds her own; a broken invitation link says so', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail('berg');
  const tomEmail = uniqueEmail('lang');
  await signUpOfficeAs(page, ownerEmail);
  await raiseTier(ownerEmail, 'P1');
  await page.goto('/profile/members');
  await inviteFromMembersTab(page, tomEmail, 'member');

  const tom = await colleagueBrowser(browser);
  await openInvitationMail(tom, tomEmail);
  await acceptAsNewPerson(tom, { firstName: 'Tom', lastName: 'Lang' });
  await leaveOffice(tom, 'Berg Architekten');

  // signed in without an office: the page to found one, the own account still reachable
  await signIn(tom, tomEmail);
  const noOffice = tom.getByTestId('no-office');
  await expect(noOffice).toContainText(t('office.none.title'));
  for (const width of [1440, 820, 390]) {
    await tom.setViewportSize({ width, height: 900 });
    await tom.screenshot({ path: path.join(SHOTS, `no-office-${width}.png`), fullPage: true });
  }
  await tom.setViewportSize({ width: 1440, height: 900 });
  await tom.goto('/profile/members');
  await expect(tom).toHaveURL(/\/profile\/members$/);
  await expect(tom.getByRole('tab', { name: t('account.tabs.members') })).toHaveCount(0);
  await expect(tom.getByLabel(t('form.firstName'))).toHaveValue('Tom');
  await tom.goto('/projects');
  await noOffice.getByRole('button', { name: t('office.none.found') }).click();
  await expect(noOffice.getByText(t('office.none.companyRequired'))).toBeVisible();
  await noOffice.getByLabel(t('form.company')).fill('Lang Bauleitung');
  await noOffice.getByRole('button', { name: t('office.none.found') }).click();
  await expect(tom.getByText(t('office.none.founded', { company: 'Lang Bauleitung' }))).toBeVisible();
  await expect(tom.getByText(t('projects.emptyTitle'))).toBeVisible();
  await expect(tom.getByText(t('common.tierLabel', { tier: 'FREE' }))).toBeVisible();

  // an invitation link that never existed
  await tom.goto('/invitation/this-link-was-never-sent-0123456789');
  await expect(tom.getByText(t('invitation.invalidTitle'))).toBeVisible();
  await expect(tom.getByText(t('invitation.invalidText'))).toBeVisible();
  await expect(tom.getByRole('link', { name: t('common.toSignIn') })).toBeVisible();
});
