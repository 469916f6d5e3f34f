import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { fixture, officeApi, openPlan, seedPlanProject, type OfficeApi } from './support/seed.ts';
import { SCREENS } from './support/responsive.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const FIXTURES = path.resolve(import.meta.dirname, '../../shared/fixtures');
const PLAN = { number: 'A-101', name: 'Grundriss Erdgeschoss' };
/** A plan file's name as offices give them: number, index, name — it differs at its end. */
const LONG_NAME = 'A-101_A_Grundriss_Erdgeschoss_Tiefgarage_Achsen_1-12.pdf';

/** Drags files from the "desktop" onto a drop zone as Chromium does (dragenter, dragover, drop). */
async function dropFiles(page: Page, zone: Locator, names: string[]) {
  const files = names.map((name) => ({ name, base64: fs.readFileSync(path.join(FIXTURES, name)).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, base64 } of list) {
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      transfer.items.add(new File([bytes], name));
    }
    return transfer;
  }, files);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** A project with plan A-101 (index A in preparation) in LP5 beside its empty 'Pläne' and 'Dokumente' folders. */
async function seedScene(page: Page) {
  const token = await signUpOffice(page, 'upload-panel');
  const server = officeApi(page.request, token);
  const scene = await seedPlanProject(server, { number: '2026-037', name: 'Wohnhaus am Hang' }, [PLAN]);
  return { server, scene };
}

