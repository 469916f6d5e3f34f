import { expect, test, type Page } from '@playwright/test';
import { announced } from './support/announced.ts';
import { raiseTier, signUpOfficeAs } from './support/office.ts';
import { hoaiPhase, officeApi, type OfficeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);

interface Bundle {
  docfolders: { _id: string; name: string }[];
  docs: { _id: string; number: string; folder: string; sortOrder: number }[];
}

const PLAN_COUNT = 60;
const planNumber = (i: number) => `A-${String(101 + i)}`;
const planName = (i: number) => `Grundriss ${i + 1}`;
const planLabel = (i: number) => `${planNumber(i)} ${planName(i)}`;

/**
 * A project in LP5 with the folder 'Grundrisse' of 60 plans (A-101 'Grundriss 1' … A-160), far taller
 * than the list, and below it the folder 'Schnitte' with A-201.
 */
async function seedLongList(server: OfficeApi) {
  const project = await server.project('2026-095', 'Wohnanlage Lindenhof');
  const lp5 = hoaiPhase(await server.bundle(project._id), 5);
  const grundrisse = await server.folder(lp5._id, 'Grundrisse');
  const schnitte = await server.folder(lp5._id, 'Schnitte');
  const docIds: string[] = [];
  for (let i = 0; i < PLAN_COUNT; i++) docIds.push((await server.doc(grundrisse._id, planNumber(i), planName(i)))._id);
  const schnittId = (await server.doc(schnitte._id, 'A-201', 'Schnitt A-A'))._id;
  return { project, grundrisse, schnitte, docIds, schnittId };
}

/** The plan numbers of a folder in their saved order. */
async function savedOrder(server: OfficeApi, projectId: string, folderId: string) {
  const bundle = await server.call<Bundle>('get', `/project/${projectId}`);
  return bundle.docs
    .filter((d) => d.folder === folderId)
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((d) => d.number);
}

/** A row the dragged one passes: a plan or participant (its place is taken) or a folder (it goes in). */
type PathRow = string | { folder: string };

/**
 * Picks the row `name` up by its grip (Space), presses the arrow once per row of `path` (the rows it
 * passes, by their visible labels, in order) while the live region names each in turn (German texts),
 * and drops it on the last one (Space), which is announced; the grip keeps the focus. With `shot`, the
 * screen is taken just before the drop.
 */
async function moveByKeyboard(
  page: Page,
  gripKey: string,
  name: string,
  key: 'ArrowDown' | 'ArrowUp',
  path: PathRow[],
  shot?: string,
) {
  const grip = page.getByRole('button', { name: t(gripKey, { name }), exact: true });
  await grip.focus();
  await expect(grip).toBeFocused();
  await expect(grip).toHaveAccessibleDescription(t('dragAnnounce.instructions'));
  await page.keyboard.press('Space');
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  await expect(announced(page, t('dragAnnounce.pickedUp', { name }))).toHaveCount(1);
  for (const [i, row] of path.entries()) {
    await page.keyboard.press(key);
    const words =
      typeof row === 'string'
        ? t('dragAnnounce.over', { name, target: row })
        : t('dragAnnounce.overFolder', { name, target: row.folder });
    await expect(announced(page, words), `${key} no. ${i + 1}: ${words}`).toHaveCount(1);
  }
  if (shot) await page.screenshot({ path: test.info().outputPath(shot) });
  await page.keyboard.press('Space');
  const last = path.at(-1)!;
  const dropped =
    typeof last === 'string'
      ? t('dragAnnounce.dropped', { name, target: last })
      : t('dragAnnounce.droppedInFolder', { name, target: last.folder });
  await expect(announced(page, dropped)).toHaveCount(1);
  await expect(grip).toBeFocused();
}

