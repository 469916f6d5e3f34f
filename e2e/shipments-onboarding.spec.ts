import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { officeApi, openPlan, seedPlanProject, uploadAndRelease } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
/** The person signUpOffice signs up: the timeline names her as the one who acted. */
const ANNA = 'Anna Berg';
const SHOTS = process.env.E2E_SHOTS ?? path.resolve(import.meta.dirname, '../test-results');
const ROOT = path.resolve(import.meta.dirname, '..');

/** The operator's command on the running server's embedded database (the e2e DATA_DIR). */
async function adminBeta(email: string, mode: 'on' | 'off') {
  await promisify(execFile)('npx', ['tsx', 'apps/server/src/admin/beta-cli.ts', email, mode], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
}

const projectTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: t('project.tabsLabel') }).getByRole('tab', { name });

test('a new office sees and mutes the onboarding hints, then records a courier shipment of a delivered plan', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = officeApi(page.request, await signUpOffice(page, 'kurier'));
  await server.company('Berg Architekten');
  const scene = await seedPlanProject(server, { number: '2026-050', name: 'Wohnhaus Berg' });
  const { project } = scene;
  const a101 = scene.docs[0]!;

  // gotoParticipantList: the plan's 'Beteiligte' while the project has nobody
  const contextBar = await openPlan(page, project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await contextBar.getByRole('tab', { name: t('context.tabs.participants') }).click();
  const gotoHint = contextBar.getByRole('note', { name: t('onboarding.gotoParticipants.title') });
  await expect(gotoHint).toBeVisible();
  await contextBar.screenshot({ path: path.join(SHOTS, 'onboarding-goto-participants.png') });
  await gotoHint.getByRole('link', { name: t('onboarding.gotoParticipants.action') }).click();
  await expect(page).toHaveURL(/[?&]tab=participants/);

  // receiverDashboardContacts: the picker of an office without contacts points to the import
  const dashboard = page.getByRole('complementary', { name: t('participants.dashboard.label') });
  const importHint = dashboard.getByRole('note', { name: t('onboarding.importContacts.title') });
  await expect(importHint).toBeVisible();
  await expect(importHint.getByRole('link', { name: t('onboarding.importContacts.action') })).toHaveAttribute(
    'href',
    '/contacts?tab=import',
  );
  await page.screenshot({ path: path.join(SHOTS, 'onboarding-import-contacts.png') });
  await importHint.getByRole('button', { name: t('onboarding.mute') }).click();
  await expect(importHint).toBeHidden();
  await expect(dashboard.getByText(t('participants.picker.noContactsAvailable'))).toBeVisible();

  // back on the plan: mute the participants hint too; the quiet empty state stays
  await projectTab(page, t('project.tabs.docs')).click();
  await page.getByText('LP5', { exact: true }).click();
  await page.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
  await contextBar.getByRole('tab', { name: t('context.tabs.participants') }).click();
  await gotoHint.getByRole('button', { name: t('onboarding.mute') }).click();
  await expect(gotoHint).toBeHidden();
  await expect(contextBar.getByText(t('subscriptions.noParticipantsTitle'))).toBeVisible();

  // docAddReceiver: a participant exists, but nobody receives this plan yet
  const contact = await server.contact(uniqueEmail('weber'));
  const participant = await server.participant(project._id, contact._id, scene.planners._id);
  const receiverHint = contextBar.getByRole('note', { name: t('onboarding.addReceiver.title') });
  await expect(receiverHint).toBeVisible();
  await contextBar.screenshot({ path: path.join(SHOTS, 'onboarding-add-receiver.png') });
  await receiverHint.getByRole('button', { name: t('onboarding.mute') }).click();
  await expect(receiverHint).toBeHidden();

  // the mute flags are stored on the user: after a reload every hint stays away
  expect((await server.user()).onboardingMuted).toMatchObject({
    gotoParticipantList: true,
    receiverDashboardContacts: true,
    docAddReceiver: true,
  });
  await page.reload();
  await page.getByText('LP5', { exact: true }).click();
  await page.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
  await contextBar.getByRole('tab', { name: t('context.tabs.participants') }).click();
  await expect(
    contextBar.getByRole('checkbox', { name: t('subscriptions.pdfFor', { name: 'Jonas Weber' }) }),
  ).toBeVisible();
  await expect(receiverHint).toBeHidden();

  // index A with its PDF, released, subscribed and delivered to Jonas Weber
  await contextBar.getByRole('tab', { name: t('context.tabs.versions') }).click();
  await uploadAndRelease(page, contextBar);
  const { sub } = await server.subscribePdf(a101._id, participant._id);
  await server.deliver(project._id, participant._id, sub!._id, { subject: 'Projekt: 2026-050 | Wohnhaus Berg' });
  const planList = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
  await expect(planList.getByRole('img', { name: t('subscriptions.deliver.GREEN'), exact: true })).toBeVisible({
    timeout: 20_000,
  });

  // courier shipments are a beta feature: hidden until an operator flags the account
  const openParticipant = async () => {
    await projectTab(page, t('project.tabs.participants')).click();
    await page
      .locator('[data-participant]')
      .filter({ hasText: 'Jonas Weber' })
      .getByRole('button', { name: t('participants.select', { name: 'Jonas Weber' }) })
      .click();
    await expect(dashboard.getByText(t('participants.subs.title', { name: 'Jonas Weber' }))).toBeVisible();
  };
  await openParticipant();
  const shipments = dashboard.getByRole('region', { name: t('shipments.title') });
  await expect(dashboard.getByText(t('shipments.title'), { exact: true })).toBeHidden();
  await adminBeta((await server.user()).email, 'on');
  await page.reload();
  await openParticipant();
  await expect(shipments).toBeVisible();
  await expect(shipments.getByText(t('beta.badge'), { exact: true })).toBeVisible();

  // the receiver's needs are saved at once
  await shipments.getByRole('checkbox', { name: t('shipments.needs.pdf') }).click();
  await expect(page.getByText(t('shipments.saved')).first()).toBeVisible();
  await expect(shipments.getByRole('checkbox', { name: t('shipments.needs.pdf') })).toBeChecked();
  await shipments.getByRole('checkbox', { name: t('shipments.needs.selfPlots') }).click();
  const selfPlots = shipments.getByRole('textbox', { name: t('shipments.needs.selfPlotsShipped') });
  await selfPlots.fill('2');
  await selfPlots.blur();
  await expect
    .poll(
      async () =>
        (await server.call<{ needs: Record<string, unknown> }>('get', `/participant/${participant._id}/shipments`))
          .needs,
    )
    .toMatchObject({ needsPdf: true, needsSelfPlots: true, selfPlotsShipped: 2 });

  // a shipment without courier is refused next to the field, then saved with it
  await expect(shipments.getByRole('combobox', { name: t('shipments.form.version') })).toHaveValue(
    'A-101 Grundriss EG · Index A',
  );
  await shipments.getByLabel(t('shipments.form.quantity')).fill('3');
  await shipments.getByRole('button', { name: t('shipments.form.save') }).click();
  await expect(shipments.getByText(t('msg.shipment.courier_required'))).toBeVisible();
  await shipments.getByLabel(t('shipments.form.courier')).fill('DHL Express');
  await shipments.getByLabel(t('shipments.form.trackingId')).fill('JD014600006281230');
  await shipments.getByRole('button', { name: t('shipments.form.save') }).click();
  const saved = shipments.getByRole('listitem').filter({ hasText: 'JD014600006281230' });
  await expect(saved).toContainText(t('shipments.line', { quantity: '3', doc: 'A-101 Grundriss EG', index: 'A' }));
  await expect(saved).toContainText('DHL Express');
  await dashboard.screenshot({ path: path.join(SHOTS, 'shipments-participant-panel.png') });

  // corrected in place: four copies, not three
  await saved.getByRole('button', { name: t('shipments.edit') }).click();
  await shipments
    .getByRole('textbox', { name: t('shipments.form.quantity') })
    .last()
    .fill('4');
  await shipments.getByRole('button', { name: t('shipments.form.saveEdit') }).click();
  await expect(saved).toContainText(t('shipments.line', { quantity: '4', doc: 'A-101 Grundriss EG', index: 'A' }));

  // the shipment in the project's timeline
  await projectTab(page, t('project.tabs.timeline')).click();
  await expect(
    page.getByText(
      t('timeline.byActor.shipmentRecorded', {
        actor: ANNA,
        quantity: '3',
        doc: 'A-101 Grundriss EG',
        index: 'A',
        courier: 'DHL Express',
        participant: 'Jonas Weber',
      }),
    ),
  ).toBeVisible();
  const changed = t('timeline.byActor.shipmentUpdated', {
    actor: ANNA,
    quantity: '4',
    doc: 'A-101 Grundriss EG',
    index: 'A',
    courier: 'DHL Express',
    participant: 'Jonas Weber',
  });
  await expect(page.getByText(changed)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'shipments-timeline.png') });

  // deleted after the question; the list says there is none
  await openParticipant();
  await saved.getByRole('button', { name: t('shipments.delete') }).click();
  await page
    .getByRole('dialog', { name: t('shipments.deleteTitle') })
    .getByRole('button', { name: t('common.delete') })
    .click();
  await expect(page.getByText(t('shipments.deleted'))).toBeVisible();
  await expect(shipments.getByText(t('shipments.empty'))).toBeVisible();

  // and the flag off again hides the section
  await adminBeta((await server.user()).email, 'off');
  await page.reload();
  await openParticipant();
  await expect(dashboard.getByText(t('shipments.title'), { exact: true })).toBeHidden();
});
