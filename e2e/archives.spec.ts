import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { signUpOffice } from './support/office.ts';
import { fixture, hoaiPhase, officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const MM = 72 / 25.4;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function planPdf(widthMm: number, heightMm: number, label: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(label);
  doc.addPage([widthMm * MM, heightMm * MM]);
  return Buffer.from(await doc.save());
}

let shotCount = 0;
/** The archive section of the settings, to look at. */
const shot = (page: Page, name: string) =>
  page
    .locator('.mantine-Paper-root', { has: page.getByRole('heading', { name: t('archives.title') }) })
    .screenshot({ path: test.info().outputPath(`${String(++shotCount).padStart(2, '0')}-${name}.png`) });

test('the office creates a project archive in the settings and downloads every current file in a ZIP', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = officeApi(page.request, await signUpOffice(page, 'archiv'));
  const project = await server.project('2026-204', 'Wohnhaus Weiß');
  const grundrisse = await server.folder(hoaiPhase(await server.bundle(project._id), 5)._id, 'Grundrisse');

  const kitchenPdf = await planPdf(841, 594, 'Küche');
  const kitchenAddon = await planPdf(297, 210, 'Legende');
  const dwg = fixture('sample_2000.dwg');
  const sectionPdf = await planPdf(420, 297, 'Schnitt');
  const kitchen = await server.doc(grundrisse._id, 'A-101', 'Grundriss Küche/Bad');
  await server.releasedVersion(kitchen._id, 'C', [
    { name: 'A-101.pdf', data: kitchenPdf },
    { name: 'A-101.dwg', data: dwg },
    { name: 'Legende Möbel.pdf', data: kitchenAddon, kind: 'addon' },
  ]);
  const section = await server.doc(grundrisse._id, 'A-201', '../Schnitt A–A');
  await server.releasedVersion(section._id, 'B', [{ name: 'A-201.pdf', data: sectionPdf }]);

  await page.goto(`/project/${project._id}?tab=settings`);
  const createFull = page.getByRole('button', { name: t('archives.createPdfTec') });
  await expect(createFull).toBeVisible();
  await expect(page.getByText(t('archives.empty'))).toBeVisible();
  await createFull.scrollIntoViewIfNeeded();
  await shot(page, 'archives-empty');

  await createFull.click();
  const rows = page.getByTestId('archive-row');
  await expect(rows).toHaveCount(1);
  const download = rows.first().getByRole('button', { name: t('archives.download') });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(rows.first()).toContainText(t('archives.rowTitle', { kind: t('archives.kindPdfTec') }));
  await expect(rows.first()).toContainText('4 Dateien');
  await shot(page, 'archive-finished');

  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^2026-204_Wohnhaus Weiß_Archiv_PDF\+DWG\+DXF_\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = test.info().outputPath('archiv.zip');
  await file.saveAs(zip);
  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  const dir = 'LP5 Ausführungsplanung/Grundrisse';
  expect(names).toEqual(
    [
      `${dir}/A-101_Grundriss Küche-Bad_C.dwg`,
      `${dir}/A-101_Grundriss Küche-Bad_C.pdf`,
      `${dir}/A-101_Grundriss Küche-Bad_C_Legende Möbel.pdf`,
      `${dir}/A-201_..-Schnitt A–A_B.pdf`,
      'Index.csv',
      'Planliste.pdf',
    ].sort(),
  );
  const entry = (name: string) => execFileSync('unzip', ['-p', zip, name], { maxBuffer: 32 * 1024 * 1024 });
  expect(sha256(entry(`${dir}/A-101_Grundriss Küche-Bad_C.pdf`))).toBe(sha256(kitchenPdf));
  expect(sha256(entry(`${dir}/A-101_Grundriss Küche-Bad_C.dwg`))).toBe(sha256(dwg));
  expect(sha256(entry(`${dir}/A-101_Grundriss Küche-Bad_C_Legende Möbel.pdf`))).toBe(sha256(kitchenAddon));
  expect(sha256(entry(`${dir}/A-201_..-Schnitt A–A_B.pdf`))).toBe(sha256(sectionPdf));
  expect(entry('Index.csv').toString('utf8')).toContain(`"A-101";"Grundriss Küche/Bad";"C";`);

  // a PDF-only archive beside it, then the full one deleted
  await page.getByRole('button', { name: t('archives.createPdf') }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByRole('button', { name: t('archives.download') })).toBeVisible({ timeout: 30_000 });
  await expect(rows.first()).toContainText(t('archives.rowTitle', { kind: t('archives.kindPdf') }));
  await shot(page, 'two-archives');
  await rows
    .nth(1)
    .getByRole('button', { name: t('archives.delete') })
    .click();
  await expect(page.getByText(t('archives.message.deleted'))).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(t('archives.kindPdf'));
  await shot(page, 'after-delete');
});