test('a plan moves by keyboard far down a long, scrolling plan list and into the folder below', async ({ page }) => {
  // About 180 arrow presses, each waiting for the live region: over a minute, and beyond three on a
  // machine that runs other suites at the same time.
  test.setTimeout(360_000);
  const email = uniqueEmail('tastatur');
  const server = officeApi(page.request, await signUpOfficeAs(page, email));
  await raiseTier(email); // FREE holds 30 plans
  const { project, grundrisse, schnitte } = await seedLongList(server);
  const initial = Array.from({ length: PLAN_COUNT }, (_, i) => planNumber(i));
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  const list = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
  const grip = (i: number) =>
    page.getByRole('button', { name: t('docs.dragRow', { name: planLabel(i) }), exact: true });
  await expect(grip(0)).toBeVisible();
  // the list is taller than its window, and the far rows are not even rendered (virtualised)
  const scroll = await list.evaluate((el) => ({ height: el.clientHeight, content: el.scrollHeight }));
  expect(scroll.content).toBeGreaterThan(scroll.height * 2);
  await expect(grip(50)).toHaveCount(0);

  // the rows a plan passes going down from its place in `order` (plan numbers) to `target`'s place
  const labelOf = (number: string) => planLabel(Number(number.slice(2)) - 101);
  const pathDown = (order: string[], moved: string, target: string) =>
    order.slice(order.indexOf(moved) + 1, order.indexOf(target) + 1).map(labelOf);
  const rowTop = async (i: number) => (await grip(i).boundingBox())!.y;

  // A-102 goes 31 rows down, onto A-133's place: the list scrolls to follow
  await moveByKeyboard(
    page,
    'docs.dragRow',
    planLabel(1),
    'ArrowDown',
    pathDown(initial, 'A-102', 'A-133'),
    'during-long-move.png',
  );
  const afterFirst = [...initial];
  afterFirst.splice(1, 1);
  afterFirst.splice(afterFirst.indexOf('A-133') + 1, 0, 'A-102');
  await expect.poll(() => savedOrder(server, project._id, grundrisse._id)).toEqual(afterFirst);
  expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  // on screen: A-102 now stands between
  await expect(grip(1)).toBeInViewport();
  expect(await rowTop(32)).toBeLessThan(await rowTop(1));
  expect(await rowTop(1)).toBeLessThan(await rowTop(33));
  await page.screenshot({ path: test.info().outputPath('after-long-move.png') });

  // back at the top, A-104 goes to A-152's place, a row that was not rendered when the drag began
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(grip(3)).toBeInViewport();
  await expect(grip(51)).toHaveCount(0);
  await moveByKeyboard(page, 'docs.dragRow', planLabel(3), 'ArrowDown', pathDown(afterFirst, 'A-104', 'A-152'));
  const afterSecond = afterFirst.filter((n) => n !== 'A-104');
  afterSecond.splice(afterSecond.indexOf('A-152') + 1, 0, 'A-104');
  await expect.poll(() => savedOrder(server, project._id, grundrisse._id)).toEqual(afterSecond);
  await expect(grip(3)).toBeInViewport();
  expect(await rowTop(51)).toBeLessThan(await rowTop(3));
  expect(await rowTop(3)).toBeLessThan(await rowTop(52));

  // A-101, first in the list, goes all the way down into 'Schnitte' (onto its heading: to its end)
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(grip(0)).toBeInViewport();
  await moveByKeyboard(page, 'docs.dragRow', planLabel(0), 'ArrowDown', [
    ...pathDown(afterSecond, 'A-101', afterSecond.at(-1)!),
    { folder: 'Schnitte' },
  ]);
  await expect.poll(() => savedOrder(server, project._id, schnitte._id)).toEqual(['A-201', 'A-101']);
  expect(await savedOrder(server, project._id, grundrisse._id)).toEqual(afterSecond.slice(1));
  await expect(grip(0)).toBeInViewport();
  const schnittGrip = page.getByRole('button', { name: t('docs.dragRow', { name: 'A-201 Schnitt A-A' }), exact: true });
  expect((await schnittGrip.boundingBox())!.y).toBeLessThan(await rowTop(0));
  await page.screenshot({ path: test.info().outputPath('after-folder-move.png') });

  // from the bottom, A-160 goes up 40 rows onto A-120's place: the list follows upwards
  const grundrisseOrder = afterSecond.slice(1);
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(grip(59)).toBeInViewport();
  await expect(grip(19)).toHaveCount(0);
  const pathUp = grundrisseOrder
    .slice(grundrisseOrder.indexOf('A-120'), grundrisseOrder.indexOf('A-160'))
    .reverse()
    .map(labelOf);
  await moveByKeyboard(page, 'docs.dragRow', planLabel(59), 'ArrowUp', pathUp, 'during-move-up.png');
  const afterUp = grundrisseOrder.filter((n) => n !== 'A-160');
  afterUp.splice(afterUp.indexOf('A-120'), 0, 'A-160');
  await expect.poll(() => savedOrder(server, project._id, grundrisse._id)).toEqual(afterUp);
  await expect(grip(59)).toBeInViewport();
  expect(await rowTop(18)).toBeLessThan(await rowTop(59));
  expect(await rowTop(59)).toBeLessThan(await rowTop(19));
});

