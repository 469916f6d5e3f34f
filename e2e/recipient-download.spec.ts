import { expect, test } from '@playwright/test';
import { officeCall, signUpOffice } from './support/office.ts';
import { officeApi, openPlan, planRow, seedPlanProject, seedSubscriber, uploadAndRelease } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const COMPANY = 'Berg Architekten PartG mbB';

test('a recipient opens the personal link from the mail, downloads the plan and the office sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'download'));
  await server.company(COMPANY);
  const scene = await seedPlanProject(server, { number: '2026-040', name: 'Kita Sonnenhof' });
  const { project } = scene;
  const a101 = scene.docs[0]!;

  // the PDF of index A through the drop zone's file chooser, then release it
  const contextBar = await openPlan(page, project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await uploadAndRelease(page, contextBar);

  // a participant with a PDF subscription of A-101
  const email = uniqueEmail('weber');
  const { participant, sub } = await seedSubscriber(server, scene, a101._id, email);

  // the plan row in the office's list: the delivery dot and the download dot beside it
  const a101Row = planRow(page, 'LP5', 'A-101 Grundriss EG');
  await expect(a101Row.getByRole('img', { name: t('subscriptions.deliver.RED'), exact: true })).toBeVisible();

  const subject = `Pläne 2026-040 ${Date.now()}`;
  await server.deliver(project._id, participant._id, sub._id, {
    subject,
    userMessage: 'Anbei der aktuelle Grundriss.',
  });
  await expect(a101Row.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible({
    timeout: 20_000,
  });
  const redDownload = a101Row.getByRole('img', { name: t('participants.download.red'), exact: true });
  const greenDownload = a101Row.getByRole('img', { name: t('participants.download.green'), exact: true });
  await expect(redDownload).toBeVisible();

  // the recipient, without a session: the mail in the development mailbox and its personal link
  const recipient = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE' });
  const recipientPage = await recipient.newPage();
  const mailRow = recipientPage.getByRole('row').filter({ hasText: email }).filter({ hasText: subject });
  await expect(async () => {
    await recipientPage.goto('/dev/outbox');
    await expect(mailRow).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mailRow.getByRole('link', { name: subject }).click();
  const personalLink = recipientPage.locator('a[href*="/d/"]').first();
  await expect(personalLink).toBeAttached();
  const href = (await personalLink.getAttribute('href'))!;
  const linkPath = new URL(href, test.info().project.use.baseURL).pathname;
  expect(linkPath).toMatch(/^\/d\/[^/]+$/);
  const token = linkPath.slice('/d/'.length);

  // reading the page's data is not a download: the dot stays red
  const pageData = await page.request.get(`/api/d/${token}`);
  expect(pageData.ok()).toBe(true);
  const data = (await pageData.json()) as { files: { filename: string }[] };
  expect(data.files.map((f) => f.filename)).toEqual(['tracemonkey.pdf']);
  await page.reload();
  await page.getByText('LP5', { exact: true }).click();
  await expect(a101Row.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible();
  await expect(redDownload).toBeVisible();
  await expect(greenDownload).toBeHidden();

  // the download page: office, project, the plan file
  await recipientPage.goto(linkPath);
  await expect(recipientPage.getByText(t('downloadPage.from', { company: COMPANY }))).toBeVisible();
  await expect(recipientPage.getByRole('heading', { name: '2026-040 | Kita Sonnenhof' })).toBeVisible();
  const fileRow = recipientPage.getByRole('row').filter({ hasText: 'Grundriss EG' });
  await expect(fileRow).toContainText('A-101');
  await expect(fileRow).toContainText('PDF');
  const downloadButton = fileRow.getByRole('button', {
    name: t('downloadPage.downloadFile', { name: 'tracemonkey.pdf' }),
  });
  await expect(downloadButton).toBeVisible();
  await expect(redDownload).toBeVisible();

  const downloading = recipientPage.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('A-101_Grundriss EG_A.pdf');
  expect(await download.failure()).toBeNull();

  // back at the office: the plan row's download dot turns green without a reload
  await expect(greenDownload).toBeVisible({ timeout: 20_000 });
  await expect(redDownload).toBeHidden();
  await expect(a101Row.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible();

  await recipient.close();
});

test("the recipient's page speaks the contact's language until the recipient switches it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'download-en'));
  await server.company(COMPANY);
  const scene = await seedPlanProject(server, { number: '2026-041', name: 'Kita Sonnenhof' });
  const contextBar = await openPlan(page, scene.project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await uploadAndRelease(page, contextBar);
  const email = uniqueEmail('smith');
  const { contact, participant, sub } = await seedSubscriber(server, scene, scene.docs[0]!._id, email);
  const call = officeCall(page.request, await page.evaluate(() => localStorage.getItem('plankurier.token')!));
  await call('put', `/contact/${contact._id}`, { locale: 'en' });
  const subject = `Plans 2026-041 ${Date.now()}`;
  await server.deliver(scene.project._id, participant._id, sub._id, { subject, userMessage: '' });

  // a German browser, no session: the page is English, as the contact's mail was
  const recipient = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE' });
  const recipientPage = await recipient.newPage();
  const mailRow = recipientPage.getByRole('row').filter({ hasText: email }).filter({ hasText: subject });
  await expect(async () => {
    await recipientPage.goto('/dev/outbox');
    await expect(mailRow).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mailRow.getByRole('link', { name: subject }).click();
  await expect(recipientPage.getByText('Berg Architekten PartG mbB sends you plans via Plankurier.')).toBeVisible();
  const href = (await recipientPage.locator('a[href*="/d/"]').first().getAttribute('href'))!;
  await recipientPage.goto(new URL(href, test.info().project.use.baseURL).pathname);
  await expect(recipientPage.getByText(text('en', 'downloadPage.from', { company: COMPANY }))).toBeVisible();

  // the recipient's own choice wins, also after a reload
  await recipientPage.getByText('DE', { exact: true }).click();
  await expect(recipientPage.getByText(t('downloadPage.from', { company: COMPANY }))).toBeVisible();
  await recipientPage.reload();
  await expect(recipientPage.getByText(t('downloadPage.from', { company: COMPANY }))).toBeVisible();
  await recipient.close();
});
