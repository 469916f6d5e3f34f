import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { officeCall, signUpOffice } from './support/office.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);
const PDF = path.resolve(import.meta.dirname, '../../shared/fixtures/tracemonkey.pdf');
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

const CONTACTS_CSV = [
  'Vorname,Nachname,E-Mail,Firma',
  'Jonas,Weber,jonas.weber@statik-weber.de,Statik Weber GmbH',
  // a long company and address beside the short name: the picker's row must still show 'Hinzufügen'
  'Lena,Vogt,lena.vogt@ingenieurbuero-vogt-tga.de,Ingenieurbüro Vogt für Technische Gebäudeausrüstung',
  'Paul,Krüger,paul.krueger@example.org,',
].join('\r\n');

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function createPlan(page: Page, number: string, name: string) {
  await page.getByRole('button', { name: t('docs.addToFolder', { name: 'Grundrisse' }) }).click();
  const planDialog = page.getByRole('dialog', { name: t('docs.docDialog.titlePlan') });
  await planDialog.getByLabel(t('docs.docDialog.number')).fill(number);
  await planDialog.getByLabel(t('docs.docDialog.name')).fill(name);
  await page.keyboard.press('Enter');
  await expect(planDialog).toBeHidden();
}

const projectTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: t('project.tabsLabel') }).getByRole('tab', { name });

/** The toggles are controlled: the state follows once the change is in the cache, so click and wait. */
async function toggleOn(checkbox: Locator) {
  await checkbox.click();
  await expect(checkbox).toBeChecked();
}

const participantRow = (page: Page, name: string) => page.locator('[data-participant]').filter({ hasText: name });

