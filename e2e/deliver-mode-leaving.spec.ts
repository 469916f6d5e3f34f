import { expect, test, type Page } from '@playwright/test';
import { deliveryState, seedPlanWithReceivers, sendFromDeliverMode } from './support/delivery.ts';
import { signUpOffice } from './support/office.ts';
import { officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

/** The spec's 'leave deliver mode' question: answers it with cancel or leave. */
async function answerLeave(page: Page, answer: 'cancel' | 'leave', body = t('deliver.leaveText')) {
  const dialog = page.getByRole('dialog', { name: t('deliver.leaveTitle') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(body);
  await dialog
    .getByRole('button', { name: answer === 'leave' ? t('deliver.leaveConfirm') : t('deliver.leaveStay') })
    .click();
  await expect(dialog).toBeHidden();
}

const band = (page: Page) => page.getByRole('region', { name: t('deliver.mode') });

/** Opens the project from the list (so the browser has a page to go back to) and enters deliver mode. */
async function enterDeliverMode(page: Page, projectNumber: string, receivers: number) {
  await page.goto('/projects');
  await page.getByRole('link', { name: projectNumber }).click();
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await expect(page.getByTestId('deliver-count-participants')).toContainText(String(receivers));
}

test('every way out of deliver mode asks first; cancel keeps the selection and the message, leave leaves', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await signUpOffice(page, 'verlassen');
  const server = officeApi(page.request, token);
  await seedPlanWithReceivers(server, { number: '2026-090', name: 'Kita Süd' }, 2);
  await enterDeliverMode(page, '2026-090', 2);
  const projectUrl = page.url();

  // the home button: cancel stays in deliver mode with the selection as it was
  await page.getByRole('link', { name: t('nav.home') }).click();
  await answerLeave(page, 'cancel');
  await expect(page).toHaveURL(projectUrl);
  await expect(band(page)).toBeVisible();
  await expect(page.getByTestId('deliver-count-participants')).toContainText('2');

  // the dashboard's links and its sign-out ask the same
  await page.getByRole('button', { name: t('nav.openMenu') }).click();
  await page.getByRole('link', { name: t('dashboard.projectList'), exact: true }).click();
  await answerLeave(page, 'cancel');
  await page.getByRole('button', { name: t('nav.openMenu') }).click();
  await page.getByRole('button', { name: t('dashboard.signOut') }).click();
  await answerLeave(page, 'cancel');
  await expect(page).toHaveURL(projectUrl);
  expect(await page.evaluate(() => localStorage.getItem('plankurier.token'))).toBe(token);

  // the message step: a typed message stays too
  await page.getByRole('button', { name: t('deliver.next') }).click();
  const message = page.getByLabel(t('deliver.message.text'));
  await message.fill('Anbei die Pläne für die Ausführung.');
  await page.getByRole('link', { name: t('nav.home') }).click();
  await answerLeave(page, 'cancel');
  await expect(message).toHaveValue('Anbei die Pläne für die Ausführung.');

  // the browser's back: cancel stays, leave goes back to the project list
  await page.evaluate(() => history.back());
  await answerLeave(page, 'cancel');
  await expect(page).toHaveURL(projectUrl);
  await expect(message).toHaveValue('Anbei die Pläne für die Ausführung.');
  await page.evaluate(() => history.back());
  await answerLeave(page, 'leave');
  await expect(page).toHaveURL(/\/projects$/);

  // the home button's leave: the project opens again without deliver mode
  await enterDeliverMode(page, '2026-090', 2);
  await page.getByRole('link', { name: t('nav.home') }).click();
  await answerLeave(page, 'leave');
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole('link', { name: '2026-090' }).click();
  await expect(page.getByRole('button', { name: t('deliver.enter'), exact: true })).toBeVisible();
  await expect(band(page)).toHaveCount(0);
});

test("the BCC hint's 'Zum Profil' can be clicked and leads, after the question, to the settings with the BCC field", async ({
  page,
}) => {
  const token = await signUpOffice(page, 'bcc');
  const server = officeApi(page.request, token);
  await seedPlanWithReceivers(server, { number: '2026-091', name: 'Turnhalle' }, 1);
  await enterDeliverMode(page, '2026-091', 1);
  await page.getByRole('button', { name: t('deliver.next') }).click();
  await expect(page.getByRole('switch', { name: t('deliver.message.bcc') })).toBeDisabled();
  await expect(page.getByText(t('deliver.message.bccMissing'))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('deliver-bcc-hint.png'), fullPage: true });

  await page.getByRole('link', { name: t('deliver.toProfile') }).click();
  await answerLeave(page, 'leave');
  await expect(page).toHaveURL(/\/profile\/user_settings$/);
  await expect(page.getByRole('tab', { name: t('account.tabs.user_settings') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel(t('account.settings.bccEmail'))).toBeVisible();
});

test('closing or reloading the tab in deliver mode asks the browser first; outside it nothing asks', async ({
  page,
}) => {
  const token = await signUpOffice(page, 'neuladen');
  const server = officeApi(page.request, token);
  await seedPlanWithReceivers(server, { number: '2026-092', name: 'Mensa' }, 1);
  await enterDeliverMode(page, '2026-092', 1);
  const asked: string[] = [];
  page.on('dialog', (dialog) => asked.push(dialog.type()));

  // closing: the browser asks; staying keeps deliver mode
  const closing = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await closing;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(band(page)).toBeVisible();

  // reloading: the browser asks; leaving reloads into the project without deliver mode
  const reloading = page.waitForEvent('dialog');
  const reloaded = page.reload();
  await (await reloading).accept();
  await reloaded;
  await expect(page.getByRole('button', { name: t('deliver.enter'), exact: true })).toBeVisible();
  await expect(band(page)).toHaveCount(0);
  expect(asked).toEqual(['beforeunload', 'beforeunload']);

  // outside deliver mode a reload just reloads
  await page.getByRole('tab', { name: t('project.tabs.participants') }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: t('deliver.enter'), exact: true })).toBeVisible();
  expect(asked).toHaveLength(2);
});

// The e2e server sends 120 delivery mails a minute (playwright.config.ts): 24 receivers take about
// twelve seconds, time enough to reload and to leave while the delivery runs.
test('a reload during a running delivery shows its progress again, and so does the way back to the project', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // at the e2e server's 120 mails a minute: half a minute, still running when the project opens again
  const RECEIVERS = 60;
  const token = await signUpOffice(page, 'fortschritt');
  const server = officeApi(page.request, token);
  const project = await seedPlanWithReceivers(server, { number: '2026-093', name: 'Feuerwache' }, RECEIVERS);
  const deliveryId = await sendFromDeliverMode(page, project._id, RECEIVERS);
  const progress = page.getByRole('region', { name: t('deliver.progress.label'), exact: true });
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();

  // a reload asks (mails are going out) and then shows the same delivery running
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();
  await expect(progress.getByRole('row')).toHaveCount(RECEIVERS + 1);
  await expect(progress.getByRole('button', { name: t('deliver.progress.stop') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('delivery-progress-after-reload.png'), fullPage: true });

  // leaving mid-delivery says that it goes on; the project opens in its progress again
  await page.getByRole('link', { name: t('nav.home') }).click();
  await answerLeave(page, 'leave', t('deliver.leaveRunningText'));
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole('link', { name: '2026-093' }).click();
  await expect(progress).toBeVisible();

  // it runs to its end on screen, as the server has it
  await expect(progress.getByText(t('deliver.progress.summary'))).toBeVisible({ timeout: 60_000 });
  await expect(progress.locator('tr[data-status="SUCCESS"]')).toHaveCount(RECEIVERS);
  expect((await deliveryState(page, token, deliveryId)).status).toBe('DONE');
  await progress.getByRole('button', { name: t('deliver.progress.close') }).click();
  await expect(page.getByRole('button', { name: t('deliver.next') })).toBeVisible();
});

test('leaving while a delivery runs asks once, also when the delivery ends while the question is open', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const RECEIVERS = 40;
  const token = await signUpOffice(page, 'einmal-fragen');
  const server = officeApi(page.request, token);
  const project = await seedPlanWithReceivers(server, { number: '2026-094', name: 'Rettungswache' }, RECEIVERS);
  await page.goto('/projects');
  await page.getByRole('link', { name: '2026-094' }).click();
  const deliveryId = await sendFromDeliverMode(page, project._id, RECEIVERS);
  const progress = page.getByRole('region', { name: t('deliver.progress.label'), exact: true });
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();

  // the question opens while mails go out; a colleague stops the delivery, which ends on screen behind it
  await page.getByRole('link', { name: t('nav.home') }).click();
  const dialog = page.getByRole('dialog', { name: t('deliver.leaveTitle') });
  await expect(dialog).toContainText(t('deliver.leaveRunningText'));
  await server.call('post', '/delivery/stop', { projectId: project._id });
  await expect
    .poll(async () => (await deliveryState(page, token, deliveryId)).status, { timeout: 60_000 })
    .toBe('STOPPED');
  await expect(progress.getByText(t('deliver.progress.stopped'))).toBeVisible({ timeout: 30_000 });

  // one answer leaves: no second question on the project list
  await dialog.getByRole('button', { name: t('deliver.leaveConfirm') }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: t('projects.title') })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: '2026-094' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project._id}`));
});
