import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import type { ProjectBundle } from '@plankurier/shared';
import { signUpOffice } from './support/office.ts';
import { fixture, hoaiPhase, officeApi, type OfficeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

// On site: a phone held upright and a tablet held upright, touch screens with a mobile browser.
const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, userAgent: devices['Pixel 7'].userAgent },
  tablet: { viewport: { width: 820, height: 1180 }, userAgent: devices['Galaxy Tab S4'].userAgent },
} as const;

/** The page fits the screen's width exactly (no sideways scrolling), is screenshotted and has no serious axe findings. */
async function checkPage(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(done))));
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: test.info().outputPath(`${width}-${name}.png`) });
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBe(width);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ')}`,
    );
  expect.soft(serious, `axe on ${name} at ${width} px`).toEqual([]);
}

/** Two fingers on the sheet moving apart, as Chromium gets them from a touch screen. */
async function pinchOut(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const fingers = (spread: number) => [
    { x: cx - spread, y: cy, id: 1 },
    { x: cx + spread, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (let spread = 30; spread <= 120; spread += 10)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** One finger dragging the sheet. */
async function panBy(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...start, id: 1 }] });
  for (let step = 1; step <= 8; step++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: start.x + (dx * step) / 8, y: start.y + (dy * step) / 8, id: 1 }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Waits until the worker has made every file's preview (thumbnail, drawing scene) and every PDF's sheet. */
async function previewsMade(server: OfficeApi, projectId: string) {
  const files = async () => (await server.call<ProjectBundle>('get', `/project/${projectId}`)).files;
  await expect.poll(async () => (await files()).map((f) => f.preview), { timeout: 60_000 }).not.toContain('pending');
  await expect
    .poll(async () => (await files()).filter((f) => f.kind === 'pdf').every((f) => f.sheet), { timeout: 60_000 })
    .toBe(true);
}

/**
 * Holds back the PDF itself (pdf.js's requests) until released: the viewer then shows the server's
 * sheet alone, which the test can look at; released, pdf.js draws over it.
 */
async function holdPdf(page: Page, isPdf: (url: URL) => boolean) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(isPdf, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The sheet picture shows before pdf.js has drawn; pdf.js then draws in exactly its place and replaces it. */
async function sheetThenDrawing(page: Page, release: () => void, name: string) {
  const picture = page.getByTestId('pdf-sheet');
  await expect(picture).toBeVisible({ timeout: 30_000 });
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2048);
  const pictureBox = (await picture.boundingBox())!;
  await checkPage(page, name);
  release();
  const drawn = page.getByTestId('pdf-page');
  await expect(drawn).toHaveAttribute('data-painted', 'true', { timeout: 45_000 });
  await expect(picture).toHaveCount(0);
  const drawnBox = (await drawn.boundingBox())!;
  // No jump: the drawing sits where the picture was (within a pixel of rounding).
  for (const side of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(drawnBox[side] - pictureBox[side]), side).toBeLessThanOrEqual(1);
}

/**
 * An office's project 'Kita Sonnenhof' with, in LP5 'Grundrisse', A-101 (index A: a 14-page PDF,
 * then index B: a one-page PDF, so A is outdated) and A-102 (a PDF and a DWG of AutoCAD 2018).
 */
async function seedPlans(server: OfficeApi) {
  await server.company('Berg Architekten');
  const project = await server.project('2026-040', 'Kita Sonnenhof');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  const a101 = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.releasedVersion(a101._id, 'A', [{ name: 'A-101_Grundriss_A.pdf', data: fixture('tracemonkey.pdf') }]);
  await server.releasedVersion(a101._id, 'B', [
    { name: 'A-101_Grundriss_B.pdf', data: fixture('hello_world_rotated.pdf') },
  ]);
  const a102 = await server.doc(folder._id, 'A-102', 'Schnitt A-A');
  await server.releasedVersion(a102._id, 'A', [
    { name: 'A-102_Schnitt.pdf', data: fixture('hello_world_rotated.pdf') },
    { name: 'A-102_Schnitt.dwg', data: fixture('sample_2018.dwg') },
  ]);
  await previewsMade(server, project._id);
  return { project, folder, a101, a102 };
}

