import { expect, test, type Page } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { checkScreen, SCREENS } from './support/responsive.ts';
import { fixture, hoaiPhase, officeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

const PLANS = [
  'Grundriss UG',
  'Grundriss EG',
  'Grundriss 1.OG',
  'Grundriss 2.OG',
  'Grundriss DG',
  'Dachaufsicht',
  'Schnitt A-A',
  'Ansicht Nord',
  'Ansicht Süd',
  'Ansicht Ost',
  'Ansicht West',
  'Detail Attika',
  'Detail Fenster',
  'Treppenhaus',
  'Außenanlagen',
].map((name, i) => ({ number: `A-${101 + i}`, name }));

/** A file of the dropped set: genuine content (uploads check PDFs and drawings) under the office's name. */
interface SetFile {
  name: string;
  fixture: 'hello_world_rotated.pdf' | 'issue6010_1.pdf' | 'tracemonkey.pdf' | 'sample_2000.dwg';
}

/**
 * What CAD exports after a coordination meeting: 14 plans as PDF and DWG at index C (the DWGs named
 * by the CAD's own project convention), A-115 at index A by mistake (current is B), and A-150, a
 * plan the project does not have yet.
 */
function revisedSet(): SetFile[] {
  const files: SetFile[] = [];
  for (const plan of PLANS.slice(0, 14)) {
    files.push({ name: `${plan.number}_${plan.name}_C.pdf`, fixture: 'hello_world_rotated.pdf' });
    files.push({ name: `2026-014_LP5_${plan.number.replace('-', '_')}_C.dwg`, fixture: 'sample_2000.dwg' });
  }
  files.push({ name: 'A-115_Außenanlagen_A.pdf', fixture: 'hello_world_rotated.pdf' });
  files.push({ name: 'A-150_Detail Attika Nord_A.pdf', fixture: 'hello_world_rotated.pdf' });
  return files;
}

/** Drops the files onto an element as a desktop drag does (a DataTransfer holding File objects). */
async function dropFiles(page: Page, selector: string, files: SetFile[], screenshot?: () => Promise<void>) {
  const payload = files.map((f) => ({ name: f.name, data: fixture(f.fixture).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name));
    }
    return transfer;
  }, payload);
  const target = page.locator(selector).first();
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await screenshot?.();
  await target.dispatchEvent('drop', { dataTransfer });
}

