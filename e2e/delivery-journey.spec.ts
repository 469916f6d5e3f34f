import { expect, test, type Page } from '@playwright/test';
import { renderDeliveryMail } from '../apps/server/src/mail/delivery-mail.ts';
import { signUpOffice } from './support/office.ts';
import { confirmMailAddress } from './support/outbox.ts';
import { fixture, hoaiPhase, officeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const COMPANY = 'Lindner Planungsgesellschaft mbH';
const SUBJECT = 'Projekt: 2026-050 | Wohnanlage Lindenhof';
const TEMPLATE_TEXT = 'Guten Tag,\nanbei die freigegebenen Pläne im Index C.';

let shotCount = 0;
/** A full-page screenshot of the step, kept with the run's output to look at. */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: test.info().outputPath(`${String(++shotCount).padStart(2, '0')}-${name}.png`),
    fullPage: true,
  });

test('the office delivers index C of three plans from deliver mode and sees the recipient download them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'versand'));
  await server.profile({ company: COMPANY, bccEmail: 'archiv@lindner.example' });
  // The archive's mailbox confirms the address before copies go to it (issue 36).
  await confirmMailAddress(browser, 'archiv@lindner.example');
  const project = await server.project('2026-050', 'Wohnanlage Lindenhof');
  const start = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(start, 5)._id, 'Grundrisse');

  // three plans released at index C: PDFs, and a DWG beside the first
  const plans = [
    { number: 'A-101', name: 'Grundriss EG', files: ['tracemonkey.pdf', 'sample_2000.dwg'] },
    { number: 'A-102', name: 'Grundriss OG', files: ['hello_world_rotated.pdf'] },
    { number: 'A-103', name: 'Schnitt A-A', files: ['issue6010_1.pdf'] },
  ];
  const docIds: string[] = [];
  for (const plan of plans) {
    const doc = await server.doc(folder._id, plan.number, plan.name);
    await server.releasedVersion(
      doc._id,
      'C',
      plan.files.map((name) => ({ name, data: fixture(name) })),
    );
    docIds.push(doc._id);
  }

  // three participants with different formats, each subscribed to every plan in them
  const planners = start.participantfolders.find((f) => f.name === 'Fachplaner')!;
  const people = {
    weber: { first: 'Jonas', last: 'Weber', pdf: true, tec: false },
    keller: { first: 'Eva', last: 'Keller', pdf: true, tec: true },
    brandt: { first: 'Otto', last: 'Brandt', pdf: false, tec: true },
  };
  const who: Record<keyof typeof people, { id: string; email: string; name: string; subs: string[] }> = {} as never;
  for (const [key, p] of Object.entries(people) as [keyof typeof people, (typeof people)['weber']][]) {
    const email = uniqueEmail(key);
    const contact = await server.contact(email, {
      firstName: p.first,
      lastName: p.last,
      company: `${p.last} GmbH`,
      needsPdf: p.pdf,
      needsTec: p.tec,
    });
    const participant = await server.participant(project._id, contact._id, planners._id);
    const subs = [];
    for (const docId of docIds) subs.push((await server.subscribe(docId, participant._id, p.pdf, p.tec)).sub!._id);
    who[key] = { id: participant._id, email, name: `${p.first} ${p.last}`, subs };
  }
  // A-103 went to Weber already: that one is GREEN, the rest RED (Brandt gets no DWG of: GRAY)
  await server.deliver(project._id, who.weber.id, who.weber.subs[2]!, { subject: 'Vorabzug' });
  await server.call('post', '/template', { type: 'DELIVERY', title: 'Planlieferung', text: TEMPLATE_TEXT });

  await page.goto(`/project/${project._id}`);
  await expect(page.getByRole('tab', { name: t('project.tabs.docs') })).toBeVisible();
  await shot(page, 'project-before');

  // enter deliver mode: it jumps to LP5 and pre-selects only what is RED
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await expect(page.getByRole('region', { name: t('deliver.mode') })).toBeVisible();
  const checkbox = (doc: string, name: string) =>
    page.getByRole('checkbox', { name: t('deliver.selectSub', { doc, name }), exact: true });
  await expect(checkbox('A-101', who.weber.name)).toBeChecked({ timeout: 15_000 });
  await expect(checkbox('A-102', who.weber.name)).toBeChecked();
  await expect(checkbox('A-103', who.weber.name)).not.toBeChecked();
  await expect(
    page.locator('[data-select-state="again_selectable"]').filter({ has: checkbox('A-103', who.weber.name) }),
  ).toHaveCount(1);
  await expect(checkbox('A-103', who.keller.name)).toBeChecked();
  await expect(checkbox('A-101', who.brandt.name)).toBeChecked();
  await expect(checkbox('A-102', who.brandt.name)).toBeDisabled();
  const count = (key: string) => page.getByTestId(`deliver-count-${key}`);
  await expect(count('docs')).toContainText('3');
  await expect(count('participants')).toContainText('3');
  await expect(count('files')).toContainText('7'); // Weber 2 PDF, Keller 3 PDF + 1 DWG, Brandt 1 DWG
  await shot(page, 'deliver-selection-plans');

  // picking a delivered sub again turns it into 'again', and back
  await checkbox('A-103', who.weber.name).click();
  await expect(checkbox('A-103', who.weber.name)).toBeChecked();
  await expect(count('files')).toContainText('8');
  await checkbox('A-103', who.weber.name).click();
  await expect(count('files')).toContainText('7');

  await page
    .getByRole('radiogroup', { name: t('deliver.viewLabel') })
    .getByText(t('deliver.views.participants'))
    .click();
  await expect(
    page.getByRole('checkbox', { name: t('deliver.selectParticipant', { name: who.keller.name }), exact: true }),
  ).toBeChecked();
  await shot(page, 'deliver-selection-receivers');

  // step two: template, preview, subscriber list
  await page.getByRole('button', { name: t('deliver.next') }).click();
  await expect(page.getByLabel(t('deliver.message.subject'))).toHaveValue(SUBJECT);
  await page.getByRole('combobox', { name: t('deliver.template.label'), exact: true }).click();
  await page.getByRole('option', { name: 'Planlieferung' }).click();
  await expect(page.getByLabel(t('deliver.message.text'))).toHaveValue(TEMPLATE_TEXT);
  // the preview shows the template's text at once, without 'refresh'
  await expect(page.frameLocator('iframe').first().getByText('anbei die freigegebenen Pläne im Index C.')).toBeVisible({
    timeout: 15_000,
  });
  const bcc = page.getByRole('switch', { name: t('deliver.message.bcc') });
  await bcc.click();
  await expect(bcc).toBeChecked();

  // saving under the same title warns, then overwrites
  await page.getByLabel(t('deliver.message.text')).fill(`${TEMPLATE_TEXT}\nViele Grüße`);
  await page.getByRole('button', { name: t('deliver.template.saveAs') }).click();
  const saveDialog = page.getByRole('dialog', { name: t('deliver.template.saveAs') });
  await saveDialog.getByLabel(t('deliver.template.title')).fill('planlieferung');
  await saveDialog.getByRole('button', { name: t('deliver.template.save') }).click();
  const overwrite = page.getByRole('dialog', { name: t('deliver.template.overwriteTitle') });
  await expect(overwrite).toContainText('Planlieferung');
  await overwrite.getByRole('button', { name: t('deliver.template.overwrite') }).click();
  await expect(page.getByText(t('deliver.template.saved'))).toBeVisible();

  // the preview of Keller's mail: her plans in her formats and the cover message
  await page.getByRole('button', { name: t('deliver.preview.for', { name: who.keller.name }) }).click();
  const preview = page.frameLocator(`iframe[title="${t('deliver.preview.frame', { name: who.keller.name })}"]`);
  await expect(preview.getByText('Grundriss EG')).toBeVisible({ timeout: 15_000 });
  await expect(preview.getByText('Schnitt A-A')).toBeVisible();
  await expect(preview.getByText('Viele Grüße')).toBeVisible();
  await expect(preview.getByText(/DWG/).first()).toBeVisible();
  await page.getByRole('tab', { name: t('deliver.overview.docs', { count: '3' }) }).click();
  await page.getByRole('checkbox', { name: t('deliver.subscriberListOf', { name: 'A-101 Grundriss EG' }) }).click();
  await page.getByRole('button', { name: t('deliver.planView.open', { name: 'A-101 Grundriss EG' }) }).click();
  const planView = page.getByRole('region', { name: t('deliver.planView.label', { name: 'Grundriss EG' }) });
  await planView.getByRole('textbox', { name: t('deliver.planView.search') }).fill('keller');
  await expect(planView.getByRole('row')).toHaveCount(2);
  await shot(page, 'deliver-message-and-preview');
  await planView.getByRole('button', { name: t('deliver.planView.back') }).click();

  // send; the progress per receiver fills live, the toast says it is done
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  const confirm = page.getByRole('dialog', { name: t('deliver.send.title') });
  await confirm.getByRole('button', { name: t('deliver.send.confirm') }).click();
  const progress = page.getByRole('region', { name: t('deliver.progress.label') });
  await expect(progress.getByText(t('deliver.progress.summary'))).toBeVisible({ timeout: 30_000 });
  await expect(progress.locator('tr[data-status="SUCCESS"]')).toHaveCount(3);
  await expect(page.getByText(t('message_files_delivered'))).toBeVisible();
  await shot(page, 'deliver-summary');
  // sent: the summary's 'Schließen' is the way on; the band's 'Abbrechen' is gone
  const band = page.getByRole('region', { name: t('deliver.mode') });
  await expect(band.getByRole('button', { name: t('deliver.leave') })).toHaveCount(0);
  await expect(progress.getByRole('button', { name: t('deliver.progress.close') })).toBeVisible();

  // closing the summary discards the typed message after asking; the selection is empty, the markers GREEN
  await progress.getByRole('button', { name: t('deliver.progress.close') }).click();
  await page
    .getByRole('dialog', { name: t('deliver.progress.closeTitle') })
    .getByRole('button', { name: t('deliver.progress.closeConfirm'), exact: true })
    .click();
  await expect(count('participants')).toContainText('0');
  await expect(
    page.getByRole('checkbox', { name: t('deliver.selectParticipant', { name: who.keller.name }), exact: true }),
  ).not.toBeChecked();
  await expect(page.locator('[data-deliver="RED"]')).toHaveCount(0);
  await shot(page, 'deliver-after-send');

  // picking a delivered plan again asks before it goes out to all receivers once more
  await checkbox('A-101', who.weber.name).click();
  await expect(
    page.locator('[data-select-state="again_selected"]').filter({ has: checkbox('A-101', who.weber.name) }),
  ).toHaveCount(1);
  await page.getByRole('button', { name: t('deliver.next') }).click();
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  const again = page.getByRole('dialog', { name: t('deliver.send.againTitle') });
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: t('common.cancel') }).click();
  await page.getByRole('button', { name: t('deliver.back') }).click();

  // the red-only filter: nothing is RED any more, so it hides every receiver and deselects the one picked again
  const redOnly = page.getByRole('switch', { name: t('deliver.redOnly') });
  await redOnly.click();
  await expect(page.getByText(t('deliver.noRedParticipants'))).toBeVisible();
  await expect(count('participants')).toContainText('0');
  await redOnly.click();
  await expect(checkbox('A-101', who.weber.name)).not.toBeChecked();

  // leaving asks first
  await page.getByRole('button', { name: t('deliver.leave') }).click();
  await page
    .getByRole('dialog', { name: t('deliver.leaveTitle') })
    .getByRole('button', { name: t('deliver.leaveConfirm') })
    .click();
  await expect(page.getByRole('button', { name: t('deliver.enter'), exact: true })).toBeVisible();

  // the recipient opens the link from her mail in another browser, without an account
  const recipient = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE' });
  const mailbox = await recipient.newPage();
  const mailRow = mailbox.getByRole('row').filter({ hasText: who.keller.email }).filter({ hasText: SUBJECT });
  await expect(async () => {
    await mailbox.goto('/dev/outbox');
    await expect(mailRow).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mailRow.getByRole('link', { name: SUBJECT }).click();
  // the mail as sent reads on a phone: nothing runs past its width
  await mailbox.setViewportSize({ width: 390, height: 844 });
  expect(await mailbox.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(mailbox, 'recipient-mail-390');
  await mailbox.setViewportSize({ width: 1440, height: 900 });
  const href = (await mailbox.locator('a[href*="/d/"]').first().getAttribute('href'))!;
  const linkPath = new URL(href, test.info().project.use.baseURL).pathname;
  await mailbox.goto(linkPath);
  await expect(mailbox.getByText(t('downloadPage.from', { company: COMPANY }))).toBeVisible();
  await expect(mailbox.getByRole('heading', { name: '2026-050 | Wohnanlage Lindenhof' })).toBeVisible();
  await expect(mailbox.getByRole('row').filter({ hasText: 'A-101' })).toHaveCount(2); // PDF and DWG
  await shot(mailbox, 'recipient-page');

  const single = mailbox.waitForEvent('download');
  await mailbox
    .getByRole('button', { name: t('downloadPage.downloadFile', { name: 'hello_world_rotated.pdf' }) })
    .click();
  expect(await (await single).failure()).toBeNull();
  const zip = mailbox.waitForEvent('download');
  await mailbox.getByRole('button', { name: t('downloadPage.zip') }).click();
  const zipDownload = await zip;
  expect(await zipDownload.failure()).toBeNull();
  expect(zipDownload.suggestedFilename()).toMatch(/\.zip$/);

  // back at the office: Keller's download marker is green, live
  await page.getByRole('tab', { name: t('project.tabs.participants') }).click();
  const kellerRow = page.locator(`[data-participant="${who.keller.id}"]`);
  await expect(kellerRow.getByRole('img', { name: t('participants.download.green'), exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.locator(`[data-participant="${who.weber.id}"]`).getByRole('img', { name: t('participants.download.red') }),
  ).toBeVisible();
  await expect(kellerRow.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible();
  await shot(page, 'office-download-green');

  // the Planraster tells them apart the same way: Keller's cells downloaded, Weber's not yet
  await page.getByRole('tab', { name: t('project.tabs.plan_grid') }).click();
  const grid = page.getByRole('region', { name: t('planGrid.gridLabel') });
  const gridCell = (participant: string) =>
    grid
      .getByRole('button', {
        name: t('planGrid.cellToggle', { doc: 'A-101', participant, format: 'PDF' }),
        exact: true,
      })
      .locator('..');
  const downloaded = { name: t('participants.download.green'), exact: true };
  const notDownloaded = { name: t('participants.download.red'), exact: true };
  await expect(gridCell(who.keller.name).getByRole('img', downloaded)).toBeVisible();
  await expect(gridCell(who.keller.name).getByRole('img', notDownloaded)).toHaveCount(0);
  await expect(gridCell(who.weber.name).getByRole('img', notDownloaded)).toBeVisible();
  await expect(gridCell(who.weber.name).getByRole('img', downloaded)).toHaveCount(0);
  // the legend names both marks
  await expect(page.getByText(t('planGrid.legend.download_green'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('planGrid.legend.download_red'), { exact: true })).toBeVisible();
  for (const [width, height] of [
    [1440, 900],
    [820, 1180],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shot(page, `plan-grid-downloads-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // the timeline lists the e-mails; the office revokes Weber's link, which then answers 'invalid'
  await page.getByRole('tab', { name: t('project.tabs.timeline') }).click();
  await page.getByRole('tab', { name: t('timeline.tabs.emails') }).click();
  const weberMails = page.getByRole('listitem', { name: t('timeline.email.label', { recipient: who.weber.name }) });
  const weberDelivery = weberMails.filter({ hasText: SUBJECT });
  await weberDelivery.getByRole('button').first().click();
  await weberDelivery.getByRole('button', { name: t('timeline.email.revoke') }).click();
  await page
    .getByRole('dialog', { name: t('timeline.email.revokeTitle') })
    .getByRole('button', { name: t('timeline.email.revokeConfirm') })
    .click();
  await expect(page.getByText(t('timeline.email.revoked')).first()).toBeVisible();
  await shot(page, 'timeline-revoked');
  const weberMail = mailbox.getByRole('row').filter({ hasText: who.weber.email }).filter({ hasText: SUBJECT });
  await mailbox.goto('/dev/outbox');
  await weberMail.getByRole('link', { name: SUBJECT }).click();
  const weberHref = (await mailbox.locator('a[href*="/d/"]').first().getAttribute('href'))!;
  await mailbox.goto(new URL(weberHref, test.info().project.use.baseURL).pathname);
  await expect(mailbox.getByText(t('downloadPage.invalidTitle'))).toBeVisible();

  await recipient.close();
});

test('deliver mode refuses to send without the company name and links to the profile', async ({ page }) => {
  test.setTimeout(90_000);
  const server = officeApi(page.request, await signUpOffice(page, 'ohnefirma'));
  await server.profile({ company: '' });
  const project = await server.project('2026-051', 'Ohne Firma');
  const start = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(start, 1)._id, 'Lagepläne');
  const doc = await server.doc(folder._id, 'A-201', 'Lageplan');
  await server.releasedVersion(doc._id, 'A');
  const contact = await server.contact(uniqueEmail('roth'), {
    firstName: 'Lena',
    lastName: 'Roth',
    company: 'Roth GmbH',
    needsPdf: true,
    needsTec: false,
  });
  const participant = await server.participant(project._id, contact._id, start.participantfolders[0]!._id);
  await server.subscribe(doc._id, participant._id, true, false);

  await page.goto(`/project/${project._id}?tab=participants`);
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  // entered from the participants tab: the receiver list opens
  await expect(
    page.getByRole('checkbox', { name: t('deliver.selectParticipant', { name: 'Lena Roth' }), exact: true }),
  ).toBeChecked();
  await page.getByRole('button', { name: t('deliver.next') }).click();
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  await page
    .getByRole('dialog', { name: t('deliver.send.title') })
    .getByRole('button', { name: t('deliver.send.confirm') })
    .click();
  // said where it happens: at the preview and at sending, each with the way to the profile
  for (const title of [t('deliver.preview.failed'), t('deliver.send.failed')]) {
    const alert = page.getByRole('alert', { name: title });
    await expect(alert).toContainText(t('msg.delivery.company_missing'));
    await expect(alert.getByRole('link', { name: t('deliver.toOffice') })).toHaveAttribute('href', '/profile/office');
  }
  await shot(page, 'company-missing');
  // nothing was sent: still RED
  await expect(page.getByTestId('deliver-count-participants')).toContainText('1');
});

test('the delivery mail reads on a phone: the long link and the plan table stay inside 390 px', async ({ page }) => {
  // The mail as the sender renders it, with what makes it wide: a long personal link, long plan
  // numbers and names, every format, a subscriber list and the receipt request.
  const mail = renderDeliveryMail({
    locale: 'de',
    company: COMPANY,
    project: { number: '2026-050', name: 'Wohnanlage Lindenhof mit Tiefgarage und Gewerbeeinheiten' },
    subject: SUBJECT,
    userMessage:
      'Guten Tag,\nanbei die Pläne; die Liste steht auch unter https://example.org/projekte/2026-050/planlisten/aktuell.',
    requestReceipt: true,
    docs: ['A-101', 'A-102_Grundriss_Obergeschoss_Nordfluegel_Variante', 'A-103'].map((number, i) => ({
      docId: `d${i}`,
      number,
      name: 'Grundriss Erdgeschoß Nordflügel mit Tiefgaragenzufahrt',
      index: 'C',
      releaseDate: new Date('2026-03-04T10:00:00Z'),
      formats: ['PDF', 'DWG', 'DXF'],
    })),
    subscriberLists: [
      {
        docId: 'd0',
        number: 'A-101',
        name: 'Grundriss EG',
        subscribers: [{ name: 'Eva Keller-Hohenstein', company: 'Ingenieurbüro für Tragwerksplanung GmbH' }],
      },
    ],
    link: `http://localhost:3000/d/${'x'.repeat(43)}`,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(mail.html);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // the link is there, as the button and written out
  await expect(page.getByRole('link', { name: 'Dateien herunterladen' })).toBeVisible();
  await expect(page.getByRole('link', { name: /\/d\/x{43}/ })).toBeVisible();
  await shot(page, 'delivery-mail-390');
  await page.setViewportSize({ width: 820, height: 1100 });
  await shot(page, 'delivery-mail-820');
});
