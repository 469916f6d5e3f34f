import { expect, test, type Page } from '@playwright/test';
import { GERMAN_BLOCK, titleBlockSheet, type TitleBlock } from '../apps/server/test/title-block-pdfs.ts';
import { signUpOffice } from './support/office.ts';
import { checkScreen, SCREENS } from './support/responsive.ts';
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

/** Drops PDFs each with its own content (title-block sheets written with pdf-lib). */
async function dropPdfs(page: Page, selector: string, files: { name: string; data: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const { name, content } of list)
        transfer.items.add(new File([Uint8Array.from(atob(content), (c) => c.charCodeAt(0))], name));
      return transfer;
    },
    files.map((f) => ({ name: f.name, content: f.data.toString('base64') })),
  );
  const target = page.locator(selector).first();
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** The German title block with another plan number, index and name (the revision table up to that index). */
function germanBlock(number: string, index: string, name: string): TitleBlock {
  const letters = 'ABCDEFGH'.slice(0, 'ABCDEFGH'.indexOf(index) + 1).split('');
  return {
    cells: GERMAN_BLOCK.cells.map(([label, value]): [string, string] => [
      label,
      label === 'Plan-Nr.' ? number : label === 'Index' ? index : label === 'Planbezeichnung' ? name : value,
    ]),
    revisions: letters.map((letter, i): [string, string, string] => [letter, `1${i}.10.2026`, `Änderung ${letter}`]),
  };
}

/** A signed-up office with the project 2026-014 and a plans folder in its LP5. */
async function lindenhofFolder(page: Page, mailPrefix: string, folderName: string) {
  const server = officeApi(page.request, await signUpOffice(page, mailPrefix));
  await server.company('Berg Architekten');
  const project = await server.project('2026-014', 'Wohnanlage Lindenhof');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, folderName);
  return { server, project, folder };
}

