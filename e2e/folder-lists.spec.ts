import { expect, test, type Locator, type Page } from '@playwright/test';
import { announced } from './support/announced.ts';
import { signUpOffice } from './support/office.ts';
import { hoaiPhase, officeApi, type OfficeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);

interface Bundle {
  docfolders: { _id: string; name: string; category: string }[];
  docs: { _id: string; number: string; folder: string }[];
  participants: { _id: string; name: string; folder: string }[];
  participantfolders: { _id: string; name: string }[];
}

/**
 * A project in LP5 with the folders 'Grundrisse' and 'Schnitte', and Jonas Weber
 * and Eva Keller in 'Fachplaner', both subscribed to every plan.
 */
async function seedFolders(server: OfficeApi) {
  const project = await server.project('2026-090', 'Kita Sonnenhang');
  const start = await server.bundle(project._id);
  const lp5 = hoaiPhase(start, 5);
  const grundrisse = await server.folder(lp5._id, 'Grundrisse');
  const schnitte = await server.folder(lp5._id, 'Schnitte');
  const docIds = [
    (await server.doc(grundrisse._id, 'A-101', 'Grundriss EG'))._id,
    (await server.doc(grundrisse._id, 'A-102', 'Grundriss OG'))._id,
    (await server.doc(schnitte._id, 'A-201', 'Schnitt A-A'))._id,
  ];
  const planners = start.participantfolders.find((f) => f.name === 'Fachplaner')!;
  for (const person of [
    { firstName: 'Jonas', lastName: 'Weber', company: 'Statik GmbH', needsPdf: true, needsTec: false },
    { firstName: 'Eva', lastName: 'Keller', company: 'Keller TGA', needsPdf: true, needsTec: false },
  ]) {
    const contact = await server.contact(uniqueEmail(person.lastName.toLowerCase()), person);
    const p = await server.participant(project._id, contact._id, planners._id);
    for (const docId of docIds) await server.subscribePdf(docId, p._id);
  }
  return { project };
}

const bundleOf = (server: OfficeApi, projectId: string) => server.call<Bundle>('get', `/project/${projectId}`);

/**
 * Drags the row `name` by its grip with the mouse onto `target`, the heading of `folder`, until the live
 * region says it is over that folder, and lets go: it is announced as moved into the folder.
 */
