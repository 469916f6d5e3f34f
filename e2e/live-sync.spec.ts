import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { cuttableLiveSocket } from './support/live-socket.ts';
import { signUpOfficeAs } from './support/office.ts';
import { officeApi, seedPlanProject } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);

/** What a session shows of a tab: its text and every label its dots and icons carry. */
async function shown(page: Page, tab: 'docs' | 'participants') {
  // The project's own tab (the context bar, when open, has a tab of the same name).
  const panel = page.getByRole('tabpanel', { name: t(`project.tabs.${tab}`) }).first();
  return panel.evaluate((root) => {
    const labels = Array.from(root.querySelectorAll('[aria-label]'), (e) => e.getAttribute('aria-label'));
    return `${(root as HTMLElement).innerText}\n${labels.join('\n')}`;
  });
}

/** The personal link of the newest mail to `address` in the development mailbox, as its token. */
async function linkTokenTo(api: APIRequestContext, address: string): Promise<string> {
  const list = await (await api.get('/dev/outbox')).text();
  const row = list.split('<tr>').find((r) => r.includes(address));
  const name = /href="\/dev\/outbox\/([^"]+)"/.exec(row ?? '')?.[1];
  expect(name, `a mail to ${address}`).toBeTruthy();
  const mail = await (await api.get(`/dev/outbox/${name}`)).text();
  return /\/d\/([A-Za-z0-9_-]{20,})/.exec(mail)![1]!;
}

/**
 * Issue 15: two sessions of one office keep the open project from live changes alone. A colleague's
 * scripted working day — new plans, uploads and releases, renames, subscriptions, deliveries and the
 * recipients' downloads, at least 200 numbered changes — reaches both without one read of the whole
 * project, and both show the same as a fresh load.
 */
test('two sessions of one office stay identical through 200 changes without reading the project again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const first = await browser.newContext();
  const pageA = await first.newPage();
  const token = await signUpOfficeAs(pageA, uniqueEmail('live'));
  const second = await browser.newContext();
  await second.addInitScript((value) => localStorage.setItem('plankurier.token', value), token);
  const pageB = await second.newPage();
  const script = await playwrightRequest.newContext({ baseURL });
  const colleague = officeApi(script, token);
  try {
    const scene = await seedPlanProject(colleague, { number: '2026-150', name: 'Live' }, [
      { number: 'A-101', name: 'Grundriss EG' },
      { number: 'A-102', name: 'Grundriss OG' },
      { number: 'A-103', name: 'Schnitt A-A' },
    ]);
    const participants: { id: string; email: string }[] = [];
    for (let i = 1; i <= 3; i++) {
      const email = uniqueEmail(`fachplaner${i}`);
      const contact = await colleague.newParticipant(scene.project._id, scene.planners._id, email, {
        firstName: 'Planer',
        lastName: String(i),
        company: `Büro ${i}`,
      });
      participants.push({ id: (contact as unknown as { participantId: string }).participantId, email });
    }

    const projectLoads = { A: 0, B: 0 };
    const catchUps = { A: 0, B: 0 };
    for (const [name, page] of [
      ['A', pageA],
      ['B', pageB],
    ] as const) {
      await page.goto(`/project/${scene.project._id}`);
      await page.getByText('LP5', { exact: true }).click();
      await expect(page.getByRole('button', { name: t('docs.dragRow', { name: 'Grundriss EG' }) })).toBeVisible();
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (req.method() !== 'GET') return;
        if (url.pathname === `/api/project/${scene.project._id}`) projectLoads[name]++;
        if (url.pathname === `/api/project/${scene.project._id}/changes`) catchUps[name]++;
      });
    }

    const seqOf = async () =>
      (await colleague.call<{ changeSeq: number }>('get', `/project/${scene.project._id}`)).changeSeq;
    const start = await seqOf();
    const docs = scene.docs.map((d) => d._id);
    const subscribed = new Map<string, boolean>();
    const released = new Map<string, number>();
    let step = 0;
    while ((await seqOf()) - start < 200) {
      step++;
      const doc = docs[step % docs.length]!;
      const who = participants[step % participants.length]!;
      switch (step % 6) {
        case 0: {
          const created = await colleague.doc(scene.folder._id, `A-${200 + step}`, `Plan ${step}`);
          docs.push(created._id);
          break;
        }
        case 1: {
          // The first plan has index A in preparation (the scene's): the others get their indexes A, B, …
          const plan = docs[1 + (step % (docs.length - 1))]!;
          const index = released.get(plan) ?? 0;
          await colleague.releasedVersion(plan, String.fromCharCode(65 + index));
          released.set(plan, index + 1);
          break;
        }
        case 2:
        case 3: {
          const key = `${doc}:${who.id}`;
          const on = !subscribed.get(key);
          await colleague.subscribe(doc, who.id, on, false);
          subscribed.set(key, on);
          break;
        }
        case 4:
          await colleague.call('put', `/doc/${doc}`, { name: `Plan ${step}` });
          break;
        case 5: {
          // What the participant gets of plans with a released index goes out; the recipient downloads the ZIP.
          const bundle = await colleague.call<{
            subs: { _id: string; doc: string; participant: string }[];
            docs: { _id: string; currentVersion: string | null }[];
          }>('get', `/project/${scene.project._id}`);
          const current = new Set(bundle.docs.filter((d) => d.currentVersion).map((d) => d._id));
          const ids = bundle.subs.filter((s) => s.participant === who.id && current.has(s.doc)).map((s) => s._id);
          if (ids.length === 0) break;
          await colleague.deliver(scene.project._id, who.id, ids, { subject: `Pläne ${step}` });
          const link = await linkTokenTo(script, who.email);
          const ticket = await script.post(`/api/d/${link}/zip/link`);
          expect(ticket.ok()).toBe(true);
          const zip = await script.get(((await ticket.json()) as { url: string }).url);
          expect(zip.ok()).toBe(true);
          break;
        }
      }
    }
    const changes = (await seqOf()) - start;
    console.log(
      `live sync: ${changes} changes in ${step} steps, project loads ${JSON.stringify(projectLoads)}, catch-ups ${JSON.stringify(catchUps)}`,
    );

    // Both sessions show the same, and what a fresh load shows: a third session opened now.
    const third = await browser.newContext();
    await third.addInitScript((value) => localStorage.setItem('plankurier.token', value), token);
    const pageC = await third.newPage();
    await pageC.goto(`/project/${scene.project._id}`);
    await pageC.getByText('LP5', { exact: true }).click();
    for (const tab of ['docs', 'participants'] as const) {
      for (const page of [pageA, pageB, pageC]) {
        await page.getByRole('tab', { name: t(`project.tabs.${tab}`) }).click();
      }
      await expect(async () => {
        const fresh = await shown(pageC, tab);
        expect(await shown(pageA, tab)).toBe(fresh);
        expect(await shown(pageB, tab)).toBe(fresh);
      }).toPass({ timeout: 30_000 });
    }
    await third.close();

    expect(changes).toBeGreaterThanOrEqual(200);
    expect(projectLoads, `${changes} changes, catch-ups ${JSON.stringify(catchUps)}`).toEqual({ A: 0, B: 0 });
  } finally {
    await script.dispose();
    await first.close();
    await second.close();
  }
});

