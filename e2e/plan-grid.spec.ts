import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { officeCall, raiseTier, signUpOfficeAs } from './support/office.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

interface Bundle {
  phases: { _id: string; shortcut: string; sortOrder: number }[];
  participantfolders: { _id: string; name: string }[];
  docs: { _id: string; number: string }[];
  participants: { _id: string; name: string }[];
  subs: { doc: string; participant: string; getsPdf: boolean; getsTec: boolean }[];
  standingSubs: { participant: string; folder: string | null }[];
}

/** A new office through the sign-up form; its address is needed to raise its tier later. */
async function signUp(page: Page): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('raster');
  return { email, token: await signUpOfficeAs(page, email) };
}

/** The documented endpoints, called directly to set the data up quickly. */
function api(request: APIRequestContext, token: string) {
  const call = officeCall(request, token);
  return {
    project: (number: string, name: string) =>
      call<{ _id: string }>('post', '/project', { number, name, phaseTemplate: 'hoai' }),
    bundle: (projectId: string) => call<Bundle>('get', `/project/${projectId}`),
    folder: (phaseId: string, name: string) =>
      call<{ _id: string }>('post', '/folder', { phaseId, name, category: 'plans' }),
    doc: (folderId: string, number: string, name: string) =>
      call<{ _id: string }>('post', '/doc', { folderId, doctype: 'plan', number, name }),
    participant: (projectId: string, folderId: string, firstName: string, lastName: string, company: string) =>
      call<{ _id: string }>('post', '/contact', {
        firstName,
        lastName,
        company,
        email: uniqueEmail(lastName.toLowerCase()),
        needsPdf: true,
        needsTec: false,
        projectId,
        folderId,
      }),
    subscriptions: (items: { docId: string; participantId: string; getsPdf: boolean; getsTec: boolean }[]) =>
      call<{ changed: number }>('put', '/subscriptions', { items }),
    /** A plan set of one PDF named for a plan the project lacks: a new plan in the folder. */
    planSet: (folderId: string, filename: string) =>
      call('post', '/plan-sets', {
        folderId,
        files: [{ key: 'f0', filename, size: 1000 }],
        requestKey: crypto.randomUUID(),
        comment: 'Planset',
      }),
  };
}

const cell = (page: Page, doc: string, participant: string, format: 'PDF' | 'DWG/DXF') =>
  page.getByRole('button', { name: t('planGrid.cellToggle', { doc, participant, format }), exact: true });

test('the office subscribes participants to plans in the Planraster, cell by cell and a whole column', async ({
  page,
}) => {
  const { token } = await signUp(page);
  const server = api(page.request, token);
  const project = await server.project('2026-020', 'Schule am Park');
  const start = await server.bundle(project._id);
  const lp5 = [...start.phases].sort((a, b) => a.sortOrder - b.sortOrder)[4]!;
  const folder = await server.folder(lp5._id, 'Grundrisse');
  await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.doc(folder._id, 'A-102', 'Grundriss OG');
  const planners = start.participantfolders.find((f) => f.name === 'Fachplaner')!;
  await server.participant(project._id, planners._id, 'Eva', 'Stein', 'Statik GmbH');
  await server.participant(project._id, planners._id, 'Max', 'Kurz', 'Haustechnik AG');

  await page.goto(`/project/${project._id}`);
  await page.getByRole('tab', { name: t('project.tabs.plan_grid') }).click();
  const grid = page.getByRole('region', { name: t('planGrid.gridLabel') });
  await expect(grid).toBeVisible();
  await expect(grid.getByText('Grundriss EG')).toBeVisible();
  await expect(grid.getByText('Fachplaner')).toBeVisible();

  // one cell: A-101 as PDF to Eva Stein
  const evaPdf = cell(page, 'A-101', 'Eva Stein', 'PDF');
  await expect(evaPdf).toHaveAttribute('aria-pressed', 'false');
  await evaPdf.click();
  await expect(evaPdf).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, 'A-101', 'Eva Stein', 'DWG/DXF')).toHaveAttribute('aria-pressed', 'false');

  // the whole column: every shown plan as DWG/DXF to Max Kurz
  const maxTec = page.getByRole('button', {
    name: t('planGrid.columnToggle', { participant: 'Max Kurz', format: 'DWG/DXF' }),
  });
  await maxTec.click();
  await expect(cell(page, 'A-101', 'Max Kurz', 'DWG/DXF')).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, 'A-102', 'Max Kurz', 'DWG/DXF')).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, 'A-102', 'Max Kurz', 'PDF')).toHaveAttribute('aria-pressed', 'false');
  await expect(maxTec).toHaveAttribute('aria-pressed', 'true');

  // saved: the server has them, and they survive a reload
  await expect.poll(async () => (await server.bundle(project._id)).subs.length).toBe(3);
  await page.reload();
  await expect(cell(page, 'A-101', 'Eva Stein', 'PDF')).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, 'A-101', 'Max Kurz', 'DWG/DXF')).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, 'A-102', 'Max Kurz', 'DWG/DXF')).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, 'A-102', 'Eva Stein', 'PDF')).toHaveAttribute('aria-pressed', 'false');

  // the row toggle: A-101 goes as PDF to some participants, a click gives it to all
  await page.getByRole('button', { name: t('planGrid.rowToggle', { doc: 'A-101', format: 'PDF' }) }).click();
  await expect(evaPdf).toHaveAttribute('aria-pressed', 'true');
  await expect(cell(page, 'A-101', 'Max Kurz', 'PDF')).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: path.join(SHOTS, 'plan-grid-small.png') });
});

