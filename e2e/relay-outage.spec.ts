import { expect, test } from '@playwright/test';
import { formatTime } from '@plankurier/shared';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { seedPlanWithReceivers, type DeliveryAnswer } from './support/delivery.ts';
import { startOwnInstallation } from './support/own-installation.ts';
import { checkScreen, SCREENS } from './support/responsive.ts';
import { officeApi } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);
const RECEIVERS = 2;

interface Waiting extends DeliveryAnswer {
  recipients: { participant: string; status: string; retry: { reason: string; nextAttemptAt: string } | null }[];
}

// An installation of its own that mails through a real SMTP relay (the run's server writes to the
// outbox): the relay refuses every connection (421) while the office sends, then comes back.
test('while the mail server cannot be reached the running delivery says so, with its next attempt, and the mails go once it is back', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const relay = await startSmtpSink();
  const own = await startOwnInstallation({ SMTP_URL: relay.url });
  const request = await playwright.request.newContext({ baseURL: own.url });
  try {
    const signUp = await request.post('/api/user', {
      data: {
        email: uniqueEmail('relais'),
        password: 'geheim123',
        firstName: 'Anna',
        lastName: 'Berg',
        company: 'Berg Architekten',
      },
    });
    expect(signUp.status()).toBe(201);
    const { token, email } = (await signUp.json()) as { token: string; email: string };
    // The account confirms its address first: an unconfirmed one mails nobody but itself.
    const welcome = await relay.waitFor((m) => m.envelopeTo.includes(email));
    const code = /\/user\/validate\/([A-Za-z0-9_-]+)/.exec(welcome.parsed.text ?? '')?.[1];
    expect((await request.post('/api/user/validate', { data: { validationCode: code } })).status()).toBe(200);
    const server = officeApi(request, token);
    const project = await seedPlanWithReceivers(server, { number: '2026-099', name: 'Rathaus Süd' }, RECEIVERS);

    await page.goto(`${own.url}/`);
    await page.evaluate((value) => localStorage.setItem('plankurier.token', value), token);
    await page.goto(`${own.url}/project/${project._id}`);
    await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
    await expect(page.getByTestId('deliver-count-participants')).toContainText(String(RECEIVERS), {
      timeout: 15_000,
    });
    await page.getByRole('button', { name: t('deliver.next') }).click();

    relay.outage({ refuse: { code: 421, message: 'Service not available, closing transmission channel' } });
    await page.getByRole('button', { name: t('deliver.send.button') }).click();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/delivery/participants'));
    await page
      .getByRole('dialog', { name: t('deliver.send.title') })
      .getByRole('button', { name: t('deliver.send.confirm') })
      .click();
    const deliveryId = ((await (await answer).json()) as DeliveryAnswer)._id;

    // The server has every receiver waiting for the relay, each with its next attempt …
    const headers = { Authorization: `Bearer ${token}` };
    let waiting: Waiting | undefined;
    await expect
      .poll(
        async () => {
          waiting = (await (await request.get(`/api/delivery/${deliveryId}`, { headers })).json()) as Waiting;
          return waiting.recipients.filter((r) => r.retry?.reason === 'relay_unreachable').length;
        },
        { timeout: 30_000 },
      )
      .toBe(RECEIVERS);
    // … and the screen says so above the list (the earliest next attempt) and per receiver, in the
    // browser's zone (the journeys run in Europe/Berlin). A retry may fire between a reading of the
    // server and a look at the screen (it moves the next attempt on): each try reads both again.
    const at = (iso: string) => formatTime(iso, { timeZone: 'Europe/Berlin' });
    const progress = page.getByRole('region', { name: t('deliver.progress.label') });
    await expect(async () => {
      waiting = (await (await request.get(`/api/delivery/${deliveryId}`, { headers })).json()) as Waiting;
      const attempts = waiting.recipients.map((r) => r.retry?.nextAttemptAt ?? '').sort();
      expect(attempts.every(Boolean)).toBe(true);
      await expect(progress.getByRole('status')).toHaveText(
        t('deliver.retry.relay_unreachable', { time: at(attempts[0]!) }),
        { timeout: 2_000 },
      );
      for (const next of attempts) {
        await expect(
          progress
            .getByRole('row')
            .getByText(t('deliver.retry.relay_unreachable', { time: at(next) }))
            .first(),
        ).toBeVisible({ timeout: 2_000 });
      }
    }).toPass({ timeout: 30_000 });
    await checkScreen(page, 'relay-outage');
    await page.setViewportSize(SCREENS.phone);
    await checkScreen(page, 'relay-outage');
    await page.setViewportSize(SCREENS.desktop);

    relay.recover();
    await expect(progress.getByText(t('deliver.progress.summary'))).toBeVisible({ timeout: 45_000 });
    await expect(progress.locator('tr[data-status="SUCCESS"]')).toHaveCount(RECEIVERS);
    await expect(progress.getByRole('status')).toHaveCount(0);
    expect(relay.messages.filter((m) => m.parsed.subject?.startsWith('Projekt: '))).toHaveLength(RECEIVERS);
  } finally {
    // The page's live connection would hold the installation's graceful stop open.
    await page.close();
    await request.dispose();
    await test.step('stop the installation', () => own.stop());
    await test.step('stop the relay', () => relay.close());
  }
});
