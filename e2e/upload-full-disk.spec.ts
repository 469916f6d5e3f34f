import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { signUpOffice } from './support/office.ts';
import { officeApi, openPlan, PLAN_PDF, seedPlanProject } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.resolve('.tmp', 'full-disk-screens');
// Where the end-to-end server stages uploads and stores files: a small tmpfs goes over either,
// as an installation with a disk of its own for it has.
const uploadsDir = path.join(process.env.E2E_DATA_DIR!, 'uploads');
const filesDir = path.join(process.env.E2E_DATA_DIR!, 'files');
const mounted: string[] = [];

test.afterAll(() => {
  for (const dir of mounted) execFileSync('umount', ['-l', dir]);
});

/** Mounts a small disk at `dir`; without one the journey proves nothing, so it fails and says why (no quiet skip). */
function mountSmallDisk(dir: string, size: string) {
  if (process.getuid?.() !== 0)
    throw new Error('Full-disk journey needs a tmpfs (not running as root); run it as root.');
  try {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    mounted.push(dir);
  } catch (err) {
    const reason = String((err as { stderr?: Buffer }).stderr ?? err).trim();
    throw new Error(`Full-disk journey needs a tmpfs (mount failed: ${reason}); run it as root.`, { cause: err });
  }
}

/** Fills the disk of `dir` until about `bytesLeft` are free; returns the filler to remove. */
function fillLeaving(dir: string, bytesLeft: number): string {
  const { bavail, bsize } = fs.statfsSync(dir);
  const filler = path.join(dir, 'filler');
  fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - bytesLeft)));
  return filler;
}

/** A real plan of 24 MB (a page and a large stream): its one PATCH is far more than a socket buffers. */
async function largePlan(): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([841.89, 595.28]);
  doc.context.register(doc.context.stream(new Uint8Array(randomBytes(24 * 1024 * 1024))));
  const file = path.join(SHOTS, 'Lageplan gross.pdf');
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(file, await doc.save({ useObjectStreams: false }));
  return file;
}

/** The PATCHes the page sends to the upload endpoint, each with the offset it sends from (to the file's end). */
function recordPatches(page: Page) {
  const patches: { url: string; offset: number }[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'PATCH' && req.url().includes('/api/uploads/'))
      patches.push({ url: req.url(), offset: Number(req.headers()['upload-offset']) });
  });
  return patches;
}

async function chooseFile(page: Page, contextBar: Locator, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await contextBar.getByTestId('version-dropzone').click();
  await (await chooser).setFiles(file);
  return contextBar.getByRole('group', { name: path.basename(file) });
}

test('an upload that meets a full disk says so once, is not retried, and goes on with "Fortsetzen" once space is freed', async ({
  page,
}) => {
  mountSmallDisk(uploadsDir, '40m');
  const plan = await largePlan();
  const size = fs.statSync(plan).size;
  const server = officeApi(page.request, await signUpOffice(page, 'voll'));
  const doc = { number: 'A-101', name: 'Grundriss EG' };
  const { project } = await seedPlanProject(server, { number: '2026-019', name: 'Wohnhaus Voll' }, [doc]);
  const contextBar = await openPlan(page, project._id, 'LP5', doc);

  // About a quarter of the plan's size is left on the disk; the 24 MB chunk is refused while it
  // still arrives, and the browser must read the 507, not a reset connection.
  const filler = fillLeaving(uploadsDir, size / 4);
  const patches = recordPatches(page);
  const row = await chooseFile(page, contextBar, plan);
  await expect(row.getByRole('alert')).toHaveText(t('msg.storage.full'));
  // Said once: in the upload's row beside "Fortsetzen", no notification besides, after one PATCH.
  await expect(page.getByText(t('msg.storage.full'))).toHaveCount(1);
  expect(patches).toHaveLength(1);
  for (const [width, height] of [
    [1440, 900],
    [820, 1180],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The panel lays itself out anew for the width: the row may be drawn again while it is scrolled to.
    await expect(async () => {
      await row.scrollIntoViewIfNeeded({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `storage-full-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  fs.rmSync(filler);
  await row.getByRole('button', { name: t('context.upload.resumeLabel', { name: path.basename(plan) }) }).click();
  await expect(row.getByText(/\d+ × \d+ mm/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(t('msg.storage.full'))).toHaveCount(0);
  // The same upload went on: one more PATCH to the same URL, from where the disk stopped it.
  expect(patches).toHaveLength(2);
  expect(patches[0]!.offset).toBe(0);
  expect(patches[1]!.url).toBe(patches[0]!.url);
  expect(patches[1]!.offset).toBeGreaterThan(0);
  await page.screenshot({ path: path.join(SHOTS, 'resumed-1440.png') });
});

test('the file store is full when the last byte arrived: "Fortsetzen" later sends only that byte, not the plan again', async ({
  page,
}) => {
  mountSmallDisk(filesDir, '8m');
  const server = officeApi(page.request, await signUpOffice(page, 'ablage-voll'));
  const doc = { number: 'A-201', name: 'Schnitt A-A' };
  const { project } = await seedPlanProject(server, { number: '2026-020', name: 'Ablage Voll' }, [doc]);
  const contextBar = await openPlan(page, project._id, 'LP5', doc);

  const filler = fillLeaving(filesDir, fs.statSync(PLAN_PDF).size / 2);
  const patches = recordPatches(page);
  const row = await chooseFile(page, contextBar, PLAN_PDF);
  await expect(row.getByRole('alert')).toHaveText(t('msg.storage.full'));
  expect(patches).toHaveLength(1);
  await page.screenshot({ path: path.join(SHOTS, 'file-store-full-1440.png') });

  fs.rmSync(filler);
  await row.getByRole('button', { name: t('context.upload.resumeLabel', { name: path.basename(PLAN_PDF) }) }).click();
  await expect(row.getByText(/\d+ × \d+ mm/)).toBeVisible({ timeout: 30_000 });
  // All but the last byte were kept: the same upload, sent on from there.
  expect(patches).toHaveLength(2);
  expect(patches[1]).toEqual({ url: patches[0]!.url, offset: fs.statSync(PLAN_PDF).size - 1 });
});
