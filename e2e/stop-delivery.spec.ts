import { expect, test } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { fixture, hoaiPhase, officeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const RECEIVERS = 24;

interface DeliveryAnswer {
  _id: string;
  status: string;
  recipients: { participant: string; status: string }[];
}

// The e2e server sends 120 delivery mails a minute (DELIVERY_MAILS_PER_MINUTE in playwright.config.ts,
// a relay's rate limit): 24 receivers take about twelve seconds, time enough to press stop.
test('the office stops a running delivery from its progress view; receivers not yet sent stay to send', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signUpOffice(page, 'stopp');
  const server = officeApi(page.request, token);
  await server.company('Berg Architekten');
  // More receivers than FREE allows: the office buys PRO (monthly) through the documented endpoint.
  await server.call('post', '/billing/buy', { planCode: 'P1M', autoRenewBuy: false });
  const project = await server.project('2026-080', 'Schule am Park');
  const bundle = await server.bundle(project._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  const plan = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  const version = await server.version(plan._id, 'A');
  await server.upload(version._id, 'tracemonkey.pdf', fixture('tracemonkey.pdf'));
  await server.release(version._id);
  const planners = bundle.participantfolders.find((f) => f.name === 'Fachplaner')!;
  for (let i = 1; i <= RECEIVERS; i++) {
    const contact = await server.contact(uniqueEmail(`empfaenger${i}`), {
      firstName: 'Empfänger',
      lastName: String(i).padStart(2, '0'),
      company: `Büro ${i}`,
      needsPdf: true,
      needsTec: false,
    });
    const participant = await server.participant(project._id, contact._id, planners._id);
    await server.subscribePdf(plan._id, participant._id);
  }

  await page.goto(`/project/${project._id}`);
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await expect(page.getByTestId('deliver-count-participants')).toContainText(String(RECEIVERS), { timeout: 15_000 });
  await page.getByRole('button', { name: t('deliver.next') }).click();
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/delivery/participants'));
  await page
    .getByRole('dialog', { name: t('deliver.send.title') })
    .getByRole('button', { name: t('deliver.send.confirm') })
    .click();
  const deliveryId = ((await (await answer).json()) as DeliveryAnswer)._id;

  // While it runs: the stop button; pressing it ends the delivery at once.
  const progress = page.getByRole('region', { name: t('deliver.progress.label') });
  await expect(progress.getByText(t('deliver.progress.running'))).toBeVisible();
  await progress.getByRole('button', { name: t('deliver.progress.stop') }).click();
  await expect(progress.getByText(t('deliver.progress.stopped'))).toBeVisible();
  await expect(progress.getByRole('button', { name: t('deliver.progress.stop') })).toHaveCount(0);
  await expect(progress.locator('tr[data-status="PREPARING"]')).toHaveCount(0);
  const stoppedRows = progress.locator('tr[data-status="STOPPED"]');
  expect(await stoppedRows.count()).toBeGreaterThan(RECEIVERS / 2);

  // The screen agrees with the server, also once a mail that was on its way when stopped is through.
  const serverState = async () => {
    const res = await page.request.get(`/api/delivery/${deliveryId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await res.json()) as DeliveryAnswer;
  };
  await expect(async () => {
    const state = await serverState();
    const sent = state.recipients.filter((r) => r.status === 'SUCCESS').length;
    expect(await progress.locator('tr[data-status="SUCCESS"]').count()).toBe(sent);
    expect(await stoppedRows.count()).toBe(RECEIVERS - sent);
  }).toPass({ timeout: 10_000 });
  // Stopped is not 'successfully delivered': no such toast.
  await expect(page.getByText(t('message_files_delivered'))).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('delivery-stopped.png'), fullPage: true });

  // Those not sent are still to send (RED), those sent are GREEN.
  const stopped = await stoppedRows.count();
  const subs = (await server.call<{ subs: { state: { deliver: string } }[] }>('get', `/project/${project._id}`)).subs;
  expect(subs.filter((s) => s.state.deliver === 'RED')).toHaveLength(stopped);
  expect(subs.filter((s) => s.state.deliver === 'GREEN')).toHaveLength(RECEIVERS - stopped);
  await progress.getByRole('button', { name: t('deliver.progress.close') }).click();
  await expect(page.getByRole('button', { name: t('deliver.send.button') })).toHaveCount(0);
});
