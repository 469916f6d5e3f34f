import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { officeCall, raiseTier, signUpOffice, signUpOfficeAs } from './support/office.ts';
import { hoaiPhase, officeApi, openPlan } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const FIXTURES = path.resolve(import.meta.dirname, '../../shared/fixtures');
const PDF = path.join(FIXTURES, 'tracemonkey.pdf');
const DWG = path.join(FIXTURES, 'sample_2000.dwg');
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

/**
 * Drags a file from the "desktop" onto the drop zone as Chromium does: a DataTransfer holding a
 * File with the fixture's bytes, then dragenter, dragover and drop on the zone.
 */
async function dropFile(page: Page, zone: Locator, filePath: string, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, mime }) => {
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mime }));
      return transfer;
    },
    { base64: fs.readFileSync(filePath).toString('base64'), name: path.basename(filePath), mime: type },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('an office creates a project, uploads a plan version by drag and drop, releases it and the next one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpOffice(page, 'projekt');

  // 'PROJEKT ANLEGEN' from the dashboard opens the create dialog on the project list
  await page.getByRole('button', { name: t('nav.openMenu') }).click();
  await page.getByRole('button', { name: t('dashboard.createProject'), exact: true }).click();
  await expect(page).toHaveURL(/\/projects\?create=1$/);
  const createDialog = page.getByRole('dialog', { name: t('projects.dialog.title') });
  await expect(createDialog).toBeVisible();
  await createDialog.getByRole('button', { name: t('projects.dialog.submit') }).click();
  await expect(createDialog.getByText(t('msg.project.number_required'))).toBeVisible();
  await createDialog.getByLabel(t('projects.dialog.number')).fill('2026-014');
  await createDialog.getByLabel(t('projects.dialog.name')).fill('Wohnhaus Müller');
  await expect(createDialog.getByLabel(t('projects.dialog.phases'))).toHaveValue('hoai');
  await page.keyboard.press('Enter');
  await expect(createDialog).toBeHidden();
  await expect(page.getByText(t('message_project_created'))).toBeVisible();

  // the new project opens at once: headline, tabs, first phase selected
  await expect(page).toHaveURL(/\/project\/[^/]+$/);
  const projectUrl = page.url();
  await expect(page.getByRole('heading', { name: '2026-014 | Wohnhaus Müller' })).toBeVisible();
  await expect(page.getByRole('tab', { name: t('project.tabs.docs') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: 'LP1' })).toBeChecked();

  // 'back' leads to the project list (the dialog's entry was replaced); the project is there and under 'Aktuell'
  await page.goBack();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(createDialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: '2026-014' });
  await expect(row).toContainText('Wohnhaus Müller');
  await page.screenshot({ path: path.join(SHOTS, 'project-list.png') });
  await page.getByRole('button', { name: t('nav.openMenu') }).click();
  const recent = page.getByRole('region', { name: t('dashboard.projectsZone') });
  await expect(recent.getByRole('link', { name: '2026-014 | Wohnhaus Müller' })).toBeVisible();
  await page.keyboard.press('Escape');

  // the FREE tier holds one project: a second one shows the upgrade path
  await page.getByRole('button', { name: t('projects.create'), exact: true }).click();
  await createDialog.getByLabel(t('projects.dialog.number')).fill('2026-015');
  await createDialog.getByRole('button', { name: t('projects.dialog.submit') }).click();
  await expect(createDialog.getByText(t('projects.dialog.limitTitle'))).toBeVisible();
  await expect(createDialog.getByRole('link', { name: t('projects.dialog.upgrade') })).toHaveAttribute(
    'href',
    '/profile/user_plan',
  );
  await page.keyboard.press('Escape');
  await expect(createDialog).toBeHidden();

  // open the project from the list
  await row.getByRole('link', { name: '2026-014' }).click();
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByRole('radio', { name: 'LP1' })).toBeChecked();
  await page.getByText('LP5', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'LP5' })).toBeChecked();

  // a folder and a plan in it
  await page.getByRole('button', { name: t('docs.newFolder') }).click();
  const folderDialog = page.getByRole('dialog', { name: t('docs.folderDialog.title') });
  await folderDialog.getByLabel(t('docs.folderDialog.name')).fill('Grundrisse');
  await page.keyboard.press('Enter');
  await expect(folderDialog).toBeHidden();
  await page.getByRole('button', { name: t('docs.addToFolder', { name: 'Grundrisse' }) }).click();
  const planDialog = page.getByRole('dialog', { name: t('docs.docDialog.titlePlan') });
  await planDialog.getByLabel(t('docs.docDialog.number')).fill('A-101');
  await planDialog.getByLabel(t('docs.docDialog.name')).fill('Grundriss EG');
  await page.keyboard.press('Enter');
  await expect(planDialog).toBeHidden();
  await expect(page.getByText(t('docs.created.plan'))).toBeVisible();
  const contextBar = page.getByRole('complementary', { name: t('context.label', { name: 'A-101 Grundriss EG' }) });
  await expect(contextBar).toBeVisible();

  // version A: index required, then prepared
  await contextBar.getByRole('button', { name: t('context.prepareNext') }).click();
  await contextBar.getByRole('button', { name: t('context.prepareSubmit') }).click();
  await expect(contextBar.getByText(t('msg.version.index_required'))).toBeVisible();
  await contextBar.getByLabel(t('context.index')).fill('A');
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('message_version_added'))).toBeVisible();
  const releaseButton = contextBar.getByRole('button', { name: t('context.release') });
  await expect(releaseButton).toBeDisabled();
  await expect(contextBar.getByText(t('context.releaseNeedsPdf'))).toBeVisible();

  // the PDF by a real drag from the desktop, the DWG through the file chooser
  const zone = contextBar.getByTestId('version-dropzone');
  await dropFile(page, zone, PDF, 'application/pdf');
  const pdfRow = contextBar.getByRole('group', { name: 'tracemonkey.pdf' });
  await expect(pdfRow.getByRole('progressbar').or(pdfRow.getByText(/\d+ × \d+ mm/))).toBeVisible();
  await expect(pdfRow.getByText(/\d+ × \d+ mm/)).toBeVisible({ timeout: 30_000 });
  await expect(pdfRow).toContainText('PDF');
  await expect(page.getByText(t('message_file_uploaded')).first()).toBeVisible();

  // a second PDF is refused before it starts
  await dropFile(page, zone, PDF, 'application/pdf');
  await expect(contextBar.getByText(t('msg.upload.pdf_exists'))).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await zone.click();
  await (await chooser).setFiles(DWG);
  const dwgRow = contextBar.getByRole('group', { name: 'sample_2000.dwg' });
  await expect(dwgRow).toContainText('DWG', { timeout: 30_000 });
  await expect(dwgRow.getByRole('progressbar')).toBeHidden({ timeout: 30_000 });
  // the drawing's facts beside it, as the PDF's page size: extents in its units, its AutoCAD release
  await expect(dwgRow.getByText(t('context.file.extents', { extents: '270 × 280', unit: 'mm' }))).toBeVisible();
  await expect(dwgRow.getByText('AutoCAD 2000', { exact: true })).toBeVisible();

  await page.screenshot({ path: path.join(SHOTS, 'project-page.png') });
  await contextBar.screenshot({ path: path.join(SHOTS, 'context-bar.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await dwgRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'context-bar-drawing-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // release A
  await expect(releaseButton).toBeEnabled();
  await releaseButton.click();
  await confirmIn(page, t('context.releaseTitle', { index: 'A' }), t('context.release'));
  await expect(page.getByText(t('message_version_released'))).toBeVisible();
  const planRow = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
  await expect(planRow.getByText('A', { exact: true })).toBeVisible();
  // the panel follows the version: A shows as the current version, not an empty 'in Vorbereitung'
  const versionTab = (status: string) =>
    contextBar.getByRole('radio', { name: new RegExp(t(`context.versionTabs.${status}`)) });
  await expect(versionTab('current')).toBeChecked();
  await expect(contextBar.getByRole('region', { name: t('context.version', { index: 'A' }) })).toBeVisible();
  await expect(contextBar.getByText(t('context.empty.preparation'))).toHaveCount(0);

  // prepare B, upload its PDF, release it
  await contextBar.getByRole('button', { name: t('context.prepareNext') }).click();
  const prepareForm = contextBar.getByRole('form', { name: t('context.prepareTitle') });
  // the index after A is filled in already
  await expect(prepareForm.getByLabel(t('context.index'))).toHaveValue('B');
  await prepareForm.getByLabel(t('context.comment')).fill('Fenster EG geändert');
  await prepareForm.getByRole('button', { name: t('context.prepareSubmit') }).click();
  await expect(contextBar.getByRole('region', { name: t('context.version', { index: 'B' }) })).toBeVisible();
  await dropFile(page, contextBar.getByTestId('version-dropzone'), PDF, 'application/pdf');
  await expect(contextBar.getByRole('group', { name: 'tracemonkey.pdf' }).getByText(/\d+ × \d+ mm/)).toBeVisible({
    timeout: 30_000,
  });
  await contextBar.getByRole('button', { name: t('context.release') }).click();
  await confirmIn(page, t('context.releaseTitle', { index: 'B' }), t('context.release'));
  await expect(planRow.getByText('B', { exact: true })).toBeVisible();
  await expect(versionTab('current')).toBeChecked();
  await expect(contextBar.getByRole('region', { name: t('context.version', { index: 'B' }) })).toBeVisible();

  // A is outdated now
  await contextBar.getByText(t('context.versionTabs.outdated'), { exact: true }).click();
  await expect(versionTab('outdated')).toBeChecked();
  const versionA = contextBar.getByRole('region', { name: t('context.version', { index: 'A' }) });
  await expect(versionA).toBeVisible();
  await expect(versionA.getByText(t('context.versionTabs.outdated'), { exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'project-page-released.png') });
});

test('a meeting protocol is filed as .docx in a document, one file per type; a damaged PDF is refused with its reason', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signUpOffice(page, 'protokoll');
  const server = officeApi(request, token);
  const project = await server.project('2026-020', 'Schule Nord');
  const lp5 = hoaiPhase(await server.bundle(project._id), 5);
  const folder = await server.call<{ _id: string }>('post', '/folder', {
    phaseId: lp5._id,
    name: 'Protokolle',
    category: 'documents',
  });
  const doc = await server.call<{ _id: string }>('post', '/doc', {
    folderId: folder._id,
    doctype: 'data',
    number: 'P-12',
    name: 'Baubesprechung 12',
  });
  await server.version(doc._id, '1');
  const contextBar = await openPlan(page, project._id, 'LP5', { number: 'P-12', name: 'Baubesprechung 12' });

  // A data doc takes any format: its drop zone says so and the file chooser offers every file.
  const zone = contextBar.getByTestId('version-dropzone').first();
  await expect(zone).toContainText(t('context.dropzone.dataTitle'));
  await expect(zone.locator('input[type=file]')).not.toHaveAttribute('accept', /./);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'protokoll-'));
  const protocol = path.join(dir, 'Protokoll Baubesprechung 12.docx');
  fs.writeFileSync(protocol, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40_000, 7)]));
  await dropFile(page, zone, protocol, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  const protocolRow = contextBar.getByRole('group', { name: 'Protokoll Baubesprechung 12.docx' });
  await expect(protocolRow.getByText('DOCX', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(t('message_file_uploaded')).first()).toBeVisible();

  // One file per type: a second .docx is refused before it starts.
  const second = path.join(dir, 'Protokoll korrigiert.docx');
  fs.writeFileSync(second, Buffer.from('PK\u0003\u0004 zweite Fassung'));
  await dropFile(page, zone, second, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  await expect(contextBar.getByText(t('msg.upload.type_exists'))).toBeVisible();

  // A PDF that no reader can open is refused when it has arrived, with the reason where it was dropped.
  await dropFile(page, zone, path.join(FIXTURES, 'poppler-742-0-fuzzed.pdf'), 'application/pdf');
  const damagedRow = contextBar.getByRole('group', { name: 'poppler-742-0-fuzzed.pdf' });
  await expect(damagedRow.getByRole('alert')).toHaveText(t('msg.upload.pdf_damaged'), { timeout: 30_000 });
  await expect(damagedRow.getByRole('progressbar')).toHaveCount(0);
  await expect(damagedRow).toContainText(t('context.upload.failed'));
  await contextBar.screenshot({ path: path.join(SHOTS, 'context-bar-data-doc.png') });

  await contextBar.getByRole('button', { name: t('context.release') }).click();
  await confirmIn(page, t('context.releaseTitle', { index: '1' }), t('context.release'));
  await expect(page.getByText(t('message_version_released'))).toBeVisible();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('an office working in English starts a project with the RIBA stages and English folders; chosen HOAI phases keep their German names', async ({
  page,
}) => {
  const en = (key: string, values?: Record<string, string>) => text('en', key, values);
  const email = uniqueEmail('london');
  await signUpOfficeAs(page, email, { firstName: 'Ada', lastName: 'Hart', company: 'Hart Architects' }, 'en');
  await page.getByRole('button', { name: en('projects.createFirst') }).click();
  const dialog = page.getByRole('dialog', { name: en('projects.dialog.title') });
  const stages = dialog.getByLabel(en('projects.dialog.phases'));
  await expect(stages).toHaveValue('riba');
  await expect(stages.locator('option')).toHaveText([
    en('projects.dialog.template.hoai'),
    en('projects.dialog.template.riba'),
    en('projects.dialog.template.sia'),
    en('projects.dialog.template.none'),
  ]);
  await dialog.getByLabel(en('projects.dialog.number')).fill('2026-201');
  await dialog.getByLabel(en('projects.dialog.name')).fill('Riverside Library');
  await dialog.screenshot({ path: path.join(SHOTS, 'create-project-work-stages-en.png') });
  await dialog.getByRole('button', { name: en('projects.dialog.submit') }).click();
  await expect(page.getByRole('heading', { name: '2026-201 | Riverside Library' })).toBeVisible();

  const chips = page.getByRole('radiogroup', { name: en('project.phasesLabel') });
  await expect(chips.getByRole('radio')).toHaveCount(8);
  await expect(page.getByRole('radio', { name: 'S0' })).toBeChecked();
  await page.getByText('S4', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Technical Design');
  await expect(page.getByText('Plans', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'project-riba-en.png') });

  // A German model chosen by an English office: its phases keep their German names.
  await raiseTier(email);
  await page.goto('/projects?create=1');
  await dialog.getByLabel(en('projects.dialog.number')).fill('2026-202');
  await dialog.getByLabel(en('projects.dialog.phases')).selectOption('hoai');
  await dialog.getByRole('button', { name: en('projects.dialog.submit') }).click();
  await expect(page.getByRole('heading', { name: '2026-202' })).toBeVisible();
  await page.getByText('LP5', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Ausführungsplanung');
  await expect(page.getByText('Plans', { exact: true }).first()).toBeVisible();
});

test('deleting a project requires typing its number', async ({ page }) => {
  await signUpOffice(page, 'projekt');
  await page.getByRole('button', { name: t('projects.createFirst') }).click();
  const createDialog = page.getByRole('dialog', { name: t('projects.dialog.title') });
  await createDialog.getByLabel(t('projects.dialog.number')).fill('2026-099');
  await createDialog.getByLabel(t('projects.dialog.name')).fill('Abriss');
  await createDialog.getByLabel(t('projects.dialog.phases')).selectOption('none');
  await createDialog.getByRole('button', { name: t('projects.dialog.submit') }).click();
  await expect(page.getByRole('heading', { name: '2026-099 | Abriss' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'ALLG' })).toBeChecked();

  await page.getByRole('tab', { name: t('project.tabs.settings') }).click();
  await expect(page.getByLabel(t('settings.shortcutOf', { position: '1' }))).toHaveValue('ALLG');
  await page.screenshot({ path: path.join(SHOTS, 'project-settings.png'), fullPage: true });
  await page.getByRole('button', { name: t('settings.deleteButton') }).click();
  const dialog = page.getByRole('dialog', { name: t('settings.deleteDialogTitle', { label: '2026-099 | Abriss' }) });
  const confirm = dialog.getByRole('button', { name: t('settings.deleteConfirm') });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(t('settings.confirmNumber')).fill('2026-09');
  await expect(dialog.getByText(t('msg.project.number_mismatch'))).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(t('settings.confirmNumber')).fill('2026-099');
  await expect(dialog.getByText(t('msg.project.number_mismatch'))).toBeHidden();
  await confirm.click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText(t('message_project_deleted'))).toBeVisible();
  await expect(page.getByText(t('projects.emptyTitle'))).toBeVisible();
});

test("'Aktuell' in the dashboard names the project just opened first, without waiting", async ({ page }) => {
  const email = uniqueEmail('aktuell');
  const call = officeCall(page.request, await signUpOfficeAs(page, email));
  await raiseTier(email); // FREE holds one project
  await call('post', '/project', { number: '2026-101', name: 'Kita Süd' });
  await call('post', '/project', { number: '2026-102', name: 'Rathaus' });
  await call('post', '/project', { number: '2026-103', name: 'Turnhalle' });
  await call('post', '/project', { number: '2026-104', name: 'Bauhof' });
  await page.goto('/projects');
  const recent = page
    .getByRole('region', { name: t('dashboard.projectsZone') })
    .getByRole('list')
    .getByRole('link');
  const openFromList = async (number: string) => {
    await page.getByRole('link', { name: t('nav.home') }).click();
    await page.getByRole('link', { name: number, exact: true }).click();
    await expect(page.getByRole('tab', { name: t('project.tabs.docs') })).toBeVisible();
  };
  const dashboard = async (labels: string[]) => {
    await page.getByRole('button', { name: t('nav.openMenu') }).click();
    await expect(recent).toHaveText(labels);
    await page.keyboard.press('Escape');
  };

  // none opened yet: the newest three
  await dashboard(['2026-104 | Bauhof', '2026-103 | Turnhalle', '2026-102 | Rathaus']);
  await openFromList('2026-101');
  await openFromList('2026-102');
  await dashboard(['2026-102 | Rathaus', '2026-101 | Kita Süd', '2026-104 | Bauhof']);

  // opened again from 'Aktuell' while its plans are still in the browser's cache
  await page.getByRole('button', { name: t('nav.openMenu') }).click();
  await recent.filter({ hasText: '2026-101' }).click();
  await expect(page.getByRole('heading', { name: '2026-101 | Kita Süd' })).toBeVisible();
  await dashboard(['2026-101 | Kita Süd', '2026-102 | Rathaus', '2026-104 | Bauhof']);
});