test('the review names the convention of each row, asks about unsure readings and takes the chosen one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { server, project, folder } = await lindenhofFolder(page, 'plannames', 'Grundrisse');
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

/** Forty names as a drop of several partners writes them: conventions, noise, non-plans, two unsure ones. */
const MIXED_DROP = [
  'LHF_A-201_Schnitt A-A_Ind. D.pdf',
  'LHF_A-202_Grundriss EG_Ind. C.pdf',
  'LHF_A-203_Grundriss OG_Ind. B.pdf',
  'LHF_A-204_Ansicht Nord_Ind. A.pdf',
  'LHF_A-205_Ansicht Süd_Ind. A.dwg',
  'HPW-ARC-ZZ-00-DR-A-1001-S2-P01.pdf',
  'HPW-ARC-ZZ-01-DR-A-1002_S2_P02.pdf',
  'HPW_STR_ZZ_B1_DR_S_2001_A1_C01.pdf',
  'hpw-mep-zz-02-dr-m-3001-p03.pdf',
  'Lindenhof - Sheet - A-301 - Schnitt B-B.pdf',
  'Lindenhof - Plan - A-302 - Detail Attika.pdf',
  'A-101_Grundriss EG_C.pdf',
  'A-102_Grundriss OG_B.dwg',
  'S-201.1_Bewehrung_A.pdf',
  'A401 Details (C).pdf',
  'GR-EG-01c.pdf',
  '2026-014_LP5_A_110_B.dwg',
  'TWP_A_104_Index C.pdf',
  'HLS-LP5-EG-101_Rev B.pdf',
  'ELT_LP5_UG_201_Änd. D.pdf',
  'A-120_Dachaufsicht [D].pdf',
  'A-121_Lageplan {E}.pdf',
  'A-122 Fassade (02).pdf',
  '261112_A-130_Treppenhaus_B.pdf',
  'A-131_Aufzug_C final.pdf',
  'Kopie von A-132_Rampe_A.pdf',
  'A-133_Keller_B (1).pdf',
  'A-134_Garage_C_geprüft MK.pdf',
  'Protokoll Baubesprechung 12.pdf',
  'Thumbs.db',
  'Scan_20261110.pdf',
  'Terminplan 2026.pdf',
  'A-103_Grundriss_C_B.pdf',
  'TWP-S-201-02.pdf',
  'A-140_Schnitt_B.pdf',
  'A-150_Teil B_C.pdf',
  'A-151_EG_OG_B.pdf',
  'A-152_Grundriss 1.OG_C.pdf',
  'S-301_Fundamente_P01.dwg',
  'S-302_Bodenplatte_P01.dwg',
];

test('a drop of forty mixed names: unsure rows fixed, a corrected row kept as the naming key and used for the next drop', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { server, project, folder } = await lindenhofFolder(page, 'plankey', 'Ausführung');

  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await expect(page.locator(`[data-folder-id="${folder._id}"]`).first()).toBeVisible();
  expect(MIXED_DROP).toHaveLength(40);
  await dropFiles(page, `[data-folder-id="${folder._id}"]`, MIXED_DROP);

  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  await expect(review.getByText(t('planSet.review.files_other', { count: 40 }))).toBeVisible();
  const rows = review.getByTestId('plan-set-review-rows');
  // The table shows the rows in view only: scroll to a row before looking at it.
  const row = async (file: string) => {
    const found = rows.locator(`[data-file="${file}"]`);
    await rows.hover({ position: { x: 40, y: 40 } });
    await page.mouse.wheel(0, -5000);
    for (let step = 0; step < 40 && (await found.count()) === 0; step++) await page.mouse.wheel(0, 250);
    await expect(found).toHaveCount(1);
    return found;
  };
  // the conventions of the partners are told apart
  await expect(await row('HPW_STR_ZZ_B1_DR_S_2001_A1_C01.pdf')).toContainText(t('planSet.convention.iso19650'));
  await expect(await row('Lindenhof - Plan - A-302 - Detail Attika.pdf')).toContainText(t('planSet.convention.revit'));
  await expect(await row('GR-EG-01c.pdf')).toContainText(t('planSet.convention.planschluessel'));
  // minutes and a schedule say they are no plan: left out, and the row says why
  await expect(await row('Protokoll Baubesprechung 12.pdf')).toContainText(
    t('planSet.problem.not_a_plan', { word: 'Protokoll' }),
  );
  await expect(await row('Terminplan 2026.pdf')).toContainText(t('planSet.problem.not_a_plan', { word: 'Terminplan' }));
  // the two unsure names ask, with why, and are fixed by choosing a reading
  const twoIndexes = await row('A-103_Grundriss_C_B.pdf');
  await expect(twoIndexes).toContainText(t('planSet.problem.reading_two_indexes', { index: 'B', other: 'C' }));
  await twoIndexes.getByRole('button', { name: t('planSet.reading.take', { number: 'A-103', index: 'C' }) }).click();
  await expect(await row('A-103_Grundriss_C_B.pdf')).not.toContainText(
    t('planSet.problem.reading_two_indexes', { index: 'B', other: 'C' }),
  );
  const indexOrNumber = await row('TWP-S-201-02.pdf');
  await expect(indexOrNumber).toContainText(t('planSet.problem.reading_index_or_number', { value: '02' }));
  await indexOrNumber
    .getByRole('button', { name: t('planSet.reading.take', { number: 'TWP-S-201', index: '02' }) })
    .click();
  await expect(await row('TWP-S-201-02.pdf')).not.toContainText(
    t('planSet.problem.reading_index_or_number', { value: '02' }),
  );

  // The office prefix 'LHF' is read as part of the number: the office corrects one row …
  const lhf = 'LHF_A-201_Schnitt A-A_Ind. D.pdf';
  await expect(await row('LHF_A-202_Grundriss EG_Ind. C.pdf')).toContainText(
    t('planSet.problem.new_plan', { number: 'LHF_A-202' }),
  );
  await (await row(lhf)).getByRole('button', { name: `${t('planSet.review.edit')}: ${lhf}` }).click();
  const numberInput = review.getByLabel(t('planSet.review.editNumber', { file: lhf }));
  await numberInput.fill('A-201');
  await numberInput.press('Enter');
  // … and is offered the naming key read from it, previewed against the other names of the drop
  const offer = review.getByTestId('remember-naming-key');
  await expect(offer).toContainText('{discipline}_{number}_{name}_Ind. {index}');
  await expect(offer).toContainText(
    t('planSet.remember.change', {
      filename: 'LHF_A-202_Grundriss EG_Ind. C.pdf',
      after: 'A-202 · C',
      before: 'LHF_A-202 · C',
    }),
  );
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('remember-naming-key.png') });
  await offer.getByRole('button', { name: t('planSet.remember.keep') }).click();
  await expect(page.getByText(t('planSet.namingKey.remembered'))).toBeVisible();
  // kept: the other rows of this drop are read by it at once
  await expect(offer).toBeHidden();
  const lhfRow = await row('LHF_A-202_Grundriss EG_Ind. C.pdf');
  await expect(lhfRow).toContainText(t('planSet.convention.key'));
  await expect(lhfRow).toContainText(t('planSet.problem.new_plan', { number: 'A-202' }));
  await expect(await row('A-101_Grundriss EG_C.pdf')).toContainText(t('planSet.convention.sheet'));
  await review.getByRole('button', { name: t('common.cancel') }).click();
  await expect(review).toBeHidden();

  // the next drop of the project is read with the key from the start
  await dropFiles(page, `[data-folder-id="${folder._id}"]`, ['LHF_A-206_Schnitt C-C_Ind. A.pdf']);
  await expect(review).toBeVisible();
  const next = await row('LHF_A-206_Schnitt C-C_Ind. A.pdf');
  await expect(next).toContainText(t('planSet.convention.key'));
  await expect(next).toContainText(t('planSet.problem.new_plan', { number: 'A-206' }));
  // and the project settings show the kept key
  expect((await server.namingKey(project._id)).pattern).toBe('{discipline}_{number}_{name}_Ind. {index}');
});

