import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { officeApi, openPlan, planRow, seedPlanProject, seedSubscriber, uploadAndRelease } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
/** The server of the end-to-end run takes bounce webhooks with this secret (playwright.config.ts). */
const BOUNCE_SECRET = 'e2e-bounce-webhook-secret-0123456789';
const SUBJECT = 'Projekt: 2026-050 | Wohnhaus Linde';
const shots = (name: string) => path.join(test.info().outputDir, `${name}.png`);

/** The mail provider reports the mail as returned, naming it by its Message-ID (README, bounces). */
async function providerReports(page: Page, messageId: string, status: string, diagnostic: string) {
  const res = await page.request.post('/api/hooks/bounce', {
    headers: { Authorization: `Bearer ${BOUNCE_SECRET}` },
    data: { messageId, status, diagnostic },
  });
  expect(res.status()).toBe(202);
  expect(await res.json()).toEqual({ outcome: 'recorded' });
}

test('a returned mail shows at the participant, its plan and in the timeline; after correcting the address it is gone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'bounce'));
  await server.company('Berg Architekten');
  const scene = await seedPlanProject(server, { number: '2026-050', name: 'Wohnhaus Linde' });
  const { project } = scene;
  const a101 = scene.docs[0]!;

  const contextBar = await openPlan(page, project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await uploadAndRelease(page, contextBar);

  const { contact, participant, sub } = await seedSubscriber(server, scene, a101._id, uniqueEmail('weber-vertippt'));

  const a101Row = planRow(page, 'LP5', 'A-101 Grundriss EG');
  const delivery = await server.deliver(project._id, participant._id, sub._id, { subject: SUBJECT });
  await expect(a101Row.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible({
    timeout: 20_000,
  });

  // The Message-ID is derived from delivery and participant on the PUBLIC_URL's host.
  const messageId = `<delivery-${delivery._id}.${participant._id}@localhost>`;
  await providerReports(page, messageId, '4.2.2', '452 4.2.2 Mailbox full');
  await page
    .getByRole('tablist', { name: t('project.tabsLabel') })
    .getByRole('tab', { name: t('project.tabs.participants') })
    .click();
  const row = page.locator('[data-participant]').filter({ hasText: 'Jonas Weber' });
  await expect(row.getByRole('img', { name: t('bounces.transient'), exact: true })).toBeVisible({ timeout: 20_000 });

  // The mail came back for good: without a reload the participant turns red with the badge.
  await providerReports(page, messageId, '5.1.1', '550 5.1.1 Recipient address rejected: User unknown');
  const bounced = row.getByRole('img', { name: t('bounces.permanent'), exact: true });
  await expect(bounced).toBeVisible({ timeout: 20_000 });
  await expect(
    row.getByRole('img', { name: `${t('subscriptions.deliver.RED')} · ${t('bounces.permanent')}`, exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: t('participants.select', { name: 'Jonas Weber' }) }).click();
  await expect(page.getByText(t('bounces.permanent'), { exact: true }).last()).toBeVisible();
  await expect(page.getByText(t('bounces.resendHint'))).toBeVisible();
  await bounced.hover();
  await expect(page.getByText(/550 5\.1\.1 Recipient address rejected/).first()).toBeVisible();
  await page.screenshot({ path: shots('bounce-participants') });

  // The timeline's e-mail event says so, with the remote server's words when expanded.
  await page
    .getByRole('tablist', { name: t('project.tabsLabel') })
    .getByRole('tab', { name: t('project.tabs.timeline') })
    .click();
  await page.getByRole('tab', { name: t('timeline.tabs.emails'), exact: true }).click();
  const card = page.getByRole('listitem', { name: t('timeline.email.label', { recipient: 'Jonas Weber' }) });
  await expect(card.getByText(t('bounces.short.permanent'))).toBeVisible();
  await card.getByRole('button').first().click();
  await expect(card.getByText(t('bounces.returned'))).toBeVisible();
  await expect(card.getByText(/Status 5\.1\.1 · 550 5\.1\.1 Recipient address rejected/)).toBeVisible();
  await page.screenshot({ path: shots('bounce-timeline') });

  // The office corrects the address and sends again: the new mail did not come back.
  await server.correctContact(contact._id, uniqueEmail('weber-richtig'));
  await server.deliver(project._id, participant._id, sub._id, { subject: SUBJECT });
  await page
    .getByRole('tablist', { name: t('project.tabsLabel') })
    .getByRole('tab', { name: t('project.tabs.participants') })
    .click();
  await expect(row.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(bounced).toBeHidden();
});
