import { expect, type Page } from '@playwright/test';
import { hoaiPhase, type OfficeApi } from './seed.ts';
import { text, uniqueEmail } from './texts.ts';

const t = (key: string) => text('de', key);

export interface DeliveryAnswer {
  _id: string;
  status: string;
  recipients: { participant: string; status: string }[];
}

/**
 * A PRO office's project whose plan A-101 (index A, a real PDF) goes to `count` receivers
 * ('Empfänger 01' …), each subscribed to its PDF. PRO: FREE allows five participants only.
 */
export async function seedPlanWithReceivers(
  server: OfficeApi,
  project: { number: string; name: string },
  count: number,
) {
  await server.company('Berg Architekten');
  await server.call('post', '/billing/buy', { planCode: 'P1M', autoRenewBuy: false });
  const created = await server.project(project.number, project.name);
  const bundle = await server.bundle(created._id);
  const folder = await server.folder(hoaiPhase(bundle, 5)._id, 'Grundrisse');
  const plan = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.releasedVersion(plan._id, 'A');
  const planners = bundle.participantfolders.find((f) => f.name === 'Fachplaner')!;
  for (let i = 1; i <= count; i++) {
    const contact = await server.contact(uniqueEmail(`empfaenger${i}`), {
      firstName: 'Empfänger',
      lastName: String(i).padStart(2, '0'),
      company: `Büro ${i}`,
      needsPdf: true,
      needsTec: false,
    });
    const participant = await server.participant(created._id, contact._id, planners._id);
    await server.subscribePdf(plan._id, participant._id);
  }
  return created;
}

/** Opens the project, enters deliver mode with every RED receiver selected and sends; answers the delivery's id. */
export async function sendFromDeliverMode(page: Page, projectId: string, receivers: number): Promise<string> {
  await page.goto(`/project/${projectId}`);
  await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
  await expect(page.getByTestId('deliver-count-participants')).toContainText(String(receivers), { timeout: 15_000 });
  await page.getByRole('button', { name: t('deliver.next') }).click();
  await page.getByRole('button', { name: t('deliver.send.button') }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/delivery/participants'));
  await page
    .getByRole('dialog', { name: t('deliver.send.title') })
    .getByRole('button', { name: t('deliver.send.confirm') })
    .click();
  return ((await (await answer).json()) as DeliveryAnswer)._id;
}

/** GET /api/delivery/:id with the office's token, as the server has it. */
export async function deliveryState(page: Page, token: string, deliveryId: string): Promise<DeliveryAnswer> {
  const res = await page.request.get(`/api/delivery/${deliveryId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as DeliveryAnswer;
}