test('a folder subscribed in the Planraster holds for plans added later, until the office changes a plan', async ({
  page,
}) => {
  const { token } = await signUp(page);
  const server = api(page.request, token);
  const project = await server.project('2026-035', 'Kita Sonnenhof');
  const start = await server.bundle(project._id);
  const lp5 = [...start.phases].sort((a, b) => a.sortOrder - b.sortOrder)[4]!;
  const folder = await server.folder(lp5._id, 'Grundrisse');
  await server.doc(folder._id, 'A-101', 'Grundriss EG');
  const planners = start.participantfolders.find((f) => f.name === 'Fachplaner')!;
  await server.participant(project._id, planners._id, 'Eva', 'Stein', 'Statik GmbH');

  await page.goto(`/project/${project._id}?tab=plan_grid`);
  const grid = page.getByRole('region', { name: t('planGrid.gridLabel') });
  await expect(grid.getByText('Grundriss EG')).toBeVisible();

  // "Grundrisse an Eva Stein: PDF" subscribes today's plan and stands for later ones.
  const folderPdf = page.getByRole('button', {
    name: t('planGrid.groupToggle', { group: 'Grundrisse', participant: 'Eva Stein', format: 'PDF' }),
  });
  await folderPdf.click();
  await expect(cell(page, 'A-101', 'Eva Stein', 'PDF')).toHaveAttribute('aria-pressed', 'true');
  await expect(folderPdf).toHaveAttribute('aria-pressed', 'true');
  await expect(folderPdf).toHaveAccessibleDescription(t('planGrid.standing', { group: 'Grundrisse' }));
  await expect(page.getByText(t('planGrid.legend.standing'))).toBeVisible();
  await expect.poll(async () => (await server.bundle(project._id)).standingSubs.length).toBe(1);

  // A colleague adds a plan by hand and one by a plan set: both arrive subscribed, marked as the rule's.
  await server.doc(folder._id, 'A-102', 'Grundriss OG');
  await server.planSet(folder._id, 'A-140_Attika_A.pdf');
  const fromRule = t('planGrid.fromRule', { group: 'Grundrisse' });
  for (const plan of ['A-102', 'A-140']) {
    await expect(cell(page, plan, 'Eva Stein', 'PDF')).toHaveAttribute('aria-pressed', 'true');
    await expect(cell(page, plan, 'Eva Stein', 'PDF')).toHaveAccessibleDescription(fromRule);
    await expect(cell(page, plan, 'Eva Stein', 'DWG/DXF')).toHaveAttribute('aria-pressed', 'false');
  }
  await expect(cell(page, 'A-101', 'Eva Stein', 'PDF')).toHaveAccessibleDescription('');
  for (const [width, height] of [
    [1440, 900],
    [820, 1100],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(cell(page, 'A-140', 'Eva Stein', 'PDF')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `plan-grid-standing-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Changed per plan, A-102 stays off; the rule still stands for the folder.
  await cell(page, 'A-102', 'Eva Stein', 'PDF').click();
  await expect(cell(page, 'A-102', 'Eva Stein', 'PDF')).toHaveAttribute('aria-pressed', 'false');
  await expect(folderPdf).toHaveAttribute('aria-pressed', 'mixed');
  await expect.poll(async () => (await server.bundle(project._id)).subs.length).toBe(2);
  await page.reload();
  await expect(cell(page, 'A-102', 'Eva Stein', 'PDF')).toHaveAttribute('aria-pressed', 'false');
  await expect(cell(page, 'A-140', 'Eva Stein', 'PDF')).toHaveAttribute('aria-pressed', 'true');
  await expect(folderPdf).toHaveAccessibleDescription(t('planGrid.standing', { group: 'Grundrisse' }));

  // The participant's own list says so too, and ends the rule there: today's plans keep what they have.
  await page.getByRole('tab', { name: t('project.tabs.participants') }).click();
  await page.getByRole('button', { name: t('participants.select', { name: 'Eva Stein' }) }).click();
  const group = page.getByRole('group', { name: 'Grundrisse' });
  await expect(group).toContainText(t('participants.subs.standingFolder'));
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(group).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `participant-standing-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await group.getByRole('button', { name: t('participants.subs.removeRuleHint', { folder: 'Grundrisse' }) }).click();
  await expect(group).toContainText(t('participants.subs.allOfFolder'));
  await expect.poll(async () => (await server.bundle(project._id)).standingSubs.length).toBe(0);
  expect((await server.bundle(project._id)).subs).toHaveLength(2);
});

test('a grid of 300 plans × 40 participants scrolls in both directions and confirms big column changes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email, token } = await signUp(page);
  await raiseTier(email);
  const server = api(page.request, token);
  const project = await server.project('2026-300', 'Klinikum Nord');
  const start = await server.bundle(project._id);
  const phases = [...start.phases].sort((a, b) => a.sortOrder - b.sortOrder);
  const docIds: string[] = [];
  for (const [p, phase] of [phases[2]!, phases[4]!].entries()) {
    for (const [f, name] of ['Grundrisse', 'Schnitte', 'Ansichten'].entries()) {
      const folder = await server.folder(phase._id, name);
      const batch = Array.from({ length: 50 }, (_, i) =>
        server.doc(
          folder._id,
          `${'ABC'[f]}-${p + 1}${String(i + 1).padStart(2, '0')}`,
          `${name.slice(0, -1)} ${i + 1}`,
        ),
      );
      for (const created of await Promise.all(batch)) docIds.push(created._id);
    }
  }
  const companies = [
    'Statik',
    'Haustechnik',
    'Elektro',
    'Brandschutz',
    'Bauphysik',
    'Vermessung',
    'Landschaft',
    'Bauherr',
  ];
  const participantIds: string[] = [];
  for (let i = 0; i < 40; i++) {
    const folder = start.participantfolders[i % start.participantfolders.length]!;
    const created = await server.participant(
      project._id,
      folder._id,
      ['Eva', 'Max', 'Lena', 'Jonas', 'Mia'][i % 5]!,
      `Muster${i + 1}`,
      `${companies[i % companies.length]} Planung GmbH`,
    );
    participantIds.push(created._id);
  }
  const bundle = await server.bundle(project._id);
  const ids = bundle.participants.map((p) => p._id);
  const items = docIds.flatMap((docId, d) =>
    ids.flatMap((participantId, p) =>
      (d + p) % 3 === 0 ? [{ docId, participantId, getsPdf: true, getsTec: (d + p) % 2 === 0 }] : [],
    ),
  );
  await server.subscriptions(items);

  await page.goto(`/project/${project._id}?tab=plan_grid`);
  const grid = page.getByRole('region', { name: t('planGrid.gridLabel') });
  await expect(grid).toBeVisible();
  await expect(page.getByText(t('planGrid.size', { docs: '300', participants: '40' }))).toBeVisible();
  // only what is in view is rendered
  expect(await grid.getByRole('button').count()).toBeLessThan(2000);
  await page.screenshot({ path: path.join(SHOTS, 'plan-grid.png') });

  await grid.evaluate((el) => el.scrollTo({ top: 6000, left: 1200 }));
  await expect(grid.getByText('Grundriss', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'plan-grid-scrolled.png') });
  await grid.evaluate((el) => el.scrollTo({ top: 0, left: 0 }));

  // a whole column of 300 plans asks first; the column taken is one the grid draws at its left edge
  // (the grid draws only the columns in view, in its own order of folders and participants)
  const columnToggle = (participant: string) =>
    page.getByRole('button', { name: t('planGrid.columnToggle', { participant, format: 'PDF' }), exact: true });
  const drawn = await Promise.all(
    bundle.participants.map(async (p) => ((await columnToggle(p.name).count()) > 0 ? p : null)),
  );
  const first = drawn.find((p) => p !== null)!;
  await columnToggle(first.name).click();
  const dialog = page.getByRole('dialog', { name: t('planGrid.confirmTitle') });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'plan-grid-confirm.png') });
  await dialog.getByRole('button', { name: /200|Zellen/ }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(
      async () =>
        (await server.bundle(project._id)).subs.filter((s) => s.participant === first._id && s.getsPdf).length,
    )
    .toBe(300);
});
