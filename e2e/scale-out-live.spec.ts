import { expect, request as playwrightRequest, test } from '@playwright/test';
import { officeApi, planRow, seedPlanProject } from './support/seed.ts';
import { signUpOfficeAs } from './support/office.ts';
import { startRoundRobin, startSecondServer } from './support/second-server.ts';
import { uniqueEmail } from './support/texts.ts';

/**
 * README "Running on several machines": two web processes on one database behind a plain
 * round-robin balancer (no sticky sessions). The browser talks only to the balancer; a change made
 * through either process reaches the open plan list live, whichever process holds its socket.
 */
test('behind a round-robin balancer over two server processes, the open plan list shows changes made through either process live', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const a = baseURL!;
  const b = await startSecondServer(a);
  const balancer = await startRoundRobin([a, b.url]);
  const context = await browser.newContext({ baseURL: balancer.url });
  try {
    const page = await context.newPage();
    const email = uniqueEmail('zwei-server');
    const office = officeApi(page.request, await signUpOfficeAs(page, email));
    const scene = await seedPlanProject(office, { number: '2026-090', name: 'Zwei Server' });

    await page.goto(`/project/${scene.project._id}`);
    await page.getByText('LP5', { exact: true }).click();
    await expect(planRow(page, 'LP5', 'Grundriss EG')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('plankurier.token'));

    for (const [origin, number, name] of [
      [a, 'A-102', 'Grundriss OG'],
      [b.url, 'A-103', 'Grundriss DG'],
    ] as const) {
      const direct = await playwrightRequest.newContext({ baseURL: origin });
      try {
        await officeApi(direct, token!).doc(scene.folder._id, number, name);
      } finally {
        await direct.dispose();
      }
      await expect(planRow(page, 'LP5', name), `${number} made through ${origin}`).toBeVisible();
    }
    // the balancer really spread the browser's connections over both processes
    expect(balancer.connections().every((n) => n > 0)).toBe(true);
  } finally {
    await context.close();
    await balancer.stop();
    await b.stop();
  }
});
