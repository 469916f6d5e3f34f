import { expect, test, type Page } from '@playwright/test';
import type { ProjectBundle } from '@plankurier/shared';
import { signUpOffice } from './support/office.ts';
import { checkScreen, ownDevice, SCREENS } from './support/responsive.ts';
import { fixture, hoaiPhase, officeApi, seedSubscriber } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

/** The personal link of the newest mail to `email` with `subject`, read from the development mailbox. */
async function personalLink(visitor: Page, email: string, subject: string) {
  const row = visitor.getByRole('row').filter({ hasText: email }).filter({ hasText: subject });
  await expect(async () => {
    await visitor.goto('/dev/outbox');
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await row.getByRole('link', { name: subject }).click();
  return new URL((await visitor.locator('a[href*="/d/"]').first().getAttribute('href'))!).pathname;
}

test('an old link names the current index, and once the office sent it there, fetches it from the old mail', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = officeApi(page.request, await signUpOffice(page, 'newer-index'));
  const project = await server.project('2026-071', 'Schule Am Park');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  const plan = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  const planners = bundle.participantfolders.find((f) => f.name === 'Fachplaner')!;
  const scene = { project, planners };
  const email = uniqueEmail('rohbau');
  await server.releasedVersion(plan._id, 'A', [{ name: 'A-101_Grundriss_A.pdf', data: fixture('tracemonkey.pdf') }]);
  const { participant, sub } = await seedSubscriber(server, scene, plan._id, email);
  const firstSubject = `Index A ${Date.now()}`;
  await server.deliver(scene.project._id, participant._id, sub._id, { subject: firstSubject });
  await server.releasedVersion(plan._id, 'B', [
    { name: 'A-101_Grundriss_B.pdf', data: fixture('hello_world_rotated.pdf') },
  ]);

  // The recipient opens the mail of index A after B was released, before B was sent to them.
  const visitor = await ownDevice(page, SCREENS.desktop);
  const oldLink = await personalLink(visitor, email, firstSubject);
  await visitor.goto(oldLink);
  const note = visitor.getByTestId('newer-index');
  await expect(note).toContainText(t('downloadPage.newerIndexNamed', { index: 'B' }));
  await expect(note.getByRole('button')).toHaveCount(0);

  // The office sends B; the old mail's page now says when and fetches B.
  await server.deliver(scene.project._id, participant._id, sub._id, { subject: `Index B ${Date.now()}` });
  await visitor.reload();
  const fetchB = note.getByRole('button', { name: t('downloadPage.downloadNewer', { index: 'B' }) });
  await expect(fetchB).toBeVisible();
  await expect(note).toContainText(/Index B wurde Ihnen am \d{2}\.\d{2}\.\d{4} gesendet/);
  for (const size of [SCREENS.desktop, SCREENS.tablet, SCREENS.phone]) {
    await visitor.setViewportSize(size);
    await checkScreen(visitor, 'recipient-old-link');
  }
  // Both indexes fetched from the old mail: the office's marker is green only with B too (every
  // file sent for the plan), so B's download counted for this participant.
  const downloadState = async () =>
    (await server.call<ProjectBundle>('get', `/project/${scene.project._id}`)).subs.find((s) => s._id === sub._id)
      ?.state.download;
  const downloadedA = visitor.waitForEvent('download');
  await visitor
    .getByRole('button', { name: t('downloadPage.downloadFile', { name: 'A-101_Grundriss_A.pdf' }) })
    .click();
  expect((await downloadedA).suggestedFilename()).toBe('A-101_Grundriss EG_A.pdf');
  expect(await downloadState()).toBe('red');
  await visitor.reload();
  const downloadedB = visitor.waitForEvent('download');
  await note.getByRole('button', { name: t('downloadPage.downloadNewer', { index: 'B' }) }).click();
  expect((await downloadedB).suggestedFilename()).toBe('A-101_Grundriss EG_B.pdf');
  await expect.poll(downloadState, { timeout: 30_000 }).toBe('green');

  // The viewer of the old index says the same and fetches B too.
  await visitor.setViewportSize(SCREENS.desktop);
  await visitor.goto(oldLink);
  await visitor
    .getByRole('link', { name: t('viewer.openPlan', { name: 'A-101_Grundriss_A.pdf' }) })
    .first()
    .click();
  const banner = visitor.getByTestId('newer-index-banner');
  await expect(banner).toContainText(t('viewer.newerIndex', { index: 'B' }));
  await expect(banner.getByRole('button', { name: t('downloadPage.downloadNewer', { index: 'B' }) })).toBeVisible();
  await checkScreen(visitor, 'recipient-old-viewer');
  await visitor.context().close();
});
