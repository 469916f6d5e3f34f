import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { officeCall, signUpOffice } from './support/office.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const PDF = path.resolve(import.meta.dirname, '../../shared/fixtures/tracemonkey.pdf');
/** The server of the end-to-end run takes bounce webhooks with this secret (playwright.config.ts). */
const BOUNCE_SECRET = 'e2e-bounce-webhook-secret-0123456789';
const shots = (name: string) => path.join(test.info().outputDir, `${name}.png`);

interface Bundle {
  phases: { _id: string; sortOrder: number }[];
  participantfolders: { _id: string; name: string }[];
}

function api(request: APIRequestContext, token: string) {
  const call = officeCall(request, token);
  return {
    company: (company: string) => call('put', '/user', { updateType: 'UPDATE_PROFILE', company }),
    project: (number: string, name: string) =>
      call<{ _id: string }>('post', '/project', { number, name, withHoaiPhases: true }),
    bundle: (projectId: string) => call<Bundle>('get', `/project/${projectId}`),
    folder: (phaseId: string, name: string) =>
      call<{ _id: string }>('post', '/folder', { phaseId, name, category: 'plans' }),
    doc: (folderId: string, number: string, name: string) =>
      call<{ _id: string }>('post', '/doc', { folderId, doctype: 'plan', number, name }),
    version: (docId: string, index: string) => call<{ _id: string }>('post', '/version', { docId, index }),
    contact: (email: string) =>
      call<{ _id: string }>('post', '/contact', {
        firstName: 'Jonas',
        lastName: 'Weber',
        company: 'Statik GmbH',
        email,
        needsPdf: true,
        needsTec: false,
      }),
    correctContact: (contactId: string, email: string) =>
      call('put', `/contact/${contactId}`, {
        firstName: 'Jonas',
        lastName: 'Weber',
        company: 'Statik GmbH',
        email,
        needsPdf: true,
        needsTec: false,
      }),
    participant: (projectId: string, contactId: string, folderId: string) =>
      call<{ _id: string }>('post', '/participant', { projectId, contactId, folderId }),
    subscribePdf: (docId: string, participantId: string) =>
      call<{ sub: { _id: string } | null }>('put', '/subscription', {
        docId,
        participantId,
        getsPdf: true,
        getsTec: false,
      }),
    deliver: (projectId: string, participantId: string, subId: string) =>
      call<{ _id: string }>('post', '/delivery/participants', {
        projectId,
        participants: [{ _id: participantId, subs: [subId] }],
        forceSending: true,
        subject: 'Projekt: 2026-050 | Wohnhaus Linde',
      }),
  };
}

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
  const server = api(page.request, await signUpOffice(page, 'bounce'));
  await server.company('Berg Architekten');
  const project = await server.project('2026-050', 'Wohnhaus Linde');
  const start = await server.bundle(project._id);
  const lp5 = [...start.phases].sort((a, b) => a.sortOrder - b.sortOrder)[4]!;
  const folder = await server.folder(lp5._id, 'Grundrisse');
  const a101 = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.version(a101._id, 'A');

  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await page.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
  const contextBar = page.getByRole('complementary', { name: t('context.label', { name: 'A-101 Grundriss EG' }) });
  const chooser = page.waitForEvent('filechooser');
  await contextBar.getByTestId('version-dropzone').click();
  await (await chooser).setFiles(PDF);
  await expect(contextBar.getByRole('group', { name: 'tracemonkey.pdf' }).getByText(/\d+ × \d+ mm/)).toBeVisible({
    timeout: 30_000,
  });
  await contextBar.getByRole('button', { name: t('context.release') }).click();
  const confirm = page.getByRole('dialog', { name: t('context.releaseTitle', { index: 'A' }) });
  await confirm.getByRole('button', { name: t('context.release') }).click();
  await expect(page.getByText(t('message_version_released'))).toBeVisible();

  const contact = await server.contact(uniqueEmail('weber-vertippt'));
  const planners = start.participantfolders.find((f) => f.name === 'Fachplaner')!;
  const participant = await server.participant(project._id, contact._id, planners._id);
  const { sub } = await server.subscribePdf(a101._id, participant._id);

  const planList = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
  const planRow = planList
    .locator('div')
    .filter({ has: page.getByRole('button', { name: t('docs.dragRow', { name: 'A-101 Grundriss EG' }) }) })
    .last();
  const delivery = await server.deliver(project._id, participant._id, sub!._id);
  await expect(planRow.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible({
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
  await server.deliver(project._id, participant._id, sub!._id);
  await page
    .getByRole('tablist', { name: t('project.tabsLabel') })
    .getByRole('tab', { name: t('project.tabs.participants') })
    .click();
  await expect(row.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(bounced).toBeHidden();
});
