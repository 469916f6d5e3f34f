import { expect, test } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { hoaiPhase, officeApi, seedSubscriber } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SUBJECT = 'Projekt: 2026-070 | Kita Sonnenweg';

test('a link revoked from the timeline still shows as revoked, with its time, after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const server = officeApi(page.request, await signUpOffice(page, 'sperre'));
  await server.company('Berg Architekten');
  const project = await server.project('2026-070', 'Kita Sonnenweg');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  const plan = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.releasedVersion(plan._id, 'B');
  const scene = { project, planners: bundle.participantfolders.find((f) => f.name === 'Fachplaner')! };
  const weber = await seedSubscriber(server, scene, plan._id, uniqueEmail('weber'));
  const kellerContact = await server.contact(uniqueEmail('keller'), {
    firstName: 'Eva',
    lastName: 'Keller',
    company: 'Keller GmbH',
    needsPdf: true,
    needsTec: false,
  });
  const keller = await server.participant(project._id, kellerContact._id, scene.planners._id);
  const kellerSub = (await server.subscribePdf(plan._id, keller._id)).sub!;
  await server.deliver(scene.project._id, weber.participant._id, weber.sub._id, { subject: SUBJECT });
  await server.deliver(scene.project._id, keller._id, kellerSub._id, { subject: SUBJECT });

  await page.goto(`/project/${scene.project._id}`);
  await page.getByRole('tab', { name: t('project.tabs.timeline') }).click();
  await page.getByRole('tab', { name: t('timeline.tabs.emails') }).click();
  const mailTo = (recipient: string) =>
    page.getByRole('listitem', { name: t('timeline.email.label', { recipient }) }).filter({ hasText: SUBJECT });
  const weberMail = mailTo('Jonas Weber');
  const kellerMail = mailTo('Eva Keller');
  await expect(weberMail).toBeVisible({ timeout: 20_000 });
  await expect(kellerMail).toBeVisible({ timeout: 20_000 });

  // Weber's link is revoked from his mail's event: the action gives way to the marker at once.
  await weberMail.getByRole('button').first().click();
  await weberMail.getByRole('button', { name: t('timeline.email.revoke') }).click();
  await page
    .getByRole('dialog', { name: t('timeline.email.revokeTitle') })
    .getByRole('button', { name: t('timeline.email.revokeConfirm') })
    .click();
  // The toast; the card's button may show the same words until the timeline is read again.
  await expect(page.getByRole('alert').filter({ hasText: t('timeline.email.revoked') })).toBeVisible();
  const revokedAt = /^Link gesperrt am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;
  await expect(weberMail.getByText(revokedAt)).toBeVisible();

  // After a reload the server says so: the marker in the line and in the details, no revoke action.
  await page.reload();
  await page.getByRole('tab', { name: t('timeline.tabs.emails') }).click();
  await expect(weberMail).toBeVisible({ timeout: 20_000 });
  await expect(weberMail.getByText(t('timeline.email.linkRevoked'), { exact: true })).toBeVisible();
  await weberMail.getByRole('button').first().click();
  await expect(weberMail.getByText(revokedAt)).toBeVisible();
  await expect(weberMail.getByRole('button', { name: t('timeline.email.revoke') })).toHaveCount(0);

  // Keller's link still works: no marker, the action is offered.
  await expect(kellerMail.getByText(t('timeline.email.linkRevoked'), { exact: true })).toHaveCount(0);
  await kellerMail.getByRole('button').first().click();
  await expect(kellerMail.getByRole('button', { name: t('timeline.email.revoke') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('timeline-revoked-after-reload.png'), fullPage: true });
});
