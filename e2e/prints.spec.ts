import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { signUpOffice } from './support/office.ts';
import { hoaiPhase, officeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const MM = 72 / 25.4;
const LONG_NAME = 'Grundriss Erdgeschoß – Überarbeitung für Bauherrn Müller & Söhne GmbH, Küche und Wohnräume';

/** A one-page plan PDF of the given size in millimetres (A1 landscape, A3, …). */
async function planPdf(widthMm: number, heightMm: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([widthMm * MM, heightMm * MM]);
  return Buffer.from(await doc.save());
}

let shotCount = 0;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${String(++shotCount).padStart(2, '0')}-${name}.png`) });

test('the office prints the plan list from the settings and gets a transmittal PDF with its letterhead', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = officeApi(page.request, await signUpOffice(page, 'druck'));
  await server.profile({
    company: 'Hoffmann Weiß Architekten PartGmbB',
    streetName: 'Königstraße',
    streetNumber: '28',
    cityCode: '70173',
    cityName: 'Stuttgart',
  });
  const project = await server.project('2026-118', 'Wohn- und Geschäftshaus Königsallee');
  const start = await server.bundle(project._id);
  const lp5 = hoaiPhase(start, 5);
  const grundrisse = await server.folder(lp5._id, 'Grundrisse');
  const schnitte = await server.folder(lp5._id, 'Schnitte und Ansichten');

  const plans = [
    { folder: grundrisse, number: 'A-101', name: LONG_NAME, index: 'C', size: [841, 594] },
    { folder: grundrisse, number: 'A-102', name: 'Grundriss 1. Obergeschoss', index: 'B', size: [841, 594] },
    { folder: grundrisse, number: 'A-103', name: 'Grundriss Dachgeschoss', index: 'A', size: [594, 420] },
    { folder: schnitte, number: 'A-201', name: 'Schnitt A–A', index: 'B', size: [420, 297] },
    { folder: schnitte, number: 'A-202', name: 'Ansicht Süd und Straßenansicht', index: 'A', size: [420, 297] },
  ] as const;
  const docIds: string[] = [];
  for (const plan of plans) {
    const doc = await server.doc(plan.folder._id, plan.number, plan.name);
    const pdf = await planPdf(plan.size[0], plan.size[1]);
    await server.releasedVersion(doc._id, plan.index, [{ name: `${plan.number}.pdf`, data: pdf }]);
    docIds.push(doc._id);
  }
  await server.doc(schnitte._id, 'A-203', 'Ansicht Nord');

  const planners = start.participantfolders.find((f) => f.name === 'Fachplaner')!;
  const people = [
    ['Jürgen', 'Özdemir', 'Tragwerksplanung Özdemir GmbH'],
    ['Bärbel', 'Groß', 'Haustechnik Groß & Partner'],
    ['Lukas', 'Schäfer', 'Brandschutz Schäfer'],
  ] as const;
  const participantIds: string[] = [];
  let firstSubs: string[] = [];
  for (const [first, last, company] of people) {
    const email = uniqueEmail(last.toLowerCase().replace(/[^a-z]/g, ''));
    const contact = await server.contact(email, {
      firstName: first,
      lastName: last,
      company,
      needsPdf: true,
      needsTec: false,
    });
    const participant = await server.participant(project._id, contact._id, planners._id);
    const subs = [];
    for (const docId of docIds) subs.push((await server.subscribePdf(docId, participant._id)).sub!._id);
    if (participantIds.length === 0) firstSubs = subs;
    participantIds.push(participant._id);
  }
  // Özdemir got the Grundrisse already: their dots are green, the rest red.
  await server.deliver(project._id, participantIds[0]!, firstSubs.slice(0, 3), { subject: 'Planlieferung' });

  await page.goto(`/project/${project._id}?tab=settings`);
  const print = page.getByRole('button', { name: t('prints.printPlanList') });
  await expect(print).toBeVisible();
  await shot(page, 'settings');
  const downloading = page.waitForEvent('download');
  await print.click();
  const dock = page.getByRole('status', { name: t('prints.planList') });
  await expect(dock).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Planliste 2026-118 Wohn- und Geschäftshaus Königsallee.pdf');
  await expect(dock.getByRole('button', { name: t('prints.download') })).toBeVisible();
  await shot(page, 'print-finished');

  const pdf = test.info().outputPath('planliste.pdf');
  await download.saveAs(pdf);
  const pdfText = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  for (const expected of [
    'Hoffmann Weiß Architekten PartGmbB',
    'Königstraße 28',
    'Projekt 2026-118 | Wohn- und Geschäftshaus Königsallee',
    'Grundriss Erdgeschoß – Überarbeitung für Bauherrn Müller & Söhne',
    'LP5 · Grundrisse',
    'LP5 · Schnitte und Ansichten',
    'Ansicht Süd und Straßenansicht',
    'Jürgen Özdemir',
    'Seite 1 von 1',
  ]) {
    expect(pdfText).toContain(expected);
  }
  expect(pdfText.split('\n').find((l) => l.includes('A-101'))).toMatch(/A-101\s+Grundriss.*C\s+\S+\s+PDF\s+A1/);
  expect(pdfText.split('\n').find((l) => l.includes('A-103'))).toMatch(/\sA2\s/);
  expect(pdfText.split('\n').find((l) => l.includes('A-201'))).toMatch(/\sA3\s/);

  // page 1 as an image, to look at
  const png = test.info().outputPath('planliste-page1');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, png]);
  expect(fs.statSync(`${png}.png`).size).toBeGreaterThan(10_000);

  // the dock closes; a participant's own list from the participant's menu
  await dock.getByRole('button', { name: t('prints.close'), exact: true }).click();
  await expect(dock).toBeHidden();
  await page.getByRole('tab', { name: t('project.tabs.participants') }).click();
  await page.getByRole('button', { name: t('participants.actions', { name: 'Bärbel Groß' }) }).click();
  const second = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: t('prints.print') }).click();
  const participantPdf = test.info().outputPath('teilnehmer.pdf');
  await (await second).saveAs(participantPdf);
  const participantText = execFileSync('pdftotext', ['-layout', participantPdf, '-'], { encoding: 'utf8' });
  expect(participantText).toContain('Beteiligtenliste');
  expect(participantText).toMatch(/Bärbel Groß\s+Haustechnik Groß/);
  expect(participantText).not.toContain('Özdemir');
  await shot(page, 'participant-print');

  // the timeline prints its open tab
  await page.getByRole('tab', { name: t('project.tabs.timeline') }).click();
  await expect(page.getByRole('list', { name: t('timeline.docsListLabel') })).toBeVisible();
  const third = page.waitForEvent('download');
  await page.getByRole('button', { name: t('prints.print') }).click();
  const timelinePdf = test.info().outputPath('timeline.pdf');
  await (await third).saveAs(timelinePdf);
  const timelineText = execFileSync('pdftotext', ['-layout', timelinePdf, '-'], { encoding: 'utf8' });
  expect(timelineText).toContain('Version freigegeben');
  expect(timelineText).toContain('A-202 Ansicht Süd');
  expect(timelineText).toContain('Filter: keine');
  expect(timelineText).not.toContain('E-Mails ·');
  await shot(page, 'timeline-print');
});
