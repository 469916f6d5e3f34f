import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { officeApi, openPlan, seedPlanProject, seedSubscriber, uploadAndRelease } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
/** The person signUpOffice signs up: the timeline names her as the one who acted. */
const ANNA = 'Anna Berg';
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

test('the timeline lists what happened to the plans, filters by plan and resets when left', async ({ page }) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'timeline'));
  const scene = await seedPlanProject(server, { number: '2026-031', name: 'Kita Sonnenhof' }, [
    { number: 'A-101', name: 'Grundriss EG' },
    { number: 'A-102', name: 'Grundriss OG' },
  ]);
  const { project } = scene;
  await server.newParticipant(project._id, scene.planners._id, uniqueEmail('weber'));

  // the PDF of index A through the drop zone's file chooser, then release it
  const contextBar = await openPlan(page, project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await uploadAndRelease(page, contextBar);

  // the timeline: newest first, a sentence per event, who and when
  await page.getByRole('tab', { name: t('project.tabs.timeline') }).click();
  await expect(page.getByRole('tab', { name: t('timeline.tabs.docs'), exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const events = page.getByRole('list', { name: t('timeline.docsListLabel') });
  const released = events.getByRole('listitem').filter({
    hasText: t('timeline.byActor.versionReleased', { actor: ANNA, index: 'A', doc: 'A-101 Grundriss EG' }),
  });
  await expect(released).toBeVisible();
  await expect(released).toContainText('Anna Berg');
  await expect(released).toContainText(/\d{1,2}\.\d{1,2}\.\d{4} \d{2}:\d{2}/);
  await expect(
    events.getByText(t('timeline.byActor.fileUploaded', { actor: ANNA, filename: 'tracemonkey.pdf' })),
  ).toBeVisible();
  await expect(
    events.getByText(t('timeline.byActor.participantAdded', { actor: ANNA, participant: 'Jonas Weber' })),
  ).toBeVisible();
  await expect(
    events.getByText(t('timeline.byActor.docCreatedPlan', { actor: ANNA, doc: 'A-102 Grundriss OG' })),
  ).toBeVisible();
  await expect(events.getByRole('listitem').first()).toContainText(
    t('timeline.byActor.versionReleased', { actor: ANNA, index: 'A', doc: 'A-101 Grundriss EG' }),
  );
  await page.screenshot({ path: path.join(SHOTS, 'timeline-docs.png') });

  // filter by the plan A-101: A-102's events are gone
  await page.getByRole('tab', { name: t('timeline.filter.tabs.docs'), exact: true }).click();
  await page.getByRole('combobox', { name: t('timeline.filter.select.docs') }).click();
  await page.getByRole('option', { name: 'A-101 Grundriss EG' }).click();
  await page.keyboard.press('Escape');
  await expect(
    events.getByText(t('timeline.byActor.docCreatedPlan', { actor: ANNA, doc: 'A-102 Grundriss OG' })),
  ).toBeHidden();
  await expect(
    events.getByText(t('timeline.byActor.docCreatedPlan', { actor: ANNA, doc: 'A-101 Grundriss EG' })),
  ).toBeVisible();
  await expect(
    events.getByText(t('timeline.byActor.fileUploaded', { actor: ANNA, filename: 'tracemonkey.pdf' })),
  ).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'timeline-filtered.png') });

  // leaving the tab resets the filter
  await page.getByRole('tab', { name: t('project.tabs.participants') }).click();
  await page.getByRole('tab', { name: t('project.tabs.timeline') }).click();
  await expect(
    events.getByText(t('timeline.byActor.docCreatedPlan', { actor: ANNA, doc: 'A-102 Grundriss OG' })),
  ).toBeVisible();

  // no e-mails sent yet
  await page.getByRole('tab', { name: t('timeline.tabs.emails'), exact: true }).click();
  await expect(page.getByText(t('timeline.empty.emailsTitle'))).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'timeline-emails-empty.png') });
});

test('an e-mail in the timeline shows its whole subject and its cover message to the last line, at 820 px too', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'timeline-mail'));
  const projectName = 'Neubau Wohn- und Geschäftshaus Lindenstraße mit Tiefgarage';
  const scene = await seedPlanProject(server, { number: '2026-077', name: projectName }, [
    { number: 'A-101', name: 'Grundriss EG' },
    { number: 'A-102', name: 'Grundriss OG' },
  ]);
  // A-101's index A is prepared without a file; A-102 goes out released
  const a102 = scene.docs[1]!;
  await server.releasedVersion(a102._id, 'A');
  const { participant, sub } = await seedSubscriber(server, scene, a102._id, uniqueEmail('weber'));
  const subject = `Projekt: 2026-077 | ${projectName}`;
  const lastLine = 'Mit freundlichen Grüßen, Anna Berg – Berg Architekten PartG mbB';
  const message = [
    'Guten Tag Herr Weber,',
    'anbei erhalten Sie den freigegebenen Grundriss des Erdgeschosses im Index A zur Abstimmung der Tragwerksplanung.',
    'Bitte prüfen Sie insbesondere die Lage der Stützen im Bereich der Tiefgaragenzufahrt und geben Sie uns bis Freitag Bescheid.',
    'Die Änderungen gegenüber dem Vorabzug sind in der Planänderungsliste vermerkt.',
    lastLine,
  ].join('\n');
  await server.deliver(scene.project._id, participant._id, sub._id, { subject, userMessage: message });

  for (const [width, height] of [
    [1440, 900],
    [820, 1180],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/project/${scene.project._id}?tab=timeline`);
    await page.getByRole('tab', { name: t('timeline.tabs.emails'), exact: true }).click();
    const card = page
      .getByRole('list', { name: t('timeline.emailsListLabel') })
      .getByRole('listitem')
      .first();
    // the subject whole: not cut to 'Projekt: …'
    const shownSubject = card.getByText(subject, { exact: true });
    await expect(shownSubject).toBeVisible();
    const subjectCut = await shownSubject.evaluate(
      (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    );
    expect(subjectCut, `subject cut at ${width} px`).toBe(false);
    await card.getByRole('button', { expanded: false }).first().click();
    // the cover message to its last line: one longer than its box (a narrow screen wraps more lines)
    // says so and opens whole
    const last = card.getByText(lastLine);
    await expect(last).toBeAttached();
    const whole = card.getByRole('button', { name: t('timeline.email.messageWhole') });
    if (width < 1440) await expect(whole).toBeVisible();
    if (await whole.isVisible()) await whole.click();
    await expect(card.getByRole('button', { name: t('timeline.email.messageWhole') })).toHaveCount(0);
    await expect(last).toBeVisible();
    const box = await last.evaluate((el) => {
      const frame = el.parentElement!;
      return { scroll: frame.scrollHeight, client: frame.clientHeight };
    });
    expect(box.scroll, `message cut at ${width} px`).toBeLessThanOrEqual(box.client + 1);
    await expect(last).toBeInViewport();
    await page.screenshot({ path: path.join(SHOTS, `timeline-email-${width}.png`), fullPage: true });
  }
});
