import path from 'node:path';
import { expect, test } from '@playwright/test';
import { scanQr } from '../apps/server/test/qr-scan.ts';
import { signUpOffice } from './support/office.ts';
import { officeApi, openPlan, seedPlanProject, uploadAndRelease } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.resolve('.tmp', 'qr-screens');

interface DocQr {
  x: number;
  y: number;
  width: number;
  embed: boolean;
}

test('the office drags the QR code into place on the plan, turns it on, and a scan tells whether the sheet is current', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const server = officeApi(page.request, await signUpOffice(page, 'qr'));
  const { call } = server;
  const plan = { number: 'A-101', name: 'Grundriss Erdgeschoß' };
  const { project, docs } = await seedPlanProject(server, { number: '2026-051', name: 'Wohnhaus Müller' }, [plan]);
  const doc = docs[0]!;

  const contextBar = await openPlan(page, project._id, 'LP5', plan);
  await uploadAndRelease(page, contextBar, 'A');

  // the preview: pdf.js renders page 1, the square sits at the account's default position
  const preview = contextBar.getByTestId('qr-preview');
  const square = contextBar.getByTestId('qr-square');
  await square.scrollIntoViewIfNeeded();
  await expect(square).toBeVisible({ timeout: 20_000 });
  const before = await call<DocQr>('get', `/doc/${doc._id}/qr`);
  const right = contextBar.getByLabel(t('qr.x'));
  const bottom = contextBar.getByLabel(t('qr.y'));
  await expect(right).toHaveValue(`${before.x} mm`);

  // drag it up and to the left by 60 × 80 px; it is grabbed by at least 24 × 24 px, however small it is drawn
  const box = (await square.boundingBox())!;
  expect(Math.round(Math.min(box.width, box.height))).toBeGreaterThanOrEqual(24);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 30, box.y + box.height / 2 - 40, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 - 80, { steps: 5 });
  await page.mouse.up();
  const previewBox = (await preview.boundingBox())!;
  const mmPerPx = 215.9 / previewBox.width; // tracemonkey: US Letter, 215.9 mm wide
  const movedX = Number((await right.inputValue()).replace(' mm', ''));
  const movedY = Number((await bottom.inputValue()).replace(' mm', ''));
  expect(Math.abs(movedX - (before.x + 60 * mmPerPx))).toBeLessThanOrEqual(1.5);
  expect(Math.abs(movedY - (before.y + 80 * mmPerPx))).toBeLessThanOrEqual(1.5);
  await contextBar.getByRole('button', { name: t('qr.save') }).click();
  await expect(page.getByText(t('message_data_updated'))).toBeVisible();

  await contextBar.getByRole('switch', { name: t('qr.embed') }).click();
  await expect(page.getByText(t('message_qr_added'))).toBeVisible();
  await preview.scrollIntoViewIfNeeded();
  await contextBar.screenshot({ path: path.join(SHOTS, 'qr-placement.png') });
  await contextBar.getByRole('button', { name: t('qr.save') }).scrollIntoViewIfNeeded();
  await contextBar.screenshot({ path: path.join(SHOTS, 'qr-section.png') });
  const saved = await call<DocQr>('get', `/doc/${doc._id}/qr`);
  expect([saved.embed, saved.x, saved.y]).toEqual([true, movedX, movedY]);

  // a code that would stick out of the page is refused in the form, before anything is saved
  await right.fill('200');
  await expect(contextBar.getByText(t('msg.qr.does_not_fit'))).toBeVisible();
  await expect(contextBar.getByRole('button', { name: t('qr.save') })).toBeDisabled();
  await contextBar.screenshot({ path: path.join(SHOTS, 'qr-does-not-fit.png') });
  await right.fill(String(movedX));
  await expect(contextBar.getByText(t('msg.qr.does_not_fit'))).toBeHidden();

  // the office's download is the stamped copy: the code reads back where it was dropped
  const fileId = await page.evaluate(async (docId) => {
    const token = localStorage.getItem('plankurier.token');
    const res = await fetch(`/api/project/${location.pathname.split('/').pop()}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const data = (await res.json()) as { files: { _id: string; doc: string; kind: string }[] };
    return data.files.find((f) => f.doc === docId && f.kind === 'pdf')!._id;
  }, doc._id);
  const { url } = await call<{ url: string }>('post', `/file/${fileId}/download-link`);
  const stamped = await (await page.request.get(url)).body();
  const scan = scanQr(stamped)!;
  expect(scan.url).toMatch(/\/q\/[A-Za-z0-9_-]{43}$/);
  // the border is on by default: the symbol sits inside the square
  expect(scan.x).toBeGreaterThanOrEqual(saved.x - 1.5);
  expect(scan.x + scan.width).toBeLessThanOrEqual(saved.x + saved.width + 1.5);
  expect(scan.y).toBeGreaterThanOrEqual(saved.y - 1.5);
  expect(scan.y + scan.width).toBeLessThanOrEqual(saved.y + saved.width + 1.5);

  // someone on site scans it, without an account
  const site = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE' });
  const phone = await site.newPage();
  await phone.goto(new URL(scan.url).pathname);
  await expect(phone.getByTestId('qr-verdict')).toHaveText(text('de', 'qrCheck.current'));
  await expect(phone.getByText('A-101')).toBeVisible();
  await phone.screenshot({ path: path.join(SHOTS, 'qr-check-current.png') });

  // a new index B is released: the printed sheet A is now outdated
  await contextBar.getByRole('button', { name: t('context.prepareNext') }).click();
  await contextBar.getByRole('textbox', { name: t('context.index') }).fill('B');
  await contextBar.getByRole('button', { name: t('context.prepareSubmit') }).click();
  await uploadAndRelease(page, contextBar, 'B');
  await phone.reload();
  const today = new Date().toLocaleDateString('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  await expect(phone.getByTestId('qr-verdict')).toHaveText(text('de', 'qrCheck.outdated', { index: 'B', date: today }));
  await phone.screenshot({ path: path.join(SHOTS, 'qr-check-outdated.png') });

  // an English browser gets the page in English
  const english = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-GB' });
  const englishPage = await english.newPage();
  await englishPage.goto(new URL(scan.url).pathname);
  await expect(englishPage.getByTestId('qr-verdict')).toContainText('Caution: outdated – current index B');
  await site.close();
  await english.close();
});
