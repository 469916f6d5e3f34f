import path from 'node:path';
import { expect, test } from '@playwright/test';
import { formatDate, type RecipientPageDto } from '@plankurier/shared';
import { signUpOffice } from './support/office.ts';
import { hoaiPhase, officeApi, openPlan, planRow } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = path.resolve(import.meta.dirname, '../test-results');
const COMPANY = 'Berg Architekten';

test('the office deletes a plan it had sent: it is asked first, and the recipients see the plan withdrawn', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'zurueck'));
  await server.company(COMPANY);
  const project = await server.project('2026-041', 'Haus am See');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  const a101 = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  const a102 = await server.doc(folder._id, 'A-102', 'Grundriss OG');
  await server.releasedVersion(a101._id, 'A');
  await server.releasedVersion(a102._id, 'A');
  const planners = bundle.participantfolders.find((f) => f.name === 'Fachplaner')!;

  // Three recipients got A-101 in one mail; the first also A-102.
  const subject = `Pläne 2026-041 ${Date.now()}`;
  const emails = ['weber', 'stein', 'vogt'].map((name) => uniqueEmail(name));
  const people = [];
  for (const [i, email] of emails.entries()) {
    const contact = await server.contact(email, {
      firstName: ['Jonas', 'Eva', 'Lena'][i]!,
      lastName: ['Weber', 'Stein', 'Vogt'][i]!,
      company: `Büro ${i + 1}`,
      needsPdf: true,
      needsTec: false,
    });
    const participant = await server.participant(project._id, contact._id, planners._id);
    const subs = [(await server.subscribePdf(a101._id, participant._id)).sub!._id];
    if (i === 0) subs.push((await server.subscribePdf(a102._id, participant._id)).sub!._id);
    people.push({ _id: participant._id, subs });
  }
  const delivery = await server.call<{ _id: string }>('post', '/delivery/participants', {
    projectId: project._id,
    participants: people,
    includeSubscriberlistForDocs: [],
    sendToBcc: false,
    forceSending: true,
    userMessage: '',
    subject,
  });
  await expect
    .poll(async () => (await server.call<{ status: string }>('get', `/delivery/${delivery._id}`)).status, {
      timeout: 30_000,
    })
    .toBe('DONE');

  // The office deletes A-101: the question says who has it, counted by the server.
  const contextBar = await openPlan(page, project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await contextBar.getByRole('button', { name: t('context.docActions', { name: 'A-101 Grundriss EG' }) }).click();
  await page.getByRole('menuitem', { name: t('context.deleteDoc') }).click();
  const dialog = page.getByRole('dialog', { name: t('context.deleteDocTitle', { name: 'A-101 Grundriss EG' }) });
  await expect(dialog).toContainText(t('context.deleteSentDocCount_other', { count: '3' }));
  await expect(dialog).toContainText('an 3 Empfänger versendet');
  await page.screenshot({ path: path.join(SHOTS, 'withdraw-question-1440.png') });
  await dialog.getByRole('button', { name: t('common.delete') }).click();
  await expect(planRow(page, 'LP5', 'A-101 Grundriss EG')).toBeHidden();
  await expect(planRow(page, 'LP5', 'A-102 Grundriss OG')).toBeVisible();

  // The recipient's page keeps it, withdrawn, without a download; A-102 is still there to fetch.
  const recipient = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE' });
  const recipientPage = await recipient.newPage();
  const mailRow = recipientPage.getByRole('row').filter({ hasText: emails[0]! }).filter({ hasText: subject });
  await expect(async () => {
    await recipientPage.goto('/dev/outbox');
    await expect(mailRow).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mailRow.getByRole('link', { name: subject }).click();
  const href = (await recipientPage.locator('a[href*="/d/"]').first().getAttribute('href'))!;
  const linkPath = new URL(href, test.info().project.use.baseURL).pathname;
  const data = (await (await page.request.get(`/api${linkPath}`)).json()) as RecipientPageDto;
  const withdrawn = data.files.find((f) => f.doc.number === 'A-101')!.withdrawn!;
  const note = t('downloadPage.withdrawn', { date: formatDate(withdrawn.at, 'de'), name: 'Anna Berg' });

  await recipientPage.goto(linkPath);
  const withdrawnRow = recipientPage.getByRole('row').filter({ hasText: 'Grundriss EG' });
  await expect(withdrawnRow).toContainText(note);
  await expect(withdrawnRow).toContainText('zurückgezogen');
  await expect(withdrawnRow.getByRole('button')).toHaveCount(0);
  const liveRow = recipientPage.getByRole('row').filter({ hasText: 'Grundriss OG' });
  await expect(
    liveRow.getByRole('button', { name: t('downloadPage.downloadFile', { name: 'tracemonkey.pdf' }) }),
  ).toBeVisible();
  await expect(recipientPage.getByRole('button', { name: t('downloadPage.zip') })).toBeEnabled();
  for (const [width, height] of [
    [1440, 900],
    [820, 1100],
    [390, 844],
  ] as const) {
    await recipientPage.setViewportSize({ width, height });
    await expect(recipientPage.getByText(note)).toBeVisible();
    expect(await recipientPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await recipientPage.screenshot({ path: path.join(SHOTS, `withdrawn-recipient-${width}.png`), fullPage: true });
  }
  await recipient.close();
});