test('the office drops a revised plan set onto a folder, fixes a row, releases all and sends it to the subscribers', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const server = officeApi(page.request, await signUpOffice(page, 'planset'));
  await server.company('Berg Architekten');
  const project = await server.project('2026-014', 'Wohnanlage Lindenhof');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');

  // 15 plans released at index B, each with its PDF
  const docs: string[] = [];
  for (const plan of PLANS) {
    const doc = await server.doc(folder._id, plan.number, plan.name);
    // index B's PDF is another file than index C's (the same content would be 'bereits vorhanden')
    await server.releasedVersion(doc._id, 'B', [{ name: `${plan.number}_B.pdf`, data: fixture('tracemonkey.pdf') }]);
    docs.push(doc._id);
  }
  // two planners subscribed to every plan (Keller also to the drawings); both had index B already
  const planners = bundle.participantfolders.find((f) => f.name === 'Fachplaner')!;
  const people = [
    { key: 'weber', firstName: 'Jonas', lastName: 'Weber', company: 'Statik Weber GmbH', tec: false },
    { key: 'keller', firstName: 'Eva', lastName: 'Keller', company: 'TGA Keller', tec: true },
  ];
  const receivers: { email: string; name: string }[] = [];
  for (const person of people) {
    const email = uniqueEmail(person.key);
    const contact = await server.contact(email, { ...person, needsPdf: true, needsTec: person.tec });
    const participant = await server.participant(project._id, contact._id, planners._id);
    const subs: string[] = [];
    for (const docId of docs) subs.push((await server.subscribe(docId, participant._id, true, person.tec)).sub!._id);
    await server.deliver(project._id, participant._id, subs, { subject: 'Index B' });
    receivers.push({ email, name: `${person.firstName} ${person.lastName}` });
  }

  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Grundriss EG', exact: true })).toBeVisible();

  // 30 files from the desktop onto the folder 'Grundrisse'
  const files = revisedSet();
  expect(files).toHaveLength(30);
  await dropFiles(page, `[data-folder-id="${folder._id}"]`, files, async () => {
    await expect(page.getByText(t('planSet.dropHere'))).toBeVisible();
    await expect(page.getByText(t('planSet.dropInto', { folder: 'Grundrisse' }))).toBeVisible();
    await checkScreen(page, 'plan-set-drag-over');
  });

  // the review: every file with its plan and index, partners together, what needs a decision first
  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  await expect(review).toBeVisible();
  const rows = review.getByTestId('plan-set-review-rows');
  await expect(review.getByText(t('planSet.review.files_other', { count: 30 }), { exact: true })).toBeVisible();
  await expect(review.getByText(t('planSet.review.plans_other', { count: 16 }), { exact: true })).toBeVisible();
  await expect(review.getByText(t('planSet.review.newPlans_one', { count: 1 }), { exact: true })).toBeVisible();
  await expect(review.getByText(t('planSet.review.decisions_one', { count: 1 }))).toBeVisible();
  const row = (file: string) => rows.locator(`[data-file="${file}"]`);
  await expect(row('A-115_Außenanlagen_A.pdf')).toContainText(
    t('planSet.problem.index_older', { index: 'A', current: 'B' }),
  );
  await expect(row('A-150_Detail Attika Nord_A.pdf')).toContainText(t('planSet.problem.new_plan', { number: 'A-150' }));
  // the DWG named by the CAD convention found its plan and sits beside the PDF
  await expect(row('2026-014_LP5_A_102_C.dwg')).toContainText('A-102');
  await expect(row('A-102_Grundriss EG_C.pdf')).toContainText('DWG');
  await expect(review.getByText(t('planSet.review.checked'))).toBeVisible({ timeout: 15_000 });
  await checkScreen(page, 'plan-set-review');

  // fix the wrong index inline: A-115 becomes C
  await row('A-115_Außenanlagen_A.pdf')
    .getByRole('button', { name: `${t('planSet.review.edit')}: A-115_Außenanlagen_A.pdf` })
    .click();
  const indexInput = review.getByRole('textbox', {
    name: t('planSet.review.editIndex', { file: 'A-115_Außenanlagen_A.pdf' }),
  });
  await indexInput.fill('C');
  await indexInput.press('Enter');
  await expect(review.getByText(t('planSet.review.allClear'))).toBeVisible();
  await expect(review.getByText(t('planSet.review.checked'))).toBeVisible({ timeout: 15_000 });
  await review.getByRole('button', { name: t('planSet.review.confirm_other', { count: 30 }) }).click();
  await expect(review).toBeHidden();

  // one bar for the set, one per file; then the set is through and told in the timeline
  const panel = page.getByTestId('plan-set-panel');
  await expect(panel).toBeVisible();
  await checkScreen(page, 'plan-set-uploading');
  await expect(panel.getByText(t('planSet.panel.done'))).toBeVisible({ timeout: 120_000 });
  await expect(panel.getByText(t('planSet.panel.preparing_other', { count: 16, folders: 'Grundrisse' }))).toBeVisible();
  await panel.getByRole('button', { name: t('planSet.panel.showFiles') }).click();
  await expect(panel.locator('[data-set-file]')).toHaveCount(30);
  await checkScreen(page, 'plan-set-uploaded');

  // 'Alle freigeben' releases the 16 prepared versions at once
  await panel.getByRole('button', { name: t('planSet.panel.releaseAll') }).click();
  const confirmRelease = page.getByRole('dialog', { name: t('planSet.panel.releaseAllTitle') });
  await expect(confirmRelease).toContainText(t('planSet.panel.releaseAllText_other', { count: 16 }));
  await confirmRelease.getByRole('button', { name: t('planSet.panel.releaseAll') }).click();
  await expect(page.getByText(t('planSet.panel.released_other', { count: 16 }))).toBeVisible({ timeout: 20_000 });

  // 'An Abonnenten senden': deliver mode with exactly the set's plans, for everyone subscribed
  await panel.getByRole('button', { name: t('planSet.panel.sendToSubscribers') }).click();
  await expect(page.getByRole('region', { name: t('deliver.mode') })).toBeVisible();
  await expect(page.getByTestId('deliver-count-docs')).toContainText('15', { timeout: 15_000 });
  await expect(page.getByTestId('deliver-count-participants')).toContainText('2');
  for (const person of receivers) {
    await expect(
      page.getByRole('checkbox', { name: t('deliver.selectSub', { doc: 'A-115', name: person.name }), exact: true }),
    ).toBeChecked();
  }
  await checkScreen(page, 'plan-set-deliver');
  await page.getByRole('button', { name: t('deliver.next') }).click();
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  await page
    .getByRole('dialog', { name: t('deliver.send.title') })
    .getByRole('button', { name: t('deliver.send.confirm') })
    .click();
  const progress = page.getByRole('region', { name: t('deliver.progress.label') });
  await expect(progress.getByText(t('deliver.progress.summary'))).toBeVisible({ timeout: 60_000 });
  await expect(progress.locator('tr[data-status="SUCCESS"]')).toHaveCount(2);

  // each recipient's mail lists the plans at their new index C
  const mailbox = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  for (const person of receivers) {
    const mailRow = mailbox
      .getByRole('row')
      .filter({ hasText: person.email })
      .filter({ hasText: 'Wohnanlage Lindenhof' });
    await expect(async () => {
      await mailbox.goto('/dev/outbox');
      await expect(mailRow.first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await mailRow.first().getByRole('link').first().click();
    for (const plan of PLANS) {
      // One plan a cell, its facts on a second line ('Index C · Freigabe … · Formate PDF'); the
      // mail's layout cells hold the plans' cells, so the innermost is the last.
      const planCell = mailbox.locator('td').filter({ hasText: plan.number }).filter({ hasText: plan.name }).last();
      await expect(planCell).toContainText(/\bIndex C\b/);
    }
    await expect(mailbox.getByText('A-150')).toHaveCount(0);
  }

  // the timeline tells the set once, beside each version's own events
  // A sent delivery's summary closes with 'Schließen' (no 'Abbrechen' beside it any more).
  await page
    .getByRole('region', { name: t('deliver.progress.label') })
    .getByRole('button', { name: t('deliver.progress.close') })
    .click();
  await page.goto(`/project/${project._id}?tab=timeline`);
  await expect(
    page.getByText(t('timeline.byActor.plansetUploaded_other', { count: 30, actor: 'Anna Berg' })),
  ).toBeVisible({
    timeout: 15_000,
  });
  await checkScreen(page, 'plan-set-timeline');
});

test('a plan set survives a reload: dropping the missing files again continues it', async ({ page }) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'planset-reload'));
  const project = await server.project('2026-015', 'Kita Sonnenhof');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  for (const plan of PLANS.slice(0, 3)) {
    const doc = await server.doc(folder._id, plan.number, plan.name);
    await server.releasedVersion(doc._id, 'A');
  }
  const files: SetFile[] = PLANS.slice(0, 3).flatMap((plan) => [
    { name: `${plan.number}_${plan.name}_B.pdf`, fixture: 'hello_world_rotated.pdf' },
    { name: `${plan.number}_${plan.name}_B.dwg`, fixture: 'sample_2000.dwg' },
  ]);

  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await dropFiles(page, `[data-folder-id="${folder._id}"]`, files);
  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  await expect(review.getByText(t('planSet.review.allClear'))).toBeVisible();
  // the set is written, then the page reloads before any upload could start
  await page.route('**/api/uploads', (route) => route.abort());
  await review.getByRole('button', { name: t('planSet.review.confirm_other', { count: 6 }) }).click();
  await expect(page.getByTestId('plan-set-panel')).toBeVisible();
  await page.reload();
  await page.getByText('LP5', { exact: true }).click();

  // the set is back from the server; this page has no files for it
  const panel = page.getByTestId('plan-set-panel');
  await expect(panel.getByText(t('planSet.panel.missing_other', { count: 6 }))).toBeVisible({ timeout: 15_000 });
  await checkScreen(page, 'plan-set-after-reload');
  await page.unroute('**/api/uploads');
  await dropFiles(page, `[data-folder-id="${folder._id}"]`, files);
  await expect(page.getByText(t('planSet.panel.matched_other', { count: 6 }))).toBeVisible();
  await expect(panel.getByText(t('planSet.panel.done'))).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog', { name: t('planSet.review.title') })).toHaveCount(0);
});