for (const [deviceName, device] of Object.entries(DEVICES)) {
  test.describe(`on a ${deviceName} (${device.viewport.width} × ${device.viewport.height}, touch)`, () => {
    test.use({ ...device, hasTouch: true, isMobile: true });

    test('the office opens a plan on site, pinches and pans it, and sees that an older index is outdated', async ({
      page,
    }) => {
      test.setTimeout(420_000);
      const server = officeApi(page.request, await signUpOffice(page, `viewer-${deviceName}`));
      const { project } = await seedPlans(server);

      await page.goto('/projects');
      await expect(page.getByText('Kita Sonnenhof')).toBeVisible();
      await checkPage(page, 'project-list');

      await page.getByText('Kita Sonnenhof').click();
      await expect(page).toHaveURL(new RegExp(`/project/${project._id}$`));
      await page.getByText('LP5', { exact: true }).click();
      const list = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
      await expect(list.getByText('Grundriss EG')).toBeVisible();
      // Every plan shows its thumbnail in the list.
      await expect(list.getByTestId('plan-thumb-link').locator('img')).toHaveCount(2, { timeout: 45_000 });
      await checkPage(page, 'plan-list');

      // Tapping the plan's thumbnail opens the current index in the viewer: the sheet at once, then pdf.js's drawing.
      const release = await holdPdf(page, (url) => url.searchParams.get('original') === '1');
      await list.getByRole('link', { name: t('viewer.openPlan', { name: 'Grundriss EG' }) }).click();
      const viewer = page.getByTestId('plan-viewer');
      await expect(viewer.getByRole('heading', { name: 'A-101 Grundriss EG' })).toBeVisible();
      await sheetThenDrawing(page, release, 'viewer-sheet');
      await expect(viewer.getByText(t('viewer.index', { index: 'B' }))).toBeVisible();
      await expect(viewer.getByText(t('viewer.status.current'))).toBeVisible();
      await expect(page.getByTestId('newer-index-banner')).toBeHidden();
      const sheet = page.getByTestId('pdf-page');
      await expect(sheet).toHaveAttribute('data-painted', 'true', { timeout: 45_000 });
      await checkPage(page, 'viewer-current');

      // Two fingers apart zoom in; one finger moves the zoomed sheet; a double tap shows the whole sheet again.
      const frame = page.getByTestId('viewer-frame');
      await pinchOut(page, frame);
      await expect.poll(async () => Number(await sheet.getAttribute('data-scale'))).toBeGreaterThan(1.5);
      const before = Number(await sheet.getAttribute('data-x'));
      await panBy(page, frame, 60, 0);
      await expect.poll(async () => Number(await sheet.getAttribute('data-x'))).toBeGreaterThan(before + 30);
      await checkPage(page, 'viewer-zoomed');
      const box = (await frame.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(async () => Number(await sheet.getAttribute('data-scale'))).toBe(1);

      // The outdated index A from the plan's versions: the banner says B is newer and leads there.
      await viewer.getByRole('link', { name: t('viewer.close') }).click();
      await page.getByText('LP5', { exact: true }).click();
      await list.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
      const contextBar = page.getByRole('complementary', { name: t('context.label', { name: 'A-101 Grundriss EG' }) });
      await contextBar.getByText(t('context.versionTabs.outdated'), { exact: true }).click();
      await contextBar
        .getByRole('link', { name: t('viewer.openPlan', { name: 'A-101_Grundriss_A.pdf' }) })
        .last()
        .click();
      await expect(viewer.getByText(t('viewer.index', { index: 'A' }))).toBeVisible();
      await expect(viewer.getByText(t('viewer.status.outdated'))).toBeVisible();
      const banner = page.getByTestId('newer-index-banner');
      await expect(banner).toContainText(t('viewer.newerIndex', { index: 'B' }));
      await expect(sheet).toHaveAttribute('data-painted', 'true', { timeout: 45_000 });
      // Its 14 pages as thumbnails; the second one opens page 2.
      const pages = page.getByRole('navigation', { name: t('viewer.pages') });
      await expect(pages.getByRole('button')).toHaveCount(14);
      await pages.getByRole('button', { name: t('viewer.page', { page: 2, pages: 14 }) }).click();
      await expect(pages.getByRole('button', { name: t('viewer.page', { page: 2, pages: 14 }) })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(sheet).toHaveAttribute('data-painted', 'true', { timeout: 45_000 });
      await checkPage(page, 'viewer-outdated');
      await banner.getByRole('link', { name: t('viewer.openNewer', { index: 'B' }) }).click();
      await expect(viewer.getByText(t('viewer.index', { index: 'B' }))).toBeVisible();
      await expect(banner).toBeHidden();

      // The DWG in 2D from the plan's files, its layers on and off.
      await viewer.getByRole('link', { name: t('viewer.close') }).click();
      await page.getByText('LP5', { exact: true }).click();
      await list.getByRole('button', { name: 'Schnitt A-A', exact: true }).click();
      const a102Bar = page.getByRole('complementary', { name: t('context.label', { name: 'A-102 Schnitt A-A' }) });
      await a102Bar
        .getByRole('link', { name: t('viewer.openPlan', { name: 'A-102_Schnitt.dwg' }) })
        .last()
        .click();
      await expect(viewer.getByRole('heading', { name: 'A-102 Schnitt A-A' })).toBeVisible();
      await expect(page.getByTestId('drawing-frame').locator('canvas')).toHaveAttribute('data-painted', 'true', {
        timeout: 30_000,
      });
      const layersButton = viewer.getByRole('button', { name: /^Layer \(/ });
      await expect(layersButton).toHaveText('Layer (2/2)');
      await checkPage(page, 'viewer-drawing');
      await layersButton.click();
      const panel = page.getByRole('dialog', { name: t('viewer.layersTitle') });
      await panel.getByRole('checkbox', { name: 'Tavolo 1' }).uncheck();
      await page.keyboard.press('Escape');
      await expect(layersButton).toHaveText('Layer (1/2)');
    });

    test('a recipient opens the mail on a phone, looks at the plan, then downloads it: only the download counts', async ({
      page,
      browser,
    }) => {
      test.setTimeout(420_000);
      const server = officeApi(page.request, await signUpOffice(page, `viewer-recipient-${deviceName}`));
      const { project, a101 } = await seedPlans(server);
      const planners = (await server.bundle(project._id)).participantfolders.find((f) => f.name === 'Fachplaner')!;
      const email = uniqueEmail('bauleitung');
      const contact = await server.contact(email);
      const participant = await server.participant(project._id, contact._id, planners._id);
      const { sub } = await server.subscribePdf(a101._id, participant._id);
      const subject = `Pläne 2026-040 ${Date.now()}`;
      await server.deliver(project._id, participant._id, sub!._id, { subject });
      const downloadState = async () =>
        (await server.call<ProjectBundle>('get', `/project/${project._id}`)).subs.find((s) => s._id === sub!._id)?.state
          .download;
      expect(await downloadState()).toBe('red');

      // The recipient has no account: a phone of their own, the mail in the development mailbox.
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        locale: 'de-DE',
        ...device,
        hasTouch: true,
        isMobile: true,
      });
      const phone = await context.newPage();
      const mailRow = phone.getByRole('row').filter({ hasText: email }).filter({ hasText: subject });
      await expect(async () => {
        await phone.goto('/dev/outbox');
        await expect(mailRow).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 45_000 });
      await mailRow.getByRole('link', { name: subject }).click();
      const personalLink = phone.locator('a[href*="/d/"]').first();
      const linkPath = new URL((await personalLink.getAttribute('href'))!).pathname;
      await phone.goto(linkPath);
      await expect(phone.getByText('Grundriss EG')).toBeVisible();
      await expect(
        phone.getByRole('link', { name: t('viewer.openPlan', { name: 'A-101_Grundriss_B.pdf' }) }).first(),
      ).toBeVisible();
      await expect(phone.locator('img[src*="/thumbnail"]')).toBeVisible();
      await checkPage(phone, 'recipient-page');

      const release = await holdPdf(
        phone,
        (url) => url.pathname.startsWith('/api/d/') && url.pathname.endsWith('/view'),
      );
      await phone
        .getByRole('link', { name: t('viewer.openPlan', { name: 'A-101_Grundriss_B.pdf' }) })
        .last()
        .click();
      await sheetThenDrawing(phone, release, 'recipient-viewer-sheet');
      const sheet = phone.getByTestId('pdf-page');
      await expect(sheet).toHaveAttribute('data-painted', 'true', { timeout: 45_000 });
      const heading = phone.getByTestId('plan-viewer').getByRole('heading', { name: 'A-101 Grundriss EG' });
      await expect(heading).toBeVisible();
      // The whole name is read beside the download button, not "A-101 Grundri…".
      expect(
        await heading.evaluate((h) => h.scrollWidth <= h.clientWidth && h.scrollHeight <= h.clientHeight + 1),
      ).toBe(true);
      await pinchOut(phone, phone.getByTestId('viewer-frame'));
      await expect.poll(async () => Number(await sheet.getAttribute('data-scale'))).toBeGreaterThan(1.5);
      await checkPage(phone, 'recipient-viewer');

      // Looking was no download: the office's marker stays red.
      expect(await downloadState()).toBe('red');

      // The download from the viewer: now it counts.
      const downloaded = phone.waitForEvent('download');
      await phone
        .getByRole('button', { name: t('downloadPage.downloadFile', { name: 'A-101_Grundriss_B.pdf' }) })
        .click();
      expect((await downloaded).suggestedFilename()).toBe('A-101_Grundriss EG_B.pdf');
      await expect.poll(downloadState, { timeout: 45_000 }).toBe('green');
      await context.close();
    });
  });
}

test('the drawing viewer has the PDF viewer’s zoom buttons: in, out and the whole sheet again', async ({ page }) => {
  test.setTimeout(180_000);
  const server = officeApi(page.request, await signUpOffice(page, 'viewer-drawing-zoom'));
  const project = await server.project('2026-041', 'Kita Sonnenhof');
  const folder = await server.folder(hoaiPhase(await server.bundle(project._id), 5)._id, 'Schnitte');
  const doc = await server.doc(folder._id, 'A-102', 'Schnitt A-A');
  await server.releasedVersion(doc._id, 'A', [
    { name: 'A-102_Schnitt.pdf', data: fixture('hello_world_rotated.pdf') },
    { name: 'A-102_Schnitt.dwg', data: fixture('sample_2018.dwg') },
  ]);
  await previewsMade(server, project._id);
  const files = (await server.call<ProjectBundle>('get', `/project/${project._id}`)).files;
  const dwg = files.find((f) => f.kind === 'dwg')!;

  await page.goto(`/project/${project._id}/view/${dwg._id}`);
  const canvas = page.getByTestId('drawing-frame').locator('canvas');
  await expect(canvas).toHaveAttribute('data-painted', 'true', { timeout: 30_000 });
  const percent = page.getByText(/^\d+ %$/);
  await expect(percent).toHaveText('100 %');
  const fitted = await canvas.screenshot();

  await page.getByRole('button', { name: t('viewer.zoomIn') }).click();
  await expect(percent).toHaveText('150 %');
  await expect
    .poll(async () => (await canvas.screenshot()).equals(fitted), { message: 'the drawing is larger' })
    .toBe(false);
  await page.screenshot({ path: test.info().outputPath('1440-drawing-zoomed.png') });
  await page.getByRole('button', { name: t('viewer.zoomOut') }).click();
  await page.getByRole('button', { name: t('viewer.zoomOut') }).click();
  await expect(percent).toHaveText('67 %');
  await page.getByRole('button', { name: t('viewer.fit') }).click();
  await expect(percent).toHaveText('100 %');
  // the keys the PDF viewer takes, on the focused sheet
  await page.getByRole('img', { name: t('viewer.sheet') }).focus();
  await page.keyboard.press('+');
  await expect(percent).toHaveText('125 %');
  await page.keyboard.press('0');
  await expect(percent).toHaveText('100 %');
  await page.screenshot({ path: test.info().outputPath('1440-drawing-fitted.png') });
});