test('an office adds imported contacts as participants with roles, subscribes them and sees what is still to send', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUpOffice(page, 'beteiligte');

  // three contacts from a small CSV
  await page.goto('/contacts?tab=import');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'kontakte.csv', mimeType: 'text/csv', buffer: Buffer.from(CONTACTS_CSV, 'utf8') });
  await expect(page.getByRole('group', { name: t('contacts.import.imported') })).toContainText('3', {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: t('contacts.import.finish') }).click();
  await expect(page).toHaveURL(/\/contacts$/);

  // a project with two plans in LP5; the first gets a released version with a PDF
  await page.goto('/projects');
  await page.getByRole('button', { name: t('projects.createFirst') }).click();
  const createDialog = page.getByRole('dialog', { name: t('projects.dialog.title') });
  await createDialog.getByLabel(t('projects.dialog.number')).fill('2026-021');
  await createDialog.getByLabel(t('projects.dialog.name')).fill('Schule Nord');
  await createDialog.getByRole('button', { name: t('projects.dialog.submit') }).click();
  await expect(page.getByRole('heading', { name: '2026-021 | Schule Nord' })).toBeVisible();
  await page.getByText('LP5', { exact: true }).click();
  await page.getByRole('button', { name: t('docs.newFolder') }).click();
  const folderDialog = page.getByRole('dialog', { name: t('docs.folderDialog.title') });
  await folderDialog.getByLabel(t('docs.folderDialog.name')).fill('Grundrisse');
  await page.keyboard.press('Enter');
  await expect(folderDialog).toBeHidden();

  await createPlan(page, 'A-101', 'Grundriss EG');
  const contextBar = page.getByRole('complementary', { name: t('context.label', { name: 'A-101 Grundriss EG' }) });
  await contextBar.getByRole('button', { name: t('context.prepareNext') }).click();
  await contextBar.getByLabel(t('context.index')).fill('A');
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('message_version_added'))).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await contextBar.getByTestId('version-dropzone').click();
  await (await chooser).setFiles(PDF);
  await expect(contextBar.getByRole('group', { name: 'tracemonkey.pdf' }).getByText(/\d+ × \d+ mm/)).toBeVisible({
    timeout: 30_000,
  });
  await contextBar.getByRole('button', { name: t('context.release') }).click();
  const releaseDialog = page.getByRole('dialog', { name: t('context.releaseTitle', { index: 'A' }) });
  await releaseDialog.getByRole('button', { name: t('context.release') }).click();
  await expect(page.getByText(t('message_version_released'))).toBeVisible();
  await createPlan(page, 'A-102', 'Grundriss OG');

  // the participants tab starts with its three empty folders and offers the contact picker
  await projectTab(page, t('project.tabs.participants')).click();
  await expect(page.getByText(t('participants.emptyFolder'))).toHaveCount(3);
  const dashboard = page.getByRole('complementary', { name: t('participants.dashboard.label') });
  await expect(dashboard.getByRole('tab', { name: t('participants.dashboard.tabs.contacts') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dashboard.getByText(t('participants.picker.count', { shown: 3, count: 3 }))).toBeVisible();
  // A tablet's panel floats over the list and shows only when asked for: asked for from the list.
  const openContacts = async (width: number) => {
    if (width < 1440) {
      await expect(dashboard).toBeHidden();
      await page.getByRole('button', { name: t('participants.addContacts') }).click();
    }
    await expect(dashboard.getByText(t('participants.picker.count', { shown: 3, count: 3 }))).toBeVisible();
  };
  // each row's 'Hinzufügen' shows its whole label, beside a long company and address too
  for (const [width, height] of [
    [1440, 900],
    [820, 1180],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openContacts(width);
    const adds = dashboard.getByRole('button', { name: t('participants.picker.addAria', { name: 'Lena Vogt' }) });
    await expect(adds).toBeInViewport({ ratio: 1 });
    const cut = await dashboard
      .getByRole('listitem')
      .getByRole('button')
      .evaluateAll(
        (buttons) =>
          buttons.filter((b) => {
            const label = b.querySelector('.mantine-Button-label') ?? b;
            return label.scrollWidth > label.clientWidth + 1 || b.scrollWidth > b.clientWidth + 1;
          }).length,
      );
    expect(cut, `'Hinzufügen' cut at ${width} px`).toBe(0);
    await page.screenshot({ path: test.info().outputPath(`picker-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await openContacts(1440);

  // a target folder is required
  await dashboard.getByRole('button', { name: t('participants.picker.addAria', { name: 'Jonas Weber' }) }).click();
  await expect(dashboard.getByText(t('msg.contact.folder_required'))).toBeVisible();
  await choose(page, dashboard, t('participants.picker.targetFolder'), 'Fachplaner');
  await dashboard.getByRole('button', { name: t('participants.picker.addAria', { name: 'Jonas Weber' }) }).click();
  await expect(participantRow(page, 'Jonas Weber')).toBeVisible();
  await dashboard.getByRole('button', { name: t('participants.picker.addAria', { name: 'Lena Vogt' }) }).click();
  await expect(participantRow(page, 'Lena Vogt')).toBeVisible();
  await choose(page, dashboard, t('participants.picker.targetFolder'), 'Bauherr');
  await dashboard.getByRole('button', { name: t('participants.picker.addAria', { name: 'Paul Krüger' }) }).click();
  await expect(participantRow(page, 'Paul Krüger')).toBeVisible();
  await expect(dashboard.getByText(t('participants.picker.allTaken'))).toBeVisible();
  await dashboard.getByLabel(t('participants.picker.search')).fill('Weber');
  await expect(dashboard.getByText(t('participants.picker.noContactsFound'))).toBeVisible();
  await dashboard.getByLabel(t('participants.picker.search')).fill('');

  // a fourth participant as a new contact from the project, into 'Ausführende'
  await choose(page, dashboard, t('participants.picker.targetFolder'), 'Ausführende');
  await dashboard.getByRole('button', { name: t('participants.picker.newContact') }).click();
  const contactDialog = page.getByRole('dialog', { name: t('contacts.form.createTitle') });
  await contactDialog.getByLabel(t('form.firstName')).fill('Petra');
  await contactDialog.getByLabel(t('form.lastName')).fill('Schmidt');
  await contactDialog.getByLabel(t('form.email')).fill('petra.schmidt@rohbau-schmidt.de');
  await contactDialog.getByRole('button', { name: t('contacts.form.submitCreate') }).click();
  await expect(contactDialog).toBeHidden();
  await expect(participantRow(page, 'Petra Schmidt')).toBeVisible();

  // roles: 'Statik' in the project settings, 'TGA' created right in the role field
  await projectTab(page, t('project.tabs.settings')).click();
  await page.getByLabel(t('roles.newName')).fill('statik');
  await page.getByRole('button', { name: t('roles.create') }).click();
  await expect(page.getByLabel(t('roles.nameOf', { name: 'statik' }))).toBeVisible();
  await page.getByLabel(t('roles.newName')).fill('Statik');
  await page.getByRole('button', { name: t('roles.create') }).click();
  await expect(page.getByText(t('msg.role.name_taken'))).toBeVisible();
  await page.getByLabel(t('roles.newName')).fill('');
  const roleName = page.getByLabel(t('roles.nameOf', { name: 'statik' }));
  await roleName.fill('Statik');
  await roleName.press('Enter');
  await expect(page.getByLabel(t('roles.nameOf', { name: 'Statik' }))).toBeVisible();

  await projectTab(page, t('project.tabs.participants')).click();
  await participantRow(page, 'Jonas Weber')
    .getByRole('button', { name: t('participants.select', { name: 'Jonas Weber' }) })
    .click();
  const roles = dashboard.getByLabel(t('roles.label'), { exact: true });
  await roles.click();
  await page.getByRole('option', { name: 'Statik', exact: true }).click();
  await expect(participantRow(page, 'Jonas Weber')).toContainText('Statik');
  // every role of the office picked: the open list says that typing a name creates one
  await roles.click();
  await expect(page.getByText(t('roles.typeToCreate'))).toBeVisible();
  await page.keyboard.press('Escape');
  await participantRow(page, 'Lena Vogt')
    .getByRole('button', { name: t('participants.select', { name: 'Lena Vogt' }) })
    .click();
  await roles.click();
  await roles.fill('TGA');
  await page.getByRole('option', { name: t('roles.createOption', { name: 'TGA' }) }).click();
  await expect(participantRow(page, 'Lena Vogt')).toContainText('TGA');

  // the role filter
  await choose(page, page, t('participants.roleFilter'), 'TGA');
  await expect(participantRow(page, 'Jonas Weber')).toBeHidden();
  await expect(participantRow(page, 'Lena Vogt')).toBeVisible();
  await choose(page, page, t('participants.roleFilter'), t('participants.allRoles'));
  await expect(participantRow(page, 'Jonas Weber')).toBeVisible();

  // subscriptions from the plan's context bar: PDF for all, TEC for one
  await projectTab(page, t('project.tabs.docs')).click();
  await page.getByText('LP5', { exact: true }).click();
  await page.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
  await contextBar.getByRole('tab', { name: t('context.tabs.participants') }).click();
  await toggleOn(contextBar.getByRole('checkbox', { name: t('subscriptions.allPdfOf', { folder: 'Fachplaner' }) }));
  await toggleOn(contextBar.getByRole('checkbox', { name: t('subscriptions.pdfFor', { name: 'Paul Krüger' }) }));
  await toggleOn(contextBar.getByRole('checkbox', { name: t('subscriptions.tecFor', { name: 'Jonas Weber' }) }));
  for (const name of ['Jonas Weber', 'Lena Vogt', 'Paul Krüger']) {
    await expect(contextBar.getByRole('checkbox', { name: t('subscriptions.pdfFor', { name }) })).toBeChecked();
  }
  await expect(
    contextBar.getByRole('checkbox', { name: t('subscriptions.tecFor', { name: 'Lena Vogt' }) }),
  ).not.toBeChecked();
  const red = t('subscriptions.deliver.RED');
  const gray = t('subscriptions.deliver.GRAY');
  await expect(contextBar.getByRole('img', { name: red })).toHaveCount(3);
  const planList = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
  await expect(planList.getByRole('img', { name: red })).toHaveCount(1);
  await page.screenshot({ path: path.join(SHOTS, 'participants-doc-context.png') });
  await contextBar.screenshot({ path: path.join(SHOTS, 'participants-context-bar.png') });

  // Petra Schmidt gets only the unreleased plan: nothing to send
  await page.getByRole('button', { name: 'Grundriss OG', exact: true }).click();
  const contextBar2 = page.getByRole('complementary', { name: t('context.label', { name: 'A-102 Grundriss OG' }) });
  await contextBar2.getByRole('tab', { name: t('context.tabs.participants') }).click();
  await toggleOn(contextBar2.getByRole('checkbox', { name: t('subscriptions.pdfFor', { name: 'Petra Schmidt' }) }));
  await expect(
    contextBar2.getByRole('checkbox', { name: t('subscriptions.pdfFor', { name: 'Petra Schmidt' }) }),
  ).toBeChecked();
  await expect(planList.getByRole('img', { name: gray })).toHaveCount(1);

  // the participant list shows the markers
  await projectTab(page, t('project.tabs.participants')).click();
  for (const name of ['Jonas Weber', 'Lena Vogt', 'Paul Krüger']) {
    await expect(participantRow(page, name).getByRole('img', { name: red })).toBeVisible();
  }
  await expect(participantRow(page, 'Petra Schmidt').getByRole('img', { name: gray })).toBeVisible();
  await expect(participantRow(page, 'Petra Schmidt')).toContainText('1');

  // the selected participant's plans in the receiver dashboard
  await participantRow(page, 'Jonas Weber')
    .getByRole('button', { name: t('participants.select', { name: 'Jonas Weber' }) })
    .click();
  await choose(page, dashboard, t('participants.subs.phase'), 'LP5 Ausführungsplanung');
  await expect(
    dashboard.getByRole('checkbox', { name: t('subscriptions.tecFor', { name: 'A-101 Grundriss EG' }) }),
  ).toBeChecked();
  await page.screenshot({ path: path.join(SHOTS, 'participants-tab.png') });

  // red only hides Petra Schmidt
  await page.getByLabel(t('participants.redOnly')).check();
  await expect(participantRow(page, 'Petra Schmidt')).toBeHidden();
  await expect(participantRow(page, 'Lena Vogt')).toBeVisible();
  await page.getByLabel(t('participants.redOnly')).uncheck();

  // a new participant folder; an empty folder can be deleted
  await page.getByRole('button', { name: t('participants.newFolder') }).click();
  const newFolder = page.getByRole('dialog', { name: t('participants.folderDialog.title') });
  await newFolder.getByLabel(t('participants.folderDialog.name')).fill('Prüfer');
  await page.keyboard.press('Enter');
  await expect(newFolder).toBeHidden();
  await page.getByRole('button', { name: t('participants.folderActions', { name: 'Prüfer' }) }).click();
  await page.getByRole('menuitem', { name: t('participants.deleteFolder') }).click();
  await page
    .getByRole('dialog', { name: t('participants.deleteFolderTitle') })
    .getByRole('button', { name: t('common.delete') })
    .click();
  await expect(page.getByRole('button', { name: t('participants.folderActions', { name: 'Prüfer' }) })).toBeHidden();

  // removing a participant asks first and says the subscriptions go with it
  await participantRow(page, 'Petra Schmidt')
    .getByRole('button', { name: t('participants.actions', { name: 'Petra Schmidt' }) })
    .click();
  await page.getByRole('menuitem', { name: t('participants.remove') }).click();
  const removeDialog = page.getByRole('dialog', { name: t('participants.removeTitle', { name: 'Petra Schmidt' }) });
  await expect(removeDialog).toContainText(t('participants.removeText', { name: 'Petra Schmidt' }));
  await removeDialog.getByRole('button', { name: t('participants.removeConfirm') }).click();
  await expect(participantRow(page, 'Petra Schmidt')).toBeHidden();
});

test('a participant folder made in a project without participants shows at once; its name cannot be taken twice', async ({
  page,
}) => {
  const call = officeCall(page.request, await signUpOffice(page, 'ordner'));
  const project = await call<{ _id: string }>('post', '/project', { number: '2026-031', name: 'Feuerwache' });
  await page.goto(`/project/${project._id}?tab=participants`);
  const closeButton = (name: string) => page.getByRole('button', { name: t('participants.closeFolder', { name }) });
  await expect(closeButton('Bauherr')).toBeVisible();

  await page.getByRole('button', { name: t('participants.newFolder') }).click();
  const dialog = page.getByRole('dialog', { name: t('participants.folderDialog.title') });
  await dialog.getByLabel(t('participants.folderDialog.name')).fill('Behörden');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(closeButton('Behörden')).toBeVisible();
  await expect(page.getByText(t('participants.emptyFolder'))).toHaveCount(4);
  await page.screenshot({ path: path.join(SHOTS, 'participants-empty-folders.png') });

  // the same name again, in another case: refused at the field, nothing added
  await page.getByRole('button', { name: t('participants.newFolder') }).click();
  await dialog.getByLabel(t('participants.folderDialog.name')).fill(' behörden ');
  await dialog.getByRole('button', { name: t('participants.folderDialog.submit') }).click();
  await expect(dialog.getByText(t('msg.folder.name_taken'))).toBeVisible();
  await expect(dialog.getByLabel(t('participants.folderDialog.name'))).toHaveAttribute('aria-invalid', 'true');
  await dialog.screenshot({ path: path.join(SHOTS, 'participants-folder-name-taken.png') });
  await dialog.getByRole('button', { name: t('common.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('participants.emptyFolder'))).toHaveCount(4);
  await expect(closeButton('Behörden')).toHaveCount(1);
});