test("a set over two folders keeps its 'Alle freigeben' after the page is left, and it releases every folder's plans", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const server = officeApi(page.request, await signUpOffice(page, 'planset-leave'));
  const project = await server.project('2026-018', 'Rathaus Ost');
  const bundle = await server.bundle(project._id);
  const phase = hoaiPhase(bundle, 5);
  const grundrisse = await server.folder(phase._id, 'Grundrisse');
  const schnitte = await server.folder(phase._id, 'Schnitte');
  const plans = [
    { folder: grundrisse._id, number: 'A-101', name: 'Grundriss EG' },
    { folder: grundrisse._id, number: 'A-102', name: 'Grundriss OG' },
    { folder: schnitte._id, number: 'S-201', name: 'Schnitt A-A' },
  ];
  const docIds: string[] = [];
  for (const plan of plans) {
    const doc = await server.doc(plan.folder, plan.number, plan.name);
    await server.releasedVersion(doc._id, 'A');
    docIds.push(doc._id);
  }

  // the set goes onto 'Grundrisse'; S-201 finds its plan in 'Schnitte'
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await dropFiles(
    page,
    `[data-folder-id="${grundrisse._id}"]`,
    plans.map((p): SetFile => ({ name: `${p.number}_${p.name}_B.pdf`, fixture: 'hello_world_rotated.pdf' })),
  );
  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  await expect(review.getByText(t('planSet.review.allClear'))).toBeVisible();
  await review.getByRole('button', { name: t('planSet.review.confirm_other', { count: 3 }) }).click();
  const panel = page.getByTestId('plan-set-panel');
  await expect(panel.getByText(t('planSet.panel.done'))).toBeVisible({ timeout: 60_000 });

  // the office leaves the page before releasing and comes back later (a new load of the app)
  await page.goto('/projects');
  await expect(page.getByText('Rathaus Ost').first()).toBeVisible();
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  const preparing = t('planSet.panel.preparing_other', { count: 3, folders: 'Grundrisse, Schnitte' });
  await expect(panel.getByText(preparing)).toBeVisible({ timeout: 15_000 });
  for (const [screen, size] of Object.entries({
    desktop: SCREENS.desktop,
    tablet: SCREENS.tablet,
    phone: SCREENS.phone,
  })) {
    await page.setViewportSize(size);
    await checkScreen(page, `plan-set-open-after-leaving-${screen}`);
  }
  await page.setViewportSize(SCREENS.desktop);

  // 'Alle freigeben' of the set releases the plans of both folders, each once
  await panel.getByRole('button', { name: t('planSet.panel.releaseAll') }).click();
  const confirmRelease = page.getByRole('dialog', { name: t('planSet.panel.releaseAllTitle') });
  await expect(confirmRelease).toContainText(t('planSet.panel.releaseAllText_other', { count: 3 }));
  await confirmRelease.getByRole('button', { name: t('planSet.panel.releaseAll') }).click();
  await expect(page.getByText(t('planSet.panel.released_other', { count: 3 }))).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText(t('planSet.panel.allReleased'))).toBeVisible();
  await expect(panel.getByRole('button', { name: t('planSet.panel.sendToSubscribers') })).toBeVisible();
  const loaded = await server.call<{ versions: { doc: string; index: string; status: string }[] }>(
    'get',
    `/project/${project._id}`,
  );
  expect(
    loaded.versions
      .filter((v) => v.status === 'current')
      .map((v) => [plans[docIds.indexOf(v.doc)]!.number, v.index])
      .sort(),
  ).toEqual([
    ['A-101', 'B'],
    ['A-102', 'B'],
    ['S-201', 'B'],
  ]);

  // released, the set is not offered again
  await page.reload();
  await page.getByText('LP5', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Schnitt A-A', exact: true })).toBeVisible();
  await expect(page.getByTestId('plan-set-panel')).toHaveCount(0);
});