async function dragIntoFolder(page: Page, gripKey: string, name: string, target: Locator, folder: string) {
  const from = (await page.getByRole('button', { name: t(gripKey, { name }), exact: true }).boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await expect(announced(page, t('dragAnnounce.overFolder', { name, target: folder }))).toHaveCount(1);
  await page.mouse.up();
  await expect(announced(page, t('dragAnnounce.droppedInFolder', { name, target: folder }))).toHaveCount(1);
}

/**
 * Picks the row `name` up by its grip (Space), moves it one row down (ArrowDown) onto the heading of
 * `folder`, as the live region tells, and drops it there (Space), which is announced.
 */
async function moveIntoFolderByKeyboard(page: Page, gripKey: string, name: string, folder: string) {
  const grip = page.getByRole('button', { name: t(gripKey, { name }), exact: true });
  await grip.focus();
  await expect(grip).toBeFocused();
  await page.keyboard.press('Space');
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  await expect(announced(page, t('dragAnnounce.pickedUp', { name }))).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(announced(page, t('dragAnnounce.overFolder', { name, target: folder }))).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(grip).not.toHaveAttribute('aria-pressed', 'true');
  await expect(announced(page, t('dragAnnounce.droppedInFolder', { name, target: folder }))).toHaveCount(1);
}

test("a plan's delivery dot says its state only once the pointer rested on it for the icon tooltip delay", async ({
  page,
}) => {
  await page.clock.install();
  const server = officeApi(page.request, await signUpOffice(page, 'tooltip'));
  const { project } = await seedFolders(server);
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  const dot = page.locator('[data-deliver]').first();
  const state = await dot.getAttribute('aria-label');
  // The page's time stands still from here and moves only as the test says.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await dot.hover();
  await page.clock.runFor(ICON_TOOLTIP_DELAY_MS - 50);
  // Whatever React was asked to draw meanwhile is drawn once a message posted now arrives (its
  // scheduler posts messages too, and the paused clock does not hold them).
  await page.evaluate(
    () =>
      new Promise((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done(null);
        channel.port2.postMessage(null);
      }),
  );
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.clock.runFor(100);
  await page.clock.resume();
  await expect(page.getByRole('tooltip')).toHaveText(state!);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
});

test('plan folders: a new documents folder, the name rule, renaming, open and close, and a plan moved by mouse', async ({
  page,
}) => {
  const server = officeApi(page.request, await signUpOffice(page, 'ordner'));
  const { project } = await seedFolders(server);
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'LP5' })).toBeChecked();

  // a plan's delivery dot says its state in a tooltip once pointed at (the tooltip is mounted only then)
  const dot = page.locator('[data-deliver]').first();
  const state = await dot.getAttribute('aria-label');
  await dot.hover();
  await expect(page.getByRole('tooltip')).toHaveText(state!);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();

  // the name is required; the message is gone when the dialog opens again
  await page.getByRole('button', { name: t('docs.newFolder') }).click();
  const newFolder = page.getByRole('dialog', { name: t('docs.folderDialog.title') });
  await newFolder.getByRole('button', { name: t('docs.folderDialog.submit') }).click();
  await expect(newFolder.getByText(t('msg.folder.name_required'))).toBeVisible();
  await newFolder.getByRole('button', { name: t('common.cancel') }).click();
  await expect(newFolder).toBeHidden();
  await page.getByRole('button', { name: t('docs.newFolder') }).click();
  await expect(newFolder.getByLabel(t('docs.folderDialog.name'))).toHaveValue('');
  await expect(newFolder.getByText(t('msg.folder.name_required'))).toBeHidden();

  // a documents folder lands under 'Dokumente' with the documents wording
  await newFolder.getByText(t('docs.category.documents'), { exact: true }).click();
  await newFolder.getByLabel(t('docs.folderDialog.name')).fill('Baubeschreibung');
  await newFolder.getByRole('button', { name: t('docs.folderDialog.submit') }).click();
  await expect(newFolder).toBeHidden();
  await expect(page.getByRole('button', { name: t('docs.folderActions', { name: 'Baubeschreibung' }) })).toBeVisible();
  expect((await bundleOf(server, project._id)).docfolders.find((f) => f.name === 'Baubeschreibung')?.category).toBe(
    'documents',
  );

  // renaming shows the current name and no kind
  await page.getByRole('button', { name: t('docs.folderActions', { name: 'Schnitte' }) }).click();
  await page.getByRole('menuitem', { name: t('docs.renameFolder') }).click();
  const rename = page.getByRole('dialog', { name: t('docs.folderDialog.renameTitle') });
  await expect(rename.getByLabel(t('docs.folderDialog.name'))).toHaveValue('Schnitte');
  await expect(rename.getByText(t('docs.folderDialog.category'), { exact: true })).toBeHidden();
  await rename.getByLabel(t('docs.folderDialog.name')).fill('Schnitte und Ansichten');
  await rename.getByRole('button', { name: t('docs.folderDialog.save') }).click();
  await expect(rename).toBeHidden();
  const schnitte = page.getByRole('button', { name: t('docs.folderActions', { name: 'Schnitte und Ansichten' }) });
  await expect(schnitte).toBeVisible();

  // a folder with plans cannot be deleted
  await page.getByRole('button', { name: t('docs.folderActions', { name: 'Grundrisse' }) }).click();
  const deleteFolder = page.getByRole('menuitem', { name: t('docs.deleteFolder') });
  await expect(deleteFolder).toBeDisabled();
  await deleteFolder.hover();
  await expect(page.getByRole('tooltip', { name: t('docs.onlyEmptyFolders') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deleteFolder).toBeHidden();

  // by keyboard, a folder menu not opened before (a row's menu is mounted on first use): Enter opens
  // it with the focus inside, Escape closes it and gives the focus back to its button
  const documents = page.getByRole('button', { name: t('docs.folderActions', { name: 'Baubeschreibung' }) });
  await expect(documents).toHaveAttribute('aria-haspopup', 'menu');
  await documents.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: t('docs.renameFolder') })).toBeVisible();
  await expect(documents).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: t('docs.renameFolder') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(documents).toBeFocused();
  await expect(documents).toHaveAttribute('aria-expanded', 'false');

  // closing a folder hides its plans, opening shows them again
  const grip102 = page.getByRole('button', { name: t('docs.dragRow', { name: 'A-102 Grundriss OG' }) });
  await page.getByRole('button', { name: t('docs.closeFolder', { name: 'Grundrisse' }) }).click();
  await expect(grip102).toBeHidden();
  const open = page.getByRole('button', { name: t('docs.openFolder', { name: 'Grundrisse' }) });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(grip102).toBeVisible();

  // A-102 dropped on another folder's heading goes to the end of that folder
  const target = (await bundleOf(server, project._id)).docfolders.find((f) => f.name === 'Schnitte und Ansichten')!;
  await dragIntoFolder(page, 'docs.dragRow', 'A-102 Grundriss OG', schnitte, 'Schnitte und Ansichten');
  await expect
    .poll(async () => (await bundleOf(server, project._id)).docs.find((d) => d.number === 'A-102')?.folder)
    .toBe(target._id);
});