test('a PDF whose title block says another index than its name is asked about; one that agrees says so; an unreadable name is offered the title block', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(SCREENS.desktop);
  const { server, project, folder } = await lindenhofFolder(page, 'titleblock', 'Grundrisse');
  const doc = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.releasedVersion(doc._id, 'B', [{ name: 'A-101_B.pdf', data: fixture('tracemonkey.pdf') }]);

  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Grundriss EG', exact: true })).toBeVisible();
  // Only the PDF whose name says nothing goes to the server; the others are read here in the browser.
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/title-block')) posted.push(request.url());
  });
  const sheet = (number: string, index: string, name: string) =>
    titleBlockSheet({ sheet: 'A3', block: germanBlock(number, index, name) });
  await dropPdfs(page, `[data-folder-id="${folder._id}"]`, [
    // the name says C, the title block D (the name was not renamed after the last change)
    { name: 'A-101_Grundriss EG_C.pdf', data: await sheet('A-101', 'D', 'Grundriss EG') },
    { name: 'A-102_Grundriss OG_A.pdf', data: await sheet('A-102', 'A', 'Grundriss OG') },
    { name: 'Grundriss Dachgeschoss.pdf', data: await sheet('A-103', 'A', 'Grundriss DG') },
  ]);

  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  const rows = review.getByTestId('plan-set-review-rows');
  const row = (file: string) => rows.locator(`[data-file="${file}"]`);
  const conflict = t('planSet.problem.reading_title_block_index', {
    nameNumber: 'A-101',
    nameIndex: 'C',
    blockNumber: 'A-101',
    blockIndex: 'D',
  });
  // the row says which says what and asks; it is not matched and confirming waits
  await expect(row('A-101_Grundriss EG_C.pdf')).toContainText(conflict, { timeout: 30_000 });
  // a disagreeing title block confirms nothing, not even the number it shares
  await expect(row('A-101_Grundriss EG_C.pdf')).not.toContainText(t('planSet.review.titleBlockConfirmsNumber'));
  await expect(row('A-102_Grundriss OG_A.pdf')).toContainText(t('planSet.review.titleBlockConfirmsBoth'), {
    timeout: 30_000,
  });
  const offered = row('Grundriss Dachgeschoss.pdf');
  await expect(offered).toContainText(t('planSet.review.titleBlock', { number: 'A-103', index: 'A' }));
  await expect(review.getByText(t('planSet.review.checked'))).toBeVisible({ timeout: 15_000 });
  await expect(review.getByText(t('planSet.review.decisions_other', { count: 2 }))).toBeVisible();
  await expect(review.getByRole('button', { name: t('planSet.review.confirm_one', { count: 1 }) })).toBeDisabled();
  await checkScreen(page, 'title-block-conflict');
  expect(posted).toHaveLength(1);

  // on a phone the card says the same and offers the same two readings
  await page.setViewportSize(SCREENS.phone);
  const card = review.locator('[data-file="A-101_Grundriss EG_C.pdf"]');
  await expect(card).toContainText(conflict);
  await expect(
    card.getByRole('button', { name: t('planSet.reading.takeName', { number: 'A-101', index: 'C' }) }),
  ).toBeVisible();
  await checkScreen(page, 'title-block-conflict');
  await page.setViewportSize(SCREENS.desktop);

  // the office takes the title block's reading: the row goes as A-101 index D
  await row('A-101_Grundriss EG_C.pdf')
    .getByRole('button', { name: t('planSet.reading.takeTitleBlock', { number: 'A-101', index: 'D' }) })
    .click();
  await expect(row('A-101_Grundriss EG_C.pdf')).not.toContainText(conflict);
  await offered.getByRole('button', { name: t('planSet.review.takeSuggestion') }).click();
  await expect(review.getByText(t('planSet.review.allClear'))).toBeVisible({ timeout: 15_000 });
  const confirm = review.getByRole('button', { name: t('planSet.review.confirm_other', { count: 3 }) });
  await expect(confirm).toBeEnabled({ timeout: 15_000 });
  await confirm.click();
  await expect(review).toBeHidden({ timeout: 15_000 });
  const bundle = await server.bundle(project._id);
  const { versions } = bundle as unknown as { versions: { doc: string; index: string }[] };
  expect(
    versions
      .filter((v) => v.doc === doc._id)
      .map((v) => v.index)
      .sort(),
  ).toEqual(['B', 'D']);
});