test('files dropped again with the content of index C are "bereits vorhanden", not index D', async ({ page }) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'planset-again'));
  const project = await server.project('2026-019', 'Wohnhaus Berg');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  const a101 = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.releasedVersion(a101._id, 'C', [
    { name: 'A-101_Grundriss EG_C.pdf', data: fixture('hello_world_rotated.pdf') },
    { name: 'A-101_Grundriss EG_C.dwg', data: fixture('sample_2000.dwg') },
  ]);
  const a102 = await server.doc(folder._id, 'A-102', 'Grundriss OG');
  await server.releasedVersion(a102._id, 'C', [{ name: 'A-102_C.pdf', data: fixture('issue6010_1.pdf') }]);

  // the export of index C once more (the DWG named by the CAD), and one real revision: A-102 at D
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await dropFiles(page, `[data-folder-id="${folder._id}"]`, [
    { name: 'A-101_Grundriss EG_C.pdf', fixture: 'hello_world_rotated.pdf' },
    { name: '2026-019_LP5_A_101_C.dwg', fixture: 'sample_2000.dwg' },
    { name: 'A-102_C.pdf', fixture: 'issue6010_1.pdf' },
    { name: 'A-102_Grundriss OG_D.pdf', fixture: 'tracemonkey.pdf' },
  ]);
  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  const rows = review.getByTestId('plan-set-review-rows');
  const row = (file: string) => rows.locator(`[data-file="${file}"]`);
  await expect(review.getByText(t('planSet.review.alreadyThere_other', { count: 3 }), { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  for (const [file, number] of [
    ['A-101_Grundriss EG_C.pdf', 'A-101'],
    ['2026-019_LP5_A_101_C.dwg', 'A-101'],
    ['A-102_C.pdf', 'A-102'],
  ] as const) {
    await expect(row(file)).toContainText(t('planSet.problem.already_there', { number, index: 'C' }));
    await expect(row(file)).not.toContainText(t('planSet.problem.index_equal', { index: 'C', current: 'C' }));
    await expect(row(file).getByRole('button', { name: t('planSet.action.set_index', { value: 'D' }) })).toHaveCount(0);
  }
  await expect(row('A-102_Grundriss OG_D.pdf')).not.toContainText(
    t('planSet.problem.already_there', { number: 'A-102', index: 'C' }),
  );
  await expect(review.getByText(t('planSet.review.checked'))).toBeVisible({ timeout: 15_000 });
  await expect(review.getByRole('button', { name: t('planSet.review.confirm_one', { count: 1 }) })).toBeEnabled();
  for (const [screen, size] of Object.entries({
    desktop: SCREENS.desktop,
    tablet: SCREENS.tablet,
    phone: SCREENS.phone,
  })) {
    await page.setViewportSize(size);
    await checkScreen(page, `plan-set-review-already-there-${screen}`);
  }
  await page.setViewportSize(SCREENS.desktop);

  // kept after all, the file goes by its name: index C is the current one, beside index D in the set
  await row('A-102_C.pdf')
    .getByRole('button', { name: t('planSet.action.keep') })
    .click();
  await expect(row('A-102_C.pdf')).toContainText(t('planSet.problem.index_equal', { index: 'C', current: 'C' }));
  await expect(row('A-102_C.pdf')).toContainText(
    t('planSet.problem.two_indexes', { number: 'A-102', indexes: 'C, D' }),
  );
  await expect(review.getByText(t('planSet.review.decisions_other', { count: 3 }))).toBeVisible();
  await row('A-102_C.pdf')
    .getByRole('button', { name: `${t('planSet.review.leaveOut')}: A-102_C.pdf` })
    .click();
  await expect(review.getByText(t('planSet.review.allClear'))).toBeVisible();

  // only the real revision is uploaded; A-101 gets no index D
  await review.getByRole('button', { name: t('planSet.review.confirm_one', { count: 1 }) }).click();
  const panel = page.getByTestId('plan-set-panel');
  await expect(panel.getByText(t('planSet.panel.done'))).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByText(t('planSet.panel.preparing_one', { count: 1, folders: 'Grundrisse' }))).toBeVisible();
  const loaded = await server.call<{ versions: { doc: string; index: string; status: string }[] }>(
    'get',
    `/project/${project._id}`,
  );
  expect(loaded.versions.filter((v) => v.status === 'preparation').map((v) => [v.doc, v.index])).toEqual([
    [a102._id, 'D'],
  ]);
});

