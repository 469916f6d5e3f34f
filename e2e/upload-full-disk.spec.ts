import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { officeApi, openPlan, PLAN_PDF, seedPlanProject } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.resolve('.tmp', 'full-disk-screens');
// Where the end-to-end server stages uploads: a 2 MB tmpfs goes over it for this journey.
const uploadsDir = path.join(process.env.E2E_DATA_DIR!, 'uploads');
const filler = path.join(uploadsDir, 'filler');
let mounted = false;

test.afterAll(() => {
  if (mounted) execFileSync('umount', ['-l', uploadsDir]);
});

/** Mounts the small disk; answers why it could not (not root, no mount allowed). */
function mountSmallDisk(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root';
  try {
    fs.mkdirSync(uploadsDir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', uploadsDir], { stdio: 'pipe' });
    mounted = true;
    return null;
  } catch (err) {
    return `mount failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`;
  }
}

test('an upload that meets a full disk says so once, is not retried, and goes on with "Fortsetzen" once space is freed', async ({
  page,
}) => {
  // No quiet skip: without its small disk the journey proves nothing, so it fails and says why.
  const cannot = mountSmallDisk();
  if (cannot) throw new Error(`Full-disk journey needs a tmpfs (${cannot}); run it as root.`);
  const server = officeApi(page.request, await signUpOffice(page, 'voll'));
  const plan = { number: 'A-101', name: 'Grundriss EG' };
  const { project } = await seedPlanProject(server, { number: '2026-019', name: 'Wohnhaus Voll' }, [plan]);
  const contextBar = await openPlan(page, project._id, 'LP5', plan);

  // About a quarter of the plan's size is left on the disk.
  const { bavail, bsize } = fs.statfsSync(uploadsDir);
  fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - fs.statSync(PLAN_PDF).size / 4)));
  const patches: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && req.url().includes('/api/uploads/')) patches.push(req.url());
  });

  const chooser = page.waitForEvent('filechooser');
  await contextBar.getByTestId('version-dropzone').click();
  await (await chooser).setFiles(PLAN_PDF);
  const row = contextBar.getByRole('group', { name: path.basename(PLAN_PDF) });
  await expect(row.getByRole('alert')).toHaveText(t('msg.storage.full'));
  // Said once: in the upload's row beside "Fortsetzen", no notification besides, after one PATCH.
  await expect(page.getByText(t('msg.storage.full'))).toHaveCount(1);
  expect(patches).toHaveLength(1);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'storage-full-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'storage-full-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  fs.rmSync(filler);
  await row.getByRole('button', { name: t('context.upload.resumeLabel', { name: path.basename(PLAN_PDF) }) }).click();
  await expect(row.getByText(/\d+ × \d+ mm/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(t('msg.storage.full'))).toHaveCount(0);
  // The same upload went on: one more PATCH to the same URL.
  expect(patches).toHaveLength(2);
  expect(patches[1]).toBe(patches[0]);
  await page.screenshot({ path: path.join(SHOTS, 'resumed-1440.png') });
});