async function versionIdOf(server: OfficeApi, projectId: string, index: string) {
  const bundle = await server.call<{ versions: { _id: string; index: string }[] }>('get', `/project/${projectId}`);
  return bundle.versions.find((v) => v.index === index)!._id;
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('several files dropped on a version: the refusal at the zone with the plan set offer; the chooser takes one file', async ({
  page,
}) => {
  const { scene } = await seedScene(page);
  const bar = await openPlan(page, scene.project._id, 'LP5', PLAN);
  const zone = bar.getByTestId('version-dropzone');
  // the chooser takes one file: one file per upload (spec §5)
  await expect(zone.locator('input[type="file"]')).not.toHaveAttribute('multiple');

  await dropFiles(page, zone, ['tracemonkey.pdf', 'sample_2000.dwg']);
  const problem = bar.getByTestId('version-dropzone-problem');
  await expect(problem).toContainText(t('msg.upload.too_many_files'));
  // where the person is looking: in the visible part of the panel, not below it
  await expect(problem).toBeInViewport({ ratio: 1 });
  await shot(page, 'several-files-1440');
  await problem.getByRole('button', { name: t('context.dropzone.asPlanSet') }).click();
  // the plan set review of the plan's folder, with both files
  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  await expect(review).toBeVisible();
  await expect(review.getByText('tracemonkey.pdf').first()).toBeVisible();
  await expect(review.getByText('sample_2000.dwg').first()).toBeVisible();
  await expect(problem).toBeHidden();
});

test('an encrypted PDF: a warning toast, the flag on the file and a question before the release', async ({ page }) => {
  const { scene } = await seedScene(page);
  const bar = await openPlan(page, scene.project._id, 'LP5', PLAN);
  const chooser = page.waitForEvent('filechooser');
  await bar.getByTestId('version-dropzone').click();
  await (await chooser).setFiles(path.join(FIXTURES, 'issue6010_1.pdf'));

  await expect(page.getByText(t('context.file.encryptedUploaded'))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(t('message_file_uploaded'), { exact: true })).toHaveCount(0);
  const row = bar.getByRole('group', { name: 'issue6010_1.pdf' });
  await expect(row.getByTestId('file-encrypted')).toHaveText(t('context.file.encrypted'));
  await expect(row.getByText(t('context.file.encryptedHint'))).toBeVisible();
  await shot(page, 'encrypted-1440');

  await bar.getByRole('button', { name: t('context.release') }).click();
  const question = page.getByRole('dialog', { name: t('context.releaseTitle', { index: 'A' }) });
  await expect(question).toContainText(t('context.releaseEncryptedText', { name: 'issue6010_1.pdf' }));
  await shot(page, 'encrypted-release-question-1440');
  await question.getByRole('button', { name: t('common.cancel') }).click();
  await expect(question).toBeHidden();
  await expect(bar.getByText(t('context.versionTabs.preparation'), { exact: true }).last()).toBeVisible();
  await bar.getByRole('button', { name: t('context.release') }).click();
  await question.getByRole('button', { name: t('context.releaseAnyway') }).click();
  await expect(page.getByText(t('message_version_released'))).toBeVisible();
});

test('file names, column headers, the empty documents folder and the toasts in one corner', async ({ page }) => {
  const { server, scene } = await seedScene(page);
  await server.upload(await versionIdOf(server, scene.project._id, 'A'), LONG_NAME, fixture('tracemonkey.pdf'));
  const bar = await openPlan(page, scene.project._id, 'LP5', PLAN);

  // the whole file name shows: the panel has the room (on two lines if need be)
  const name = bar.getByRole('group', { name: LONG_NAME }).getByTestId('file-name');
  await expect(name).toHaveText(LONG_NAME);
  const cut = await name.evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
  expect(cut, 'the file name is not cut').toBe(false);

  // the two format columns say what each is
  const list = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
  const header = page.locator('[aria-hidden="true"]', { hasText: t('docs.columns.released') });
  await expect(header.getByText(t('docs.columns.formats'), { exact: true })).toBeVisible();
  await expect(header.getByText(t('docs.columns.format'), { exact: true })).toBeVisible();
  expect(t('docs.columns.formats')).not.toBe('Formate');
  expect(t('docs.columns.format')).not.toBe('Format');

  // the empty documents folder speaks of documents
  await expect(list.getByText(t('docs.hint.emptyDocumentFolderText', { action: t('docs.newDocument') }))).toBeVisible();
  await expect(list.getByText(/Pläne aus anderen Ordnern/)).toHaveCount(1); // the plans folder's own
  await shot(page, 'list-and-panel-1440');

  // four toasts in a row: at most two show, in one corner, off the title and the tabs
  const downloads = bar.getByRole('switch', { name: t('context.downloadsEnabled') });
  for (let i = 0; i < 4; i++) {
    await downloads.click();
    await expect(downloads).toBeChecked({ checked: i % 2 === 1 });
  }
  const toasts = page.locator('.mantine-Notification-root');
  await expect(toasts.first()).toBeVisible();
  expect(await toasts.count()).toBeLessThanOrEqual(2);
  const title = await page.getByRole('heading', { name: '2026-037 | Wohnhaus am Hang' }).boundingBox();
  const tabs = await page.getByRole('tablist').first().boundingBox();
  for (const box of await Promise.all((await toasts.all()).map((toast) => toast.boundingBox()))) {
    for (const other of [title!, tabs!]) {
      const apart =
        box!.x >= other.x + other.width ||
        other.x >= box!.x + box!.width ||
        box!.y >= other.y + other.height ||
        other.y >= box!.y + box!.height;
      expect(apart, 'a toast keeps off the project title and the tabs').toBe(true);
    }
  }
  await shot(page, 'toasts-1440');
});

test('on a tablet the plan panel is a sheet over a dimmed list: Escape and a click beside it close it', async ({
  page,
}) => {
  await page.setViewportSize(SCREENS.tablet);
  const { scene } = await seedScene(page);
  let bar = await openPlan(page, scene.project._id, 'LP5', PLAN);
  const backdrop = page.getByTestId('side-panel-backdrop');
  await expect(backdrop).toBeVisible();
  await shot(page, 'panel-820');
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await expect(backdrop).toBeHidden();

  await page.getByRole('button', { name: PLAN.name, exact: true }).click();
  bar = page.getByRole('complementary', { name: t('context.label', { name: `${PLAN.number} ${PLAN.name}` }) });
  await expect(bar).toBeVisible();
  await backdrop.click({ position: { x: 40, y: 300 } });
  await expect(bar).toBeHidden();
});

test('on a phone: the version tabs scroll, the drop zone says to tap, the QR preview stays on the screen', async ({
  page,
}) => {
  await page.setViewportSize(SCREENS.phone);
  const { server, scene } = await seedScene(page);
  await shot(page, 'list-390');
  await server.upload(await versionIdOf(server, scene.project._id, 'A'), 'plan.pdf', fixture('tracemonkey.pdf'));
  const bar = await openPlan(page, scene.project._id, 'LP5', PLAN);
  // the 'archiviert' tab can be reached: it lies inside the tabs' scroller, whose words are not squeezed
  const tabs = bar.getByTestId('version-tabs');
  const archived = tabs.getByText(t('context.versionTabs.archived'), { exact: true });
  await archived.scrollIntoViewIfNeeded();
  await expect(archived).toBeInViewport({ ratio: 1 });
  await archived.click();
  await expect(bar.getByText(t('context.empty.archived'))).toBeVisible();
  await tabs.getByText(t('context.versionTabs.preparation'), { exact: true }).click();

  // no desktop to drag from: the words say to tap
  await expect(bar.getByTestId('version-dropzone')).toContainText(t('context.dropzone.titleTap'));
  await expect(bar).not.toContainText('vom Desktop');
  await expect(bar).not.toContainText(t('context.dropzone.title'));
  await shot(page, 'panel-390');

  const preview = bar.getByTestId('qr-preview');
  await preview.scrollIntoViewIfNeeded();
  await expect(bar.getByTestId('qr-square')).toBeVisible({ timeout: 30_000 });
  const box = (await preview.boundingBox())!;
  expect(box.x + box.width, 'the QR preview ends inside the screen').toBeLessThanOrEqual(SCREENS.phone.width);
  const canvas = (await preview.locator('canvas').boundingBox())!;
  expect(canvas.x + canvas.width, 'the page drawn inside the preview').toBeLessThanOrEqual(box.x + box.width + 1);
  const square = (await bar.getByTestId('qr-square').boundingBox())!;
  expect(square.x + square.width, 'the QR square inside the preview').toBeLessThanOrEqual(box.x + box.width + 1);
  await shot(page, 'qr-390');
});
