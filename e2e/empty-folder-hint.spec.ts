import { expect, test } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { checkScreen, SCREENS } from './support/responsive.ts';
import { officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

// A new project's empty folders show the onboarding hint; on a phone 'Nicht mehr anzeigen' is the ×
// beside the title (beside 'Neues Dokument' the worded button wrapped out of the row).
test('on a phone an empty folder’s hint is muted with the × beside its title, and stays muted', async ({ page }) => {
  const server = officeApi(page.request, await signUpOffice(page, 'empty-hint'));
  const project = await server.project('2026-001', 'Hinweise');
  const documents = page
    .getByRole('note')
    .filter({ hasText: t('docs.hint.emptyFolderTitle') })
    .last();

  await page.setViewportSize(SCREENS.phone);
  await page.goto(`/project/${project._id}`);
  await expect(documents.getByRole('button', { name: t('docs.newDocument') })).toBeVisible();
  await checkScreen(page, 'empty-folder-hint');
  const cross = documents.getByRole('button', { name: t('docs.hint.mute') });
  // One button of that name is reachable: the ×, in the hint's title line.
  await expect(cross).toHaveCount(1);
  const [crossBox, noteBox] = [(await cross.boundingBox())!, (await documents.boundingBox())!];
  expect(crossBox.y + crossBox.height).toBeLessThanOrEqual(noteBox.y + noteBox.height / 2);
  await cross.click();
  // Muted for every folder of the office: both hints give way to the quiet line.
  await expect(page.getByRole('note').filter({ hasText: t('docs.hint.emptyFolderTitle') })).toHaveCount(0);
  await expect(page.getByText(t('docs.emptyDocumentFolder'))).toBeVisible();
  await page.reload();
  await expect(page.getByText(t('docs.emptyDocumentFolder'))).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: t('docs.hint.emptyFolderTitle') })).toHaveCount(0);
});