test('a participant moves by keyboard far down a long participant list', async ({ page }) => {
  const email = uniqueEmail('tastatur-beteiligte');
  const server = officeApi(page.request, await signUpOfficeAs(page, email));
  await raiseTier(email); // FREE holds 5 participants
  const project = await server.project('2026-096', 'Schulzentrum Ost');
  const planners = (await server.bundle(project._id)).participantfolders.find((f) => f.name === 'Fachplaner')!;
  const name = (i: number) => `Planer ${String(i + 1).padStart(2, '0')}`;
  for (let i = 0; i < 40; i++) {
    await server.newParticipant(project._id, planners._id, uniqueEmail(`planer${i + 1}`), {
      firstName: 'Planer',
      lastName: String(i + 1).padStart(2, '0'),
      company: 'Fachplanung GmbH',
    });
  }
  const savedNames = async () => {
    const bundle = await server.call<{ participants: { _id: string; name: string; sortOrder: number }[] }>(
      'get',
      `/project/${project._id}`,
    );
    return [...bundle.participants].sort((a, b) => a.sortOrder - b.sortOrder);
  };
  const initial = await savedNames();
  expect(initial.map((p) => p.name)).toEqual(Array.from({ length: 40 }, (_, i) => name(i)));

  await page.goto(`/project/${project._id}`);
  await page
    .getByRole('tablist', { name: t('project.tabsLabel') })
    .getByRole('tab', { name: t('project.tabs.participants') })
    .click();
  const grip = (i: number) =>
    page.getByRole('button', { name: t('participants.dragRow', { name: name(i) }), exact: true });
  await expect(grip(1)).toBeInViewport();
  await expect(grip(35)).toHaveCount(0);

  // 'Planer 02' goes 34 rows down onto the place of 'Planer 36', a row not rendered at the start
  await moveByKeyboard(
    page,
    'participants.dragRow',
    name(1),
    'ArrowDown',
    initial.slice(2, 36).map((p) => p.name),
  );
  const expected = initial.map((p) => p.name).filter((n) => n !== name(1));
  expected.splice(expected.indexOf(name(35)) + 1, 0, name(1));
  await expect.poll(async () => (await savedNames()).map((p) => p.name)).toEqual(expected);
  await expect(grip(1)).toBeInViewport();
  expect((await grip(35).boundingBox())!.y).toBeLessThan((await grip(1).boundingBox())!.y);
});

test('a phase moves by keyboard in the phase editor, named by its shortcut and name', async ({ page }) => {
  const server = officeApi(page.request, await signUpOfficeAs(page, uniqueEmail('tastatur-phasen')));
  const project = await server.project('2026-097', 'Feuerwache Nord');
  type Phase = { _id: string; shortcut: string; name: string; sortOrder: number };
  const savedPhases = async () =>
    [...(await server.call<{ phases: Phase[] }>('get', `/project/${project._id}`)).phases].sort(
      (a, b) => a.sortOrder - b.sortOrder,
    );
  const initial = await savedPhases();
  const label = (p: Phase) => `${p.shortcut} ${p.name}`;
  const [, second, third, fourth] = initial;

  await page.goto(`/project/${project._id}`);
  await page
    .getByRole('tablist', { name: t('project.tabsLabel') })
    .getByRole('tab', { name: t('project.tabs.settings') })
    .click();
  const grip = page.getByRole('button', { name: t('settings.dragPhase', { shortcut: second!.shortcut }), exact: true });
  await expect(grip).toHaveAccessibleDescription(t('dragAnnounce.instructions'));
  await grip.focus();
  await page.keyboard.press('Space');
  await expect(announced(page, t('dragAnnounce.pickedUp', { name: label(second!) }))).toHaveCount(1);
  for (const target of [third!, fourth!]) {
    await page.keyboard.press('ArrowDown');
    await expect(announced(page, t('dragAnnounce.over', { name: label(second!), target: label(target) }))).toHaveCount(
      1,
    );
  }
  await page.keyboard.press('Space');
  await expect(
    announced(page, t('dragAnnounce.dropped', { name: label(second!), target: label(fourth!) })),
  ).toHaveCount(1);
  const expected = initial.map((p) => p._id);
  expected.splice(1, 1);
  expected.splice(3, 0, second!._id);
  await expect.poll(async () => (await savedPhases()).map((p) => p._id)).toEqual(expected);

  // picked up again and put back down with Escape: nothing moves, and that is said
  await grip.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await expect(announced(page, t('dragAnnounce.over', { name: label(second!), target: label(fourth!) }))).toHaveCount(
    1,
  );
  await page.keyboard.press('Escape');
  await expect(announced(page, t('dragAnnounce.cancelled', { name: label(second!) }))).toHaveCount(1);
  expect((await savedPhases()).map((p) => p._id)).toEqual(expected);
});