test('a set of 300 files shows its review at once and draws only the rows in view', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SCREENS.desktop);
  const server = officeApi(page.request, await signUpOffice(page, 'planset-300'));
  const project = await server.project('2026-017', 'Schulzentrum West');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();

  // 150 new plans as PDF and DWG; the review reads names only, so the files hold a few bytes
  const names = Array.from({ length: 150 }, (_, i) => `A-${201 + i}_Grundriss Ebene ${i + 1}_A`).flatMap((n) => [
    `${n}.pdf`,
    `${n}.dwg`,
  ]);
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const name of list) transfer.items.add(new File(['%PDF-1.4'], name));
    return transfer;
  }, names);
  await page.locator(`[data-folder-id="${folder._id}"]`).first().dispatchEvent('drop', { dataTransfer });

  const review = page.getByRole('dialog', { name: t('planSet.review.title') });
  await expect(review.getByText(t('planSet.review.files_other', { count: 300 }), { exact: true })).toBeVisible();
  const rows = review.getByTestId('plan-set-review-rows');
  // the table holds all 300 files but draws only those in view (and a few beyond)
  await expect(rows).toHaveAttribute('aria-rowcount', '301');
  await expect(rows.locator('[data-file]').first()).toBeVisible();
  expect(await rows.locator('[data-file]').count()).toBeLessThan(60);
  await checkScreen(page, 'plan-set-review-300');

  // scrolled to the end, the last plan is drawn and can be fixed inline
  const scroller = review.getByTestId('plan-set-review-scroll');
  const last = rows.locator('[data-file="A-350_Grundriss Ebene 150_A.pdf"]');
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(last).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows.locator('[data-file="A-201_Grundriss Ebene 1_A.pdf"]')).toHaveCount(0);
  await last.getByRole('button', { name: `${t('planSet.review.edit')}: A-350_Grundriss Ebene 150_A.pdf` }).click();
  const nameInput = review.getByRole('textbox', {
    name: t('planSet.review.editName', { file: 'A-350_Grundriss Ebene 150_A.pdf' }),
  });
  await nameInput.fill('Grundriss Dach');
  await nameInput.press('Enter');
  await expect(last).toContainText('Grundriss Dach');
  await checkScreen(page, 'plan-set-review-300-end');

  // on a phone the same set shows as cards, also drawn only in view
  await page.setViewportSize(SCREENS.phone);
  const cards = review.getByTestId('plan-set-review-rows');
  await expect(cards).toHaveAttribute('data-count', '300');
  await expect(cards.locator('[data-file]').first()).toBeVisible();
  expect(await cards.locator('[data-file]').count()).toBeLessThan(30);
  await checkScreen(page, 'plan-set-review-300');
});