test('participant folders: renaming, no deleting while people are in it, a participant moved by keyboard, a folder of plans at once', async ({
  page,
}) => {
  const server = officeApi(page.request, await signUpOffice(page, 'pordner'));
  const { project } = await seedFolders(server);
  await page.goto(`/project/${project._id}`);
  await page
    .getByRole('tablist', { name: t('project.tabsLabel') })
    .getByRole('tab', { name: t('project.tabs.participants') })
    .click();
  await expect(page.getByRole('region', { name: t('participants.listLabel') })).toBeVisible();

  await page.getByRole('button', { name: t('participants.folderActions', { name: 'Bauherr' }) }).click();
  await page.getByRole('menuitem', { name: t('participants.renameFolder') }).click();
  const rename = page.getByRole('dialog', { name: t('participants.folderDialog.renameTitle') });
  await expect(rename.getByLabel(t('participants.folderDialog.name'))).toHaveValue('Bauherr');
  await rename.getByLabel(t('participants.folderDialog.name')).fill(' ');
  await rename.getByRole('button', { name: t('participants.folderDialog.save') }).click();
  await expect(rename.getByText(t('msg.folder.name_required'))).toBeVisible();
  await rename.getByLabel(t('participants.folderDialog.name')).fill('Bauherrschaft');
  await rename.getByRole('button', { name: t('participants.folderDialog.save') }).click();
  await expect(rename).toBeHidden();
  await expect(
    page.getByRole('button', { name: t('participants.folderActions', { name: 'Bauherrschaft' }) }),
  ).toBeVisible();

  await page.getByRole('button', { name: t('participants.folderActions', { name: 'Fachplaner' }) }).click();
  const deleteFolder = page.getByRole('menuitem', { name: t('participants.deleteFolder') });
  await expect(deleteFolder).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(deleteFolder).toBeHidden();

  // Eva Keller (last in 'Fachplaner') dropped on the heading below joins 'Ausführende'
  const ausfuehrende = (await bundleOf(server, project._id)).participantfolders.find((f) => f.name === 'Ausführende')!;
  await moveIntoFolderByKeyboard(page, 'participants.dragRow', 'Eva Keller', 'Ausführende');
  await expect
    .poll(async () => {
      const bundle = await bundleOf(server, project._id);
      return bundle.participants.find((p) => p.name === 'Eva Keller')?.folder === ausfuehrende._id;
    })
    .toBe(true);

  // Jonas Weber's plans: TEC for the whole folder, then one plan off again leaves the folder mixed
  await page.getByRole('button', { name: t('participants.select', { name: 'Jonas Weber' }) }).click();
  const dashboard = page.getByRole('complementary', { name: t('participants.dashboard.label') });
  const folderTec = dashboard.getByRole('checkbox', {
    name: t('participants.subs.folderTec', { folder: 'Grundrisse' }),
  });
  const tecOf = (name: string) => dashboard.getByRole('checkbox', { name: t('subscriptions.tecFor', { name }) });
  await expect(folderTec).not.toBeChecked();
  await folderTec.click();
  await expect(tecOf('A-101 Grundriss EG')).toBeChecked();
  await expect(tecOf('A-102 Grundriss OG')).toBeChecked();
  await expect(tecOf('A-201 Schnitt A-A')).not.toBeChecked();
  await expect(folderTec).toBeChecked();
  await tecOf('A-101 Grundriss EG').click();
  await expect(tecOf('A-101 Grundriss EG')).not.toBeChecked();
  await expect(folderTec).not.toBeChecked();
  await expect(folderTec).toHaveAttribute('data-indeterminate', 'true');
});

test('deliver mode folds the receivers of a plan and the plans of a receiver', async ({ page }) => {
  const server = officeApi(page.request, await signUpOffice(page, 'falten'));
  const { project } = await seedFolders(server);
  await page.goto(`/project/${project._id}`);
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await page.getByText('LP5', { exact: true }).click();
  const sub = (doc: string, name: string) =>
    page.getByRole('checkbox', { name: t('deliver.selectSub', { doc, name }), exact: true });
  await expect(sub('A-101', 'Jonas Weber')).toBeVisible();
  await page.getByRole('button', { name: t('deliver.collapse', { name: 'A-101 Grundriss EG' }) }).click();
  await expect(sub('A-101', 'Jonas Weber')).toBeHidden();
  await expect(sub('A-102', 'Jonas Weber')).toBeVisible();
  await page.getByRole('button', { name: t('deliver.expand', { name: 'A-101 Grundriss EG' }) }).click();
  await expect(sub('A-101', 'Jonas Weber')).toBeVisible();

  await page
    .getByRole('radiogroup', { name: t('deliver.viewLabel') })
    .getByText(t('deliver.views.participants'))
    .click();
  await expect(page.getByTestId('deliver-participant')).toHaveCount(2);
  await page.getByRole('button', { name: t('deliver.collapse', { name: 'Eva Keller' }) }).click();
  await expect(sub('A-201', 'Eva Keller')).toBeHidden();
  await expect(sub('A-201', 'Jonas Weber')).toBeVisible();
});
