import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { officeCall, signUpOffice } from './support/office.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const PDF = path.resolve(import.meta.dirname, '../../shared/fixtures/tracemonkey.pdf');
const COMPANY = 'Berg Architekten PartG mbB';

interface Bundle {
  phases: { _id: string; shortcut: string; sortOrder: number }[];
  participantfolders: { _id: string; name: string }[];
}

/** The documented endpoints, called directly with the office's bearer token. */
function api(request: APIRequestContext, token: string) {
  const call = officeCall(request, token);
  return {
    company: (company: string) => call('put', '/user', { updateType: 'UPDATE_PROFILE', company }),
    project: (number: string, name: string) =>
      call<{ _id: string }>('post', '/project', { number, name, withHoaiPhases: true }),
    bundle: (projectId: string) => call<Bundle>('get', `/project/${projectId}`),
    folder: (phaseId: string, name: string) =>
      call<{ _id: string }>('post', '/folder', { phaseId, name, category: 'plans' }),
    doc: (folderId: string, number: string, name: string) =>
      call<{ _id: string }>('post', '/doc', { folderId, doctype: 'plan', number, name }),
    version: (docId: string, index: string) => call<{ _id: string }>('post', '/version', { docId, index }),
    contact: (email: string) =>
      call<{ _id: string }>('post', '/contact', {
        firstName: 'Jonas',
        lastName: 'Weber',
        company: 'Statik GmbH',
        email,
        needsPdf: true,
        needsTec: false,
      }),
    participant: (projectId: string, contactId: string, folderId: string) =>
      call<{ _id: string }>('post', '/participant', { projectId, contactId, folderId }),
    subscribePdf: (docId: string, participantId: string) =>
      call<{ sub: { _id: string } | null }>('put', '/subscription', {
        docId,
        participantId,
        getsPdf: true,
        getsTec: false,
      }),
    deliver: (projectId: string, participantId: string, subId: string, subject: string) =>
      call('post', '/delivery/participants', {
        projectId,
        participants: [{ _id: participantId, subs: [subId] }],
        includeSubscriberlistForDocs: [],
        sendToBcc: false,
        forceSending: true,
        userMessage: 'Anbei der aktuelle Grundriss.',
        subject,
      }),
  };
}

test('a recipient opens the personal link from the mail, downloads the plan and the office sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = api(page.request, await signUpOffice(page, 'download'));
  await server.company(COMPANY);
  const project = await server.project('2026-040', 'Kita Sonnenhof');
  const start = await server.bundle(project._id);
  const lp5 = [...start.phases].sort((a, b) => a.sortOrder - b.sortOrder)[4]!;
  const folder = await server.folder(lp5._id, 'Grundrisse');
  const a101 = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.version(a101._id, 'A');

  // the PDF of index A through the drop zone's file chooser, then release it
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await page.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
  const contextBar = page.getByRole('complementary', { name: t('context.label', { name: 'A-101 Grundriss EG' }) });
  const chooser = page.waitForEvent('filechooser');
  await contextBar.getByTestId('version-dropzone').click();
  await (await chooser).setFiles(PDF);
  await expect(contextBar.getByRole('group', { name: 'tracemonkey.pdf' }).getByText(/\d+ × \d+ mm/)).toBeVisible({
    timeout: 30_000,
  });
  await contextBar.getByRole('button', { name: t('context.release') }).click();
  const confirm = page.getByRole('dialog', { name: t('context.releaseTitle', { index: 'A' }) });
  await confirm.getByRole('button', { name: t('context.release') }).click();
  await expect(page.getByText(t('message_version_released'))).toBeVisible();

  // a participant with a PDF subscription of A-101
  const email = uniqueEmail('weber');
  const contact = await server.contact(email);
  const planners = start.participantfolders.find((f) => f.name === 'Fachplaner')!;
  const participant = await server.participant(project._id, contact._id, planners._id);
  const { sub } = await server.subscribePdf(a101._id, participant._id);
  expect(sub).not.toBeNull();

  // the plan row in the office's list: the delivery dot and the download dot beside it
  const planList = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
  const planRow = planList
    .locator('div')
    .filter({ has: page.getByRole('button', { name: t('docs.dragRow', { name: 'A-101 Grundriss EG' }) }) })
    .last();
  await expect(planRow.getByRole('img', { name: t('subscriptions.deliver.RED'), exact: true })).toBeVisible();

  const subject = `Pläne 2026-040 ${Date.now()}`;
  await server.deliver(project._id, participant._id, sub!._id, subject);
  await expect(planRow.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible({
    timeout: 20_000,
  });
  const redDownload = planRow.getByRole('img', { name: t('participants.download.red'), exact: true });
  const greenDownload = planRow.getByRole('img', { name: t('participants.download.green'), exact: true });
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
  await expect(planRow.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible();
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
  await expect(planRow.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible();

  await recipient.close();
});
