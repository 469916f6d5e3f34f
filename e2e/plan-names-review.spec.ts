import { expect, test, type Page } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { fixture, hoaiPhase, officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

/** Drops files onto an element as a desktop drag does (a DataTransfer holding File objects). */
async function dropFiles(page: Page, selector: string, names: string[]) {
  const data = fixture('hello_world_rotated.pdf').toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ list, content }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
      for (const name of list) transfer.items.add(new File([bytes], name));
      return transfer;
    },
    { list: names, content: data },
  );
  const target = page.locator(selector).first();
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

test('the review names the convention of each row, asks about unsure readings and takes the chosen one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'plannames'));
  await server.company('Berg Architekten');
  const project = await server.project('2026-014', 'Wohnanlage Lindenhof');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  for (const [number, name] of [
    ['A-101', 'Grundriss EG'],
    ['A-102', 'Grundriss OG'],
  ]) {
    const doc = await server.doc(folder._id, number!, name!);
    await server.releasedVersion(doc._id, 'A', [{ name: `${number}_A.pdf`, data: fixture('tracemonkey.pdf') }]);
  }

  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Grundriss EG', exact: true })).toBeVisible();
  await dropFiles(page, `[data-folder-id="${folder._id}"]`, [
    'A-101_Grundriss EG_Index B.pdf',
    'HPW-ARC-ZZ-00-DR-A-1001-S2-P01 - Ground Floor Plan.pdf',
    'A-102_Grundriss_C_B.pdf',
    'TWP-S-201-02.pdf',
  ]);

  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  await expect(review).toBeVisible();
  const rows = review.getByTestId('plan-set-review-rows');
  const row = (file: string) => rows.locator(`[data-file="${file}"]`);
  // each row says the convention its name was read by
  await expect(row('A-101_Grundriss EG_Index B.pdf')).toContainText(t('planSet.convention.sheet'));
  await expect(row('HPW-ARC-ZZ-00-DR-A-1001-S2-P01 - Ground Floor Plan.pdf')).toContainText(
    t('planSet.convention.iso19650'),
  );
  // two unsure readings (and the missing index of one of them): why, and the readings to choose
  // from; confirming waits
  await expect(review.getByText(t('planSet.review.decisions_other', { count: 3 }))).toBeVisible();
  const twoIndexes = row('A-102_Grundriss_C_B.pdf');
  await expect(twoIndexes).toContainText(t('planSet.problem.reading_two_indexes', { index: 'B', other: 'C' }));
  await expect(row('TWP-S-201-02.pdf')).toContainText(t('planSet.problem.reading_index_or_number', { value: '02' }));
  await expect(review.getByRole('button', { name: t('planSet.review.confirm_other', { count: 2 }) })).toBeDisabled();

  // the office chooses: A-102 is at index C; TWP-S-201 at index 02
  await twoIndexes.getByRole('button', { name: t('planSet.reading.take', { number: 'A-102', index: 'C' }) }).click();
  await expect(twoIndexes).not.toContainText(t('planSet.problem.reading_two_indexes', { index: 'B', other: 'C' }));
  await row('TWP-S-201-02.pdf')
    .getByRole('button', { name: t('planSet.reading.take', { number: 'TWP-S-201', index: '02' }) })
    .click();
  await expect(review.getByText(t('planSet.review.allClear'))).toBeVisible({ timeout: 15_000 });
  await expect(review.getByRole('button', { name: t('planSet.review.confirm_other', { count: 4 }) })).toBeEnabled({
    timeout: 15_000,
  });
});
