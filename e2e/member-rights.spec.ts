import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { raiseTier, signUpOfficeAs } from './support/office.ts';
import { hoaiPhase, officeApi } from './support/seed.ts';
import { acceptAsNewPerson, colleagueBrowser, openInvitationMail } from './support/team.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

/** The screen at the three widths the product is built for, saved for a look; none scrolls sideways. */
async function shootWidths(page: Page, name: string, part?: Locator) {
  for (const width of [1440, 820, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    // A long page shrinks to nothing in a full-page picture: the part itself, to be read.
    if (part) await part.screenshot({ path: path.join(SHOTS, `${name}-part-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const contactRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a member reads the contacts of projects they are not on and the office’s roles, and changes what belongs to their project', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ownerEmail = uniqueEmail('inhaberin');
  const miaEmail = uniqueEmail('mia');
  const server = officeApi(page.request, await signUpOfficeAs(page, ownerEmail));
  await raiseTier(ownerEmail, 'P1');

  // Project P (Mia is not on it) and project Q (she is), each with a participant; one office role.
  const klinik = await server.project('2026-070', 'Klinik Süd');
  const schule = await server.project('2026-071', 'Schule West');
  const folderOf = async (projectId: string) =>
    (await server.bundle(projectId)).participantfolders.find((f) => f.name === 'Fachplaner')!._id;
  await server.newParticipant(klinik._id, await folderOf(klinik._id), 'paula@klinik-planung.de', {
    firstName: 'Paula',
    lastName: 'Planung',
    company: 'Klinikplanung GmbH',
  });
  const quirinContact = await server.newParticipant(schule._id, await folderOf(schule._id), 'quirin@statik-quelle.de', {
    firstName: 'Quirin',
    lastName: 'Quelle',
    company: 'Statik Quelle',
  });
  await server.call('post', '/role', { name: 'Tragwerksplanung' });
  // A released plan of the school that Quirin gets, and the office's message template.
  const grundrisse = await server.folder(hoaiPhase(await server.bundle(schule._id), 5)._id, 'Grundrisse');
  const plan = await server.doc(grundrisse._id, 'S-101', 'Grundriss EG');
  await server.releasedVersion(plan._id, 'A');
  await server.subscribePdf(plan._id, quirinContact.participantId);
  await server.call('post', '/template', { type: 'DELIVERY', title: 'Standard', text: 'Guten Tag, anbei die Pläne.' });

  // Mia joins as a member and works on Schule West only.
  await server.call('post', '/office/invitations', { email: miaEmail, role: 'member' });
  const mia = await colleagueBrowser(browser);
  await openInvitationMail(mia, miaEmail);
  await acceptAsNewPerson(mia, { firstName: 'Mia', lastName: 'Klein' });
  const { members } = await server.call<{ members: { _id: string; email: string }[] }>('get', '/office/members');
  const miaId = members.find((m) => m.email === miaEmail)!._id;
  await server.call('post', `/project/${schule._id}/team`, { userId: miaId });

  // Her contact list: Paula (of the clinic) is locked and says why, Quirin (of her school) is not.
  await mia.goto('/contacts');
  const paula = contactRow(mia, 'Paula Planung');
  const quirin = contactRow(mia, 'Quirin Quelle');
  await expect(paula.getByRole('img', { name: t('contacts.readOnly.label') })).toBeVisible();
  await expect(quirin.getByRole('img', { name: t('contacts.readOnly.label') })).toHaveCount(0);
  await paula.getByRole('img', { name: t('contacts.readOnly.label') }).hover();
  await expect(mia.getByRole('tooltip')).toHaveText(t('contacts.readOnly.tooltip'));
  await mia.screenshot({ path: path.join(SHOTS, 'member-contacts-tooltip-1440.png'), fullPage: true });
  await mia.mouse.move(0, 0);

  // Its menu offers to look, not to delete or to ask for a confirmation.
  await paula.getByRole('button', { name: t('contacts.actionsFor', { name: 'Paula Planung' }) }).click();
  await expect(mia.getByText(t('contacts.readOnly.short'))).toBeVisible();
  await expect(mia.getByRole('menuitem', { name: t('common.delete') })).toBeDisabled();
  await expect(mia.getByRole('menuitem', { name: t('contacts.requestValidation') })).toBeDisabled();
  await mia.getByRole('menuitem', { name: t('contacts.view') }).click();
  const view = mia.getByRole('dialog', { name: t('contacts.form.viewTitle') });
  await expect(view.getByText(t('contacts.readOnly.tooltip'))).toBeVisible();
  await expect(view.getByLabel(t('form.email'))).toHaveValue('paula@klinik-planung.de');
  await expect(view.getByLabel(t('form.email'))).toHaveAttribute('readonly', '');
  await expect(view.getByRole('button', { name: t('common.save') })).toHaveCount(0);
  await shootWidths(mia, 'member-contact-read-only');
  await view.getByRole('button', { name: t('common.close'), exact: true }).click();
  await shootWidths(mia, 'member-contacts');

  // Quirin is hers to change: the new address is saved, and the school's timeline says who changed it.
  await quirin.click();
  const edit = mia.getByRole('dialog', { name: t('contacts.form.editTitle') });
  await edit.getByLabel(t('form.email')).fill('q.quelle@statik-quelle.de');
  await edit.getByRole('button', { name: t('common.save') }).click();
  await expect(mia.getByText(t('contacts.message.updated'))).toBeVisible();
  await expect(quirin).toContainText('q.quelle@statik-quelle.de');
  await page.goto(`/project/${schule._id}?tab=timeline`);
  const events = page.getByRole('list', { name: t('timeline.docsListLabel') });
  await expect(
    events.getByText(
      t('timeline.byActor.participantEmailChanged', {
        actor: 'Mia Klein',
        participant: 'Quirin Quelle',
        from: 'quirin@statik-quelle.de',
        to: 'q.quelle@statik-quelle.de',
      }),
    ),
  ).toBeVisible();

  // Her project's settings: the office's roles to read; creating and deleting say who does that.
  await mia.goto(`/project/${schule._id}?tab=settings`);
  const roles = mia.getByTestId('role-editor-read-only');
  await expect(roles.getByText(t('roles.readOnly'))).toBeVisible();
  const roleName = roles.getByRole('textbox', { name: t('roles.nameOf', { name: 'Tragwerksplanung' }) });
  await expect(roleName).toHaveValue('Tragwerksplanung');
  await expect(roleName).toHaveAttribute('readonly', '');
  await expect(roles.getByRole('button', { name: t('roles.create') })).toHaveAttribute('aria-disabled', 'true');
  const remove = roles.getByRole('button', { name: t('roles.delete', { name: 'Tragwerksplanung' }) });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await remove.click({ force: true }); // greyed, not inert: it keeps the tooltip, and does nothing
  await expect(mia.getByRole('dialog', { name: t('roles.deleteTitle', { name: 'Tragwerksplanung' }) })).toHaveCount(0);
  await remove.hover();
  await expect(mia.getByRole('tooltip')).toHaveText(t('roles.onlyManagers'));
  await roles.scrollIntoViewIfNeeded();
  await mia.screenshot({ path: path.join(SHOTS, 'member-roles-tooltip-1440.png') });
  await mia.mouse.move(0, 0);
  await shootWidths(mia, 'member-role-editor', roles);

  // She gives Quirin an existing role in her project; a new role is not offered, and she is told who adds one.
  await mia.goto(`/project/${schule._id}?tab=participants`);
  const quirinRow = mia.locator('[data-participant]').filter({ hasText: 'Quirin Quelle' });
  await quirinRow.getByRole('button', { name: t('participants.select', { name: 'Quirin Quelle' }) }).click();
  const dashboard = mia.getByRole('complementary', { name: t('participants.dashboard.label') });
  const roleField = dashboard.getByLabel(t('roles.label'), { exact: true });
  await roleField.click();
  await roleField.fill('Elektro');
  await expect(mia.getByText(t('roles.noCreate'))).toBeVisible();
  await expect(mia.getByRole('option', { name: t('roles.createOption', { name: 'Elektro' }) })).toHaveCount(0);
  await roleField.fill('');
  await mia.getByRole('option', { name: 'Tragwerksplanung', exact: true }).click();
  await expect(quirinRow).toContainText('Tragwerksplanung');

  // The owner's role editor is the full one.
  await page.goto(`/project/${schule._id}?tab=settings`);
  await expect(page.getByTestId('role-editor-read-only')).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('roles.create') })).toBeEnabled();

  // In deliver mode she applies the office's template; saving one is greyed and says who does that.
  await mia.goto(`/project/${schule._id}`);
  await mia.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await expect(
    mia.getByRole('checkbox', { name: t('deliver.selectSub', { doc: 'S-101', name: 'Quirin Quelle' }), exact: true }),
  ).toBeChecked({ timeout: 15_000 });
  await mia.getByRole('button', { name: t('deliver.next') }).click();
  await mia.getByRole('combobox', { name: t('deliver.template.label'), exact: true }).click();
  await mia.getByRole('option', { name: 'Standard' }).click();
  await expect(mia.getByLabel(t('deliver.message.text'))).toHaveValue('Guten Tag, anbei die Pläne.');
  const saveAs = mia.getByRole('button', { name: t('deliver.template.saveAs') });
  await expect(saveAs).toHaveAttribute('aria-disabled', 'true');
  await expect(mia.getByRole('button', { name: t('deliver.template.delete') })).toHaveCount(0);
  await saveAs.hover();
  await expect(mia.getByRole('tooltip')).toHaveText(t('deliver.template.onlyManagers'));
  await mia.screenshot({ path: path.join(SHOTS, 'member-template-picker-1440.png') });
});
