import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { raiseTier, signUpOfficeAs } from './support/office.ts';
import { officeApi, openPlan, planRow, seedPlanProject, uploadAndRelease } from './support/seed.ts';
import { acceptAsNewPerson, colleagueBrowser, inviteFromMembersTab, openInvitationMail } from './support/team.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = path.resolve(import.meta.dirname, '../test-results');
const MIA = { firstName: 'Mia', lastName: 'Klein' };
const TOM = { firstName: 'Tom', lastName: 'Lang' };

/** The screen at the three widths the product is built for, saved for a look. */
async function shootWidths(page: Page, name: string) {
  for (const width of [1440, 820, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an owner invites two colleagues, puts them on a project, one uploads and the other sees it live; a removed colleague is signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerEmail = uniqueEmail('inhaberin');
  const miaEmail = uniqueEmail('mia');
  const tomEmail = uniqueEmail('tom');
  const server = officeApi(page.request, await signUpOfficeAs(page, ownerEmail));
  await raiseTier(ownerEmail, 'P1'); // PRO: five people
  const scene = await seedPlanProject(server, { number: '2026-050', name: 'Rathaus Nord' });
  const project = scene.project;

  // the members tab: the owner alone, one of five seats
  await page.goto('/profile/members');
  const seats = page.getByTestId('seat-summary');
  await expect(seats).toContainText(t('office.seats.taken_other', { taken: '1', count: '5' }));
  await expect(page.getByTestId(`member-${ownerEmail}`)).toContainText(t('office.roles.owner'));

  // two invitations with the member role: three seats taken, both open with their dates
  await inviteFromMembersTab(page, miaEmail, 'member');
  await inviteFromMembersTab(page, tomEmail, 'member');
  await expect(seats).toContainText(t('office.seats.taken_other', { taken: '3', count: '5' }));
  await expect(page.getByText(t('office.invitations.title_other', { count: '2' }))).toBeVisible();
  await expect(page.getByTestId(`invitation-${miaEmail}`)).toContainText(t('office.roles.member'));
  await shootWidths(page, 'team-members-tab');

  // each accepts from the mailed link in their own browser and lands on an empty project list
  const mia = await colleagueBrowser(browser);
  await openInvitationMail(mia, miaEmail);
  await expect(
    mia.getByText(
      t('invitation.intro', { invitedBy: 'Anna Berg', role: t('office.roles.member'), company: 'Berg Architekten' }),
    ),
  ).toBeVisible();
  await shootWidths(mia, 'team-invitation-page');
  await mia.getByLabel(t('form.firstName')).fill(MIA.firstName);
  await mia.getByLabel(t('invitation.newPassword')).fill('geheim123');
  await mia.getByLabel(t('form.passwordRepeat')).fill('geheim124');
  await mia.getByRole('button', { name: t('invitation.acceptNew') }).click();
  await expect(mia.getByText(t('msg.auth.password_mismatch'))).toBeVisible();
  await acceptAsNewPerson(mia, MIA);
  await expect(mia.getByText(t('projects.emptyTextMember'))).toBeVisible();

  const tom = await colleagueBrowser(browser);
  await openInvitationMail(tom, tomEmail);
  await acceptAsNewPerson(tom, TOM);

  // both are members now; the invitations are gone
  await page.reload();
  await expect(page.getByTestId(`member-${miaEmail}`)).toContainText('Mia Klein');
  await expect(page.getByRole('combobox', { name: t('office.members.roleOf', { name: 'Tom Lang' }) })).toHaveValue(
    t('office.roles.member'),
  );
  await expect(page.getByText(t('office.invitations.none'))).toBeVisible();

  // the owner adds both to the project; Mia's project list shows it without a reload
  await page.goto(`/project/${project._id}?tab=settings`);
  for (const person of [MIA, TOM]) {
    await page.getByRole('combobox', { name: t('team.addLabel') }).click();
    await page.getByRole('option', { name: new RegExp(`^${person.firstName} ${person.lastName}`) }).click();
    await page.getByRole('button', { name: t('team.add'), exact: true }).click();
    await expect(page.getByRole('list', { name: t('team.listLabel') })).toContainText(
      `${person.firstName} ${person.lastName}`,
    );
  }
  await expect(mia.getByRole('link', { name: '2026-050' })).toBeVisible();
  await shootWidths(page, 'team-project-settings');

  // members neither delete projects nor buy
  await tom.goto(`/project/${project._id}?tab=settings`);
  await expect(tom.getByRole('list', { name: t('team.listLabel') })).toContainText('Mia Klein');
  await expect(tom.getByRole('button', { name: t('settings.deleteButton') })).toHaveCount(0);
  await expect(tom.getByRole('button', { name: t('team.add'), exact: true })).toHaveCount(0);
  await tom.goto('/profile/user_plan');
  await expect(tom.getByText(t('account.plan.ownerOnly'))).toBeVisible();
  await expect(tom.getByRole('button', { name: t('account.upgrade.start') })).toHaveCount(0);
  await expect(tom.getByRole('heading', { name: t('account.invoices.title') })).toHaveCount(0);
  await shootWidths(tom, 'team-plan-member');
  // the office's data: read, not changed
  await tom.getByRole('tab', { name: t('account.tabs.office') }).click();
  await expect(tom.getByText(t('account.office.readOnly'))).toBeVisible();
  await expect(tom.getByLabel(t('form.company'))).toHaveValue('Berg Architekten');
  await expect(tom.getByLabel(t('form.company'))).toHaveAttribute('readonly', '');
  await expect(tom.getByRole('button', { name: t('common.save'), exact: true })).toHaveCount(0);
  // the members tab: everyone is listed, but only owners and admins invite
  await tom.getByRole('tab', { name: t('account.tabs.members') }).click();
  await expect(tom.getByTestId(`member-${miaEmail}`)).toBeVisible();
  await expect(tom.getByRole('button', { name: t('office.invite.submit') })).toHaveCount(0);

  // Tom watches the plan list; Mia uploads index A of A-101 and releases it: Tom sees it arrive
  await tom.goto(`/project/${project._id}`);
  await tom.getByText('LP5', { exact: true }).click();
  const tomsRow = planRow(tom, 'LP5', 'Grundriss EG');
  await expect(tomsRow).toContainText(t('docs.prepared'));
  await expect(tomsRow).not.toContainText('PDF');
  const contextBar = await openPlan(mia, project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await uploadAndRelease(mia, contextBar);
  await expect(tomsRow).toContainText('PDF');
  await expect(tomsRow).not.toContainText(t('docs.prepared'));

  // the owner's timeline names Mia and filters by person
  await page.goto(`/project/${project._id}?tab=timeline`);
  const events = page.getByRole('list', { name: t('timeline.docsListLabel') });
  const released = t('timeline.byActor.versionReleased', { actor: 'Mia Klein', index: 'A', doc: 'A-101 Grundriss EG' });
  await expect(events.getByText(released)).toBeVisible();
  await expect(
    events.getByText(t('timeline.byActor.docCreatedPlan', { actor: 'Anna Berg', doc: 'A-101 Grundriss EG' })),
  ).toBeVisible();
  await page.getByRole('tab', { name: t('timeline.filter.tabs.actors'), exact: true }).click();
  await page.getByRole('combobox', { name: t('timeline.filter.select.actors') }).click();
  await page.getByRole('option', { name: 'Mia Klein' }).click();
  await page.keyboard.press('Escape');
  await expect(events.getByText(released)).toBeVisible();
  await expect(
    events.getByText(t('timeline.byActor.docCreatedPlan', { actor: 'Anna Berg', doc: 'A-101 Grundriss EG' })),
  ).toBeHidden();

  // the owner takes Mia off the project while she has it open: she is back on her project list, told why
  await expect(mia).toHaveURL(new RegExp(`/project/${project._id}`));
  await page.goto(`/project/${project._id}?tab=settings`);
  await page.getByRole('button', { name: t('team.removeFrom', { name: 'Mia Klein' }) }).click();
  const takeOff = page.getByRole('dialog', { name: t('team.removeTitle', { name: 'Mia Klein' }) });
  await takeOff.getByRole('button', { name: t('team.removeConfirm') }).click();
  await expect(page.getByText(t('team.removed', { name: 'Mia Klein' }))).toBeVisible();
  await expect(mia).toHaveURL(/\/projects$/);
  await expect(mia.getByText(t('team.removedFromProject', { project: '2026-050 | Rathaus Nord' }))).toBeVisible();
  await expect(mia.getByRole('link', { name: '2026-050' })).toHaveCount(0);

  // the owner corrects the office's address; Tom's read-only office tab follows at once
  await tom.goto('/profile/office');
  await expect(tom.getByLabel(t('account.data.streetName'))).toHaveValue('');
  await page.goto('/profile/office');
  await page.getByLabel(t('account.data.streetName')).fill('Marktplatz');
  await page.getByRole('button', { name: t('common.save'), exact: true }).click();
  await expect(page.getByText(t('message_account_update_data_success'))).toBeVisible();
  await expect(tom.getByLabel(t('account.data.streetName'))).toHaveValue('Marktplatz');

  // the owner removes Tom after a question naming him; Tom's page goes to sign-in and says why
  await page.goto('/profile/members');
  await page.getByRole('button', { name: t('office.members.actions', { name: 'Tom Lang' }) }).click();
  await page.getByRole('menuitem', { name: t('office.members.remove') }).click();
  const confirm = page.getByRole('dialog', { name: t('office.members.removeTitle', { name: 'Tom Lang' }) });
  await expect(confirm).toContainText(
    t('office.members.removeText', { name: 'Tom Lang', company: 'Berg Architekten' }),
  );
  await confirm.getByRole('button', { name: t('office.members.removeConfirm') }).click();
  await expect(page.getByText(t('office.members.removed', { name: 'Tom Lang' }))).toBeVisible();
  await expect(page.getByTestId(`member-${tomEmail}`)).toHaveCount(0);
  await expect(seats).toContainText(t('office.seats.taken_other', { taken: '2', count: '5' }));

  await expect(tom).toHaveURL(/\/signin$/);
  await expect(tom.getByTestId('session-end-notice')).toContainText(
    t('signin.ended.removedTitle', { company: 'Berg Architekten' }),
  );
  await shootWidths(tom, 'team-removed-signin');
  // the link of the mail is used up
  await openInvitationMail(tom, tomEmail);
  await expect(tom.getByText(t('invitation.invalidTitle'))).toBeVisible();
  await shootWidths(tom, 'team-invitation-invalid');
  await tom.getByRole('link', { name: t('common.toSignIn') }).click();
  await expect(tom).toHaveURL(/\/signin$/);
});

test('a stale edit names the colleague who changed the project meanwhile and shows their version', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail('inhaberin');
  const miaEmail = uniqueEmail('mia');
  const server = officeApi(page.request, await signUpOfficeAs(page, ownerEmail));
  await raiseTier(ownerEmail, 'P1');
  const project = await server.project('2026-070', 'Rathaus Nord');
  await page.goto('/profile/members');
  await inviteFromMembersTab(page, miaEmail, 'admin');
  const mia = await colleagueBrowser(browser);
  await openInvitationMail(mia, miaEmail);
  await acceptAsNewPerson(mia, MIA);
  const miaApi = officeApi(mia.request, (await mia.evaluate(() => localStorage.getItem('plankurier.token')))!);

  // the owner starts renaming; meanwhile Mia renames the project herself
  await page.goto(`/project/${project._id}?tab=settings`);
  const name = page.getByLabel(t('settings.name'));
  await name.fill('Rathaus Süd');
  await miaApi.call('put', `/project/${project._id}`, { name: 'Rathaus West' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rathaus West');
  await expect(name).toHaveValue('Rathaus Süd');
  // the project's form (the settings also hold the naming key, with a save button of its own)
  const saveProject = page
    .locator('form')
    .filter({ has: name })
    .getByRole('button', { name: t('common.save') });

  // saving on the old revision is refused: the toast names Mia, the form shows her name
  await saveProject.click();
  await expect(page.getByText(text('de', 'msgBy.common.conflict', { name: 'Mia Klein' }))).toBeVisible();
  await expect(name).toHaveValue('Rathaus West');
  expect((await server.bundle(project._id)) as unknown as { project: { name: string } }).toMatchObject({
    project: { name: 'Rathaus West' },
  });
  await page.screenshot({ path: path.join(SHOTS, 'team-stale-edit.png') });

  // a save on what is shown now goes through
  await name.fill('Rathaus Süd');
  await saveProject.click();
  await expect(page.getByText(t('message_data_updated'))).toBeVisible();
  await expect(mia.getByRole('link', { name: '2026-070' })).toBeVisible();
});
