import { expect, test } from '@playwright/test';
import { signUpOfficeAs } from './support/office.ts';
import { hoaiPhase, officeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);

test('an office whose e-mail is not confirmed yet is told at sending to confirm it first, and can have the link mailed again there', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('unbestaetigt');
  const server = officeApi(page.request, await signUpOfficeAs(page, email, undefined, 'de', { confirmed: false }));
  const project = await server.project('2026-061', 'Frisch angemeldet');
  const start = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(start, 1)._id, 'Lagepläne');
  const doc = await server.doc(folder._id, 'A-301', 'Lageplan');
  await server.releasedVersion(doc._id, 'A');
  const contact = await server.contact(uniqueEmail('fremd'), {
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
  await page.getByRole('button', { name: t('deliver.next') }).click();
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  await page
    .getByRole('dialog', { name: t('deliver.send.title') })
    .getByRole('button', { name: t('deliver.send.confirm') })
    .click();

  const alert = page.getByRole('alert', { name: t('deliver.send.failed') });
  await expect(alert).toContainText(t('msg.account.email_unconfirmed'));
  await alert.getByRole('button', { name: t('banner.resend') }).click();
  await expect(page.getByText(t('message_resend_welcome_success'))).toBeVisible();
  // nothing was sent: the receiver is still to be delivered to
  await expect(page.getByTestId('deliver-count-participants')).toContainText('1');
});
