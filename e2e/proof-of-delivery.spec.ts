import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { followMailLink } from './support/outbox.ts';
import { hoaiPhase, officeApi, openPlan } from './support/seed.ts';
import { checkScreen, SCREENS } from './support/responsive.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);
const COMPANY = 'Hoffmann Weiß Architekten PartGmbB';
const SUBJECT = 'Projekt: 2026-160 | Schulzentrum am Park';
const CONFIRMER = 'Max Bauer, Bauleitung';

/** The screen at the three widths a planning office uses it at (desk, tablet, phone), then back. */
async function atThreeWidths(page: Page, screen: string) {
  const size = page.viewportSize()!;
  for (const width of [SCREENS.desktop, SCREENS.tablet, SCREENS.phone]) {
    await page.setViewportSize(width);
    await checkScreen(page, screen);
  }
  await page.setViewportSize(size);
}

/** '12.11.2026 14:03' in the office's zone, as the timeline and the transmittal write it. */
const officeDateTime = /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/;

test('the office asks for a confirmation of receipt, the recipient downloads and confirms, and the office sees it live and in the transmittal record', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const server = officeApi(page.request, await signUpOffice(page, 'nachweis'));
  await server.company(COMPANY);
  const project = await server.project('2026-160', 'Schulzentrum am Park');
  const start = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(start, 5)._id, 'Grundrisse');
  const plan = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.releasedVersion(plan._id, 'C');
  const email = uniqueEmail('bauer');
  const contact = await server.contact(email, {
    firstName: 'Max',
    lastName: 'Bauer',
    company: 'Rohbau Bauer GmbH',
    needsPdf: true,
    needsTec: false,
  });
  const contractors = start.participantfolders.find((f) => f.name === 'Ausführende')!;
  const participant = await server.participant(project._id, contact._id, contractors._id);
  await server.subscribePdf(plan._id, participant._id);

  // deliver mode, step two: 'Empfang bestätigen lassen' with a reminder; the preview says so
  await page.goto(`/project/${project._id}`);
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await expect(page.getByTestId('deliver-count-participants')).toContainText('1', { timeout: 15_000 });
  await page.getByRole('button', { name: t('deliver.next') }).click();
  const ask = page.getByRole('checkbox', { name: t('deliver.message.requestReceipt') });
  await expect(ask).not.toBeChecked();
  await ask.check();
  const reminder = page.getByRole('combobox', { name: t('deliver.message.reminder') });
  await expect(reminder).toHaveValue(t('deliver.message.reminderAfter', { count: 3 }));
  await page.getByRole('button', { name: t('deliver.preview.refresh') }).click();
  const preview = page.frameLocator(`iframe[title="${t('deliver.preview.frame', { name: 'Max Bauer' })}"]`);
  await expect(preview.getByText(`${COMPANY} bittet Sie, den Erhalt dieser Pläne zu bestätigen`)).toBeVisible({
    timeout: 15_000,
  });
  await atThreeWidths(page, 'deliver-message-receipt');
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  await page
    .getByRole('dialog', { name: t('deliver.send.title') })
    .getByRole('button', { name: t('deliver.send.confirm') })
    .click();
  await expect(page.getByText(t('message_files_delivered'))).toBeVisible({ timeout: 30_000 });

  // the timeline's e-mail card: the mail went out, the PDF not yet downloaded, the receipt asked for
  await page.goto(`/project/${project._id}?tab=timeline`);
  await page.getByRole('tab', { name: t('timeline.tabs.emails'), exact: true }).click();
  const sentCard = page.getByRole('listitem', { name: t('timeline.email.label', { recipient: 'Max Bauer' }) });
  await sentCard.getByRole('button').first().click();
  await expect(sentCard.locator('[data-downloaded="no"]')).toHaveText(
    t('timeline.email.notDownloaded', { format: 'PDF' }),
  );
  await expect(sentCard.locator('[data-receipt="waiting"]').first()).toContainText(t('timeline.email.receiptWaiting'));
  await sentCard.getByRole('button').first().click();
  await expect(sentCard.locator('[data-downloaded="no"]')).toBeHidden();

  // the participant list: the mail asked, nothing confirmed yet
  await page.goto(`/project/${project._id}?tab=participants`);
  const bauerRow = page.locator(`[data-participant="${participant._id}"]`);
  await expect(bauerRow.getByRole('img', { name: t('receipts.waiting') })).toBeVisible({ timeout: 15_000 });

  // the recipient in a second browser: the mail, the personal page, a download, the confirmation
  const recipientContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  const recipient = await recipientContext.newPage();
  await followMailLink(recipient, email, SUBJECT, 'Dateien herunterladen');
  await expect(recipient.getByRole('heading', { name: '2026-160 | Schulzentrum am Park' })).toBeVisible();
  const receiptPanel = recipient.getByRole('region', { name: t('downloadPage.receipt.title') });
  await expect(receiptPanel).toContainText(t('downloadPage.receipt.requested', { company: COMPANY }));
  await atThreeWidths(recipient, 'recipient-page-asked');
  const downloading = recipient.waitForEvent('download');
  await recipient.getByRole('button', { name: t('downloadPage.downloadFile', { name: 'tracemonkey.pdf' }) }).click();
  expect((await downloading).suggestedFilename()).toBe('A-101_Grundriss EG_C.pdf');
  await receiptPanel.getByLabel(t('downloadPage.receipt.name')).fill(CONFIRMER);
  await receiptPanel.getByLabel(t('downloadPage.receipt.remark')).fill('Vollständig erhalten, danke.');
  await receiptPanel.getByRole('button', { name: t('downloadPage.receipt.confirm') }).click();
  const done = recipient.getByRole('alert').filter({ hasText: t('downloadPage.receipt.doneTitle') });
  await expect(done).toContainText(CONFIRMER);
  await expect(receiptPanel).toBeHidden();
  await atThreeWidths(recipient, 'recipient-page-confirmed');
  // reloaded, the page still shows the confirmation and offers no second one
  await recipient.reload();
  await expect(done).toBeVisible();
  await expect(recipient.getByRole('button', { name: t('downloadPage.receipt.confirm') })).toHaveCount(0);

  // back at the office, without a reload: the participant list says who confirmed when
  const confirmedMark = bauerRow.getByRole('img', { name: new RegExp(`Erhalt bestätigt am .* von ${CONFIRMER}`) });
  await expect(confirmedMark).toBeVisible({ timeout: 20_000 });
  await expect(bauerRow.getByRole('img', { name: t('participants.download.green') })).toBeVisible();
  await atThreeWidths(page, 'participants-confirmed');

  // the plan grid: the cell's dot wears the confirmation ring
  await page.getByRole('tab', { name: t('project.tabs.plan_grid') }).click();
  const ringed = page.locator('[data-receipt="confirmed"][data-state="GREEN"]');
  await expect(ringed).toHaveCount(1);
  await expect(ringed).toHaveAttribute('aria-label', new RegExp(`von ${CONFIRMER} \\(Index C\\)`));
  await checkScreen(page, 'plan-grid-ring');

  // the timeline: the download and the confirmation as events, and on the mail's card
  await page.getByRole('tab', { name: t('project.tabs.timeline') }).click();
  const events = page.getByRole('list', { name: t('timeline.docsListLabel') });
  await expect(
    events.getByText(
      t('timeline.kind.fileDownloaded', {
        doc: 'A-101 Grundriss EG',
        index: 'C',
        format: 'PDF',
        participant: 'Max Bauer',
      }),
    ),
  ).toBeVisible();
  await expect(
    events.getByText(
      t('timeline.kind.receiptConfirmedBy', { participant: 'Max Bauer', plans: 'A-101 (C)', name: CONFIRMER }),
    ),
  ).toBeVisible();
  await page.getByRole('tab', { name: t('timeline.tabs.emails'), exact: true }).click();
  const card = page.getByRole('listitem', { name: t('timeline.email.label', { recipient: 'Max Bauer' }) });
  await expect(card.locator('[data-receipt="confirmed"]').first()).toContainText(t('timeline.email.receiptConfirmed'));
  await card.getByRole('button').first().click();
  await expect(card.locator('[data-downloaded="yes"]')).toContainText(/PDF heruntergeladen am .* von Max Bauer/);
  await expect(card).toContainText(new RegExp(`Erhalt bestätigt am ${officeDateTime.source} von ${CONFIRMER}`));
  await expect(card).toContainText('Vollständig erhalten, danke.');
  await atThreeWidths(page, 'timeline-mail-proof');

  // the transmittal record from the participant's menu: the index, the download, the confirmation
  await page.getByRole('tab', { name: t('project.tabs.participants') }).click();
  await page.getByRole('button', { name: t('participants.actions', { name: 'Max Bauer' }) }).click();
  const record = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: t('prints.transmittalPdf') }).click();
  const file = await record;
  expect(file.suggestedFilename()).toBe('Versandnachweis 2026-160 Schulzentrum am Park - Max Bauer.pdf');
  const pdf = test.info().outputPath('versandnachweis.pdf');
  await file.saveAs(pdf);
  const pdfText = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain('Versandnachweis');
  expect(pdfText).toContain(COMPANY);
  expect(pdfText).toContain('Empfänger: Max Bauer');
  expect(pdfText).toMatch(/A-101 Grundriss EG\s+C\s+PDF\s+zugestellt/);
  expect(pdfText).toMatch(new RegExp(`PDF ${officeDateTime.source}`));
  expect(pdfText).toContain(`von ${CONFIRMER}`);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdf, test.info().outputPath('versandnachweis')]);

  // the plan's record from the menu in its context bar, as CSV: who received, downloaded and confirmed index C
  const contextBar = await openPlan(page, project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await contextBar.getByRole('button', { name: t('context.docActions', { name: 'A-101 Grundriss EG' }) }).click();
  const sheet = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: t('prints.transmittalCsv') }).click();
  const csvFile = await sheet;
  expect(csvFile.suggestedFilename()).toBe('Versandnachweis 2026-160 Schulzentrum am Park - A-101 Grundriss EG.csv');
  const csvPath = test.info().outputPath('versandnachweis.csv');
  await csvFile.saveAs(csvPath);
  const csv = fs.readFileSync(csvPath, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [, line, ...rest] = csv.split('\r\n');
  expect(rest).toEqual(['']);
  const cells = line!.split(';');
  expect(cells.slice(1, 4)).toEqual(['"A-101"', '"Grundriss EG"', '"C"']);
  expect(cells[5]).toBe('"Max Bauer"');
  expect(cells[11]).toMatch(/^"PDF \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"$/);
  expect(cells[12]).toBe('"ja"');
  expect(cells[14]).toBe(`"${CONFIRMER}"`);

  await recipientContext.close();
});