for (const [screen, size] of [
  ['tablet', SCREENS.tablet],
  ['phone', SCREENS.phone],
] as const) {
  test(`the plan set review and the naming key fit a ${screen} (${size.width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    const server = officeApi(page.request, await signUpOffice(page, `planset-${screen}`));
    const project = await server.project('2026-016', 'Sporthalle Nord');
    const bundle = await server.bundle(project._id);
    const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
    for (const plan of PLANS.slice(0, 4)) {
      const doc = await server.doc(folder._id, plan.number, plan.name);
      await server.releasedVersion(doc._id, 'B');
    }
    await page.goto(`/project/${project._id}`);
    await page.getByText('LP5', { exact: true }).click();
    await dropFiles(page, `[data-folder-id="${folder._id}"]`, [
      ...PLANS.slice(0, 4).map((p): SetFile => ({
        name: `${p.number}_${p.name}_C.pdf`,
        fixture: 'hello_world_rotated.pdf',
      })),
      { name: 'A-102_Grundriss EG_C.dwg', fixture: 'sample_2000.dwg' },
      { name: 'A-103_B.pdf', fixture: 'hello_world_rotated.pdf' },
      { name: 'Gesamtansicht.pdf', fixture: 'hello_world_rotated.pdf' },
    ]);
    const review = page.getByRole('dialog', { name: t('planSet.review.title') });
    await expect(review.getByText(t('planSet.review.checked'))).toBeVisible({ timeout: 15_000 });
    await expect(review.getByText(t('planSet.review.titleBlockNothing'))).toBeVisible({ timeout: 15_000 });
    await checkScreen(page, 'plan-set-review');
    await review.getByRole('button', { name: t('common.cancel') }).click();

    await page.goto(`/project/${project._id}?tab=settings`);
    const section = page.getByText(t('planSet.namingKey.title'));
    await section.scrollIntoViewIfNeeded();
    await page
      .getByLabel(t('planSet.namingKey.samples'))
      .fill('A-101_Grundriss UG_C.pdf\n2026-016_LP5_A_102_C.dwg\nPlanliste.pdf');
    await page.getByLabel(t('planSet.namingKey.pattern')).fill('{number}_{name}_{index}');
    await expect(page.getByRole('table', { name: t('planSet.namingKey.previewLabel') })).toContainText('A-101');
    await checkScreen(page, 'naming-key');
  });
}