/**
 * A session whose network dropped (a laptop closed, the site's mobile network) gets what changed
 * meanwhile by rows once its live socket is back, as after a missed event: the browser's coming
 * back online does not read the whole project besides (for a big one megabytes, in every open
 * session of the office at once after a blip of its network).
 */
test('a session back online after half a minute away catches up by rows, without reading the whole project', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Time runs as usual, and jumps over the time away: the project counts as old by then (30 s).
  await page.clock.install();
  const socket = await cuttableLiveSocket(page);
  const token = await signUpOfficeAs(page, uniqueEmail('funkloch'));
  // The colleague works from elsewhere: the page's network going away does not touch them.
  const script = await playwrightRequest.newContext({ baseURL });
  const colleague = officeApi(script, token);
  const scene = await seedPlanProject(colleague, { number: '2026-151', name: 'Baustelle' }, [
    { number: 'A-101', name: 'Grundriss EG' },
    { number: 'A-102', name: 'Grundriss OG' },
  ]);
  await page.goto(`/project/${scene.project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await expect(page.getByRole('button', { name: t('docs.dragRow', { name: 'A-102 Grundriss OG' }) })).toBeVisible();
  const reads = { project: 0, changes: 0 };
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.method() !== 'GET') return;
    if (path === `/api/project/${scene.project._id}`) reads.project++;
    if (path === `/api/project/${scene.project._id}/changes`) reads.changes++;
  });

  // Away: no network for the page, its socket cut, and no new one gets through.
  await context.setOffline(true);
  await socket.cut();
  // Meanwhile a colleague renames a plan and releases another's index: the events do not reach the page.
  await colleague.call('put', `/doc/${scene.docs[1]!._id}`, { name: 'Grundriss OG mit Dachterrasse' });
  await colleague.releasedVersion(scene.docs[1]!._id, 'A');
  await page.clock.fastForward('00:31');
  await expect(page.getByText('Grundriss OG mit Dachterrasse')).toHaveCount(0);

  // Back: the socket signs in again and reads what changed since the page's number.
  await socket.restore();
  await context.setOffline(false);
  await expect(page.getByText('Grundriss OG mit Dachterrasse')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('button', { name: t('docs.dragRow', { name: 'A-102 Grundriss OG mit Dachterrasse' }) }),
  ).toBeVisible();
  expect(reads.project, 'whole-project reads after coming back').toBe(0);
  expect(reads.changes, 'reads of what changed').toBeGreaterThan(0);
  await script.dispose();
});
