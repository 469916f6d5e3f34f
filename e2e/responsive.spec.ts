import { expect, test, type Page } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import {
  checkScreen,
  expectContentInside,
  expectLabelNotCut,
  expectWithinWidth,
  SCREENS,
  type ScreenName,
} from './support/responsive.ts';
import { LONG_PLAN, PROJECT, seedResponsiveScene } from './support/responsive-scene.ts';
import { officeApi } from './support/seed.ts';
import { text } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

// Every screen at the three widths: the page never scrolls sideways, what a person needs is on
// screen and works, and a screenshot of each lands in test-results/<test>/ to look at. The desktop
// run is the reference the narrower layouts are compared with.
for (const screen of ['tablet', 'phone', 'desktop'] as const satisfies readonly ScreenName[]) {
  const size = SCREENS[screen];

  test(`the public pages read on a ${screen} (${size.width} px) without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const [path, name, heading] of [
      ['/', 'landing', null],
      ['/signin', 'signin', 'signin.title'],
      ['/signup', 'signup', 'signup.title'],
      ['/forgot-password', 'forgot-password', 'forgot.title'],
      ['/reset-password/0123456789abcdef', 'reset-password', 'reset.title'],
      ['/imprint', 'imprint', 'legal.imprint'],
      ['/privacy', 'privacy', 'legal.privacy'],
      ['/terms', 'terms', 'legal.terms'],
      ['/nonexistent', 'not-found', 'notFound.title'],
    ] as const) {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { name: t(heading) }).first()).toBeVisible();
      else await expect(page.getByRole('link', { name: t('landing.signin') }).first()).toBeInViewport();
      await checkScreen(page, name);
    }
  });

  test(`the office works on a ${screen} (${size.width} px): lists, the plan's context, deliver mode, contacts, account`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const server = officeApi(page.request, await signUpOffice(page, `responsive-${screen}`));
    const scene = await seedResponsiveScene(server, page);
    await page.setViewportSize(size);

    await page.goto('/projects');
    await expect(page.getByRole('link', { name: PROJECT.number })).toBeInViewport();
    await expectNavBarFits(page, screen);
    await checkScreen(page, 'projects');
    await page.getByRole('button', { name: t('nav.openMenu') }).click();
    await expect(
      page.locator('#navigation-dashboard').getByRole('link', { name: t('dashboard.projectList'), exact: true }),
    ).toBeInViewport();
    await checkScreen(page, 'nav-dashboard');
    await page.getByRole('button', { name: t('nav.closeMenu') }).click();
    await page.goto('/projects?create=1');
    await expect(page.getByRole('dialog', { name: t('projects.dialog.title') })).toBeInViewport({ ratio: 1 });
    await checkScreen(page, 'projects-create-dialog');

    // the plan list of LP5: hints inside their rows, the plan's context within reach
    await page.goto(`/project/${scene.projectId}`);
    await expectNavBarFits(page, screen);
    await page.getByText('LP5', { exact: true }).click();
    const list = page.getByRole('region', { name: t('docs.listLabel', { phase: 'LP5' }) });
    await expect(list.getByRole('button', { name: LONG_PLAN.name, exact: true })).toBeVisible();
    const hints = list.getByRole('note');
    await expect(hints.first()).toBeVisible();
    for (const hint of await hints.all()) await expectContentInside(hint, 'empty-folder hint');
    await expect(page.getByRole('button', { name: t('deliver.enter'), exact: true })).toBeInViewport({ ratio: 1 });
    await checkScreen(page, 'project-docs');

    await list.getByRole('button', { name: 'Grundriss Erdgeschoß', exact: true }).click();
    const context = page.getByRole('complementary', {
      name: t('context.label', { name: 'A-101 Grundriss Erdgeschoß' }),
    });
    await expect(context).toBeInViewport({ ratio: 1 });
    for (const hint of await hints.all()) await expectContentInside(hint, 'empty-folder hint beside the context');
    await context.getByText(t('context.versionTabs.current'), { exact: true }).click();
    await expect(context.getByText('tracemonkey.pdf')).toBeVisible();
    await checkScreen(page, 'project-context-versions');
    const qrSquare = context.getByTestId('qr-square');
    await qrSquare.scrollIntoViewIfNeeded();
    await expect(qrSquare).toBeVisible({ timeout: 20_000 });
    await expectWithinWidth(page, context.getByTestId('qr-preview'), 'QR preview');
    await checkScreen(page, 'project-context-qr');
    await context.getByRole('tab', { name: t('context.tabs.participants') }).click();
    await expect(context.getByText('Eva Keller-Hohenstein')).toBeVisible();
    await checkScreen(page, 'project-context-participants');
    if (screen === 'tablet') {
      // beside the floating panel the list still answers: another plan takes the panel over
      await list.getByText('A-103', { exact: true }).click();
      await expect(
        page.getByRole('complementary', { name: t('context.label', { name: 'A-103 Grundriss Dachgeschoß' }) }),
      ).toBeVisible();
    }
    await page.getByRole('button', { name: t('context.close') }).click();
    await expect(page.getByRole('complementary')).toHaveCount(0);

    // every project tab is reachable by a click
    const tabs = page.getByRole('tablist', { name: t('project.tabsLabel') });
    for (const tab of ['participants', 'timeline', 'plan_grid', 'settings'] as const) {
      const button = tabs.getByRole('tab', { name: t(`project.tabs.${tab}`) });
      await expect(button).toBeInViewport({ ratio: 1 });
      await button.click();
      await expect(button).toHaveAttribute('aria-selected', 'true');
      await page.waitForLoadState('networkidle');
      await checkScreen(page, `project-${tab}`);
      if (tab === 'participants') await checkParticipants(page, screen);
      if (tab === 'timeline') {
        await page.getByRole('tab', { name: t('timeline.tabs.emails') }).click();
        await page
          .getByRole('list', { name: t('timeline.emailsListLabel') })
          .getByRole('button', { expanded: false })
          .first()
          .click();
        await checkScreen(page, 'project-timeline-emails');
      }
    }

    // deliver mode, both steps, then the delivery running
    await tabs.getByRole('tab', { name: t('project.tabs.docs') }).click();
    await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
    await expect(page.getByTestId('deliver-count-participants')).toContainText('3');
    await checkScreen(page, 'deliver-selection');
    await page.getByRole('button', { name: t('deliver.next') }).click();
    const send = page.getByRole('button', { name: t('deliver.send.button') });
    await expect(send).toBeInViewport({ ratio: 1 });
    await checkScreen(page, 'deliver-message');
    await send.click();
    await page
      .getByRole('dialog', { name: t('deliver.send.title') })
      .getByRole('button', { name: t('deliver.send.confirm') })
      .click();
    await expect(page.getByRole('region', { name: t('deliver.progress.label'), exact: true })).toBeVisible();
    await checkScreen(page, 'deliver-progress');

    await page.goto('/contacts');
    await expect(page.getByText('Keller-Hohenstein').first()).toBeVisible();
    await checkScreen(page, 'contacts');
    await page.goto('/contacts?tab=import');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'kontakte.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Vorname;Nachname;E-Mail;Firma\nAnna;Lang;anna.lang@example.org;Lang Bau GmbH\nPeter;Falsch;keine-adresse;\n',
      ),
    });
    await expect(page.getByRole('heading', { name: t('contacts.import.partlyTitle') })).toBeVisible({
      timeout: 20_000,
    });
    await checkScreen(page, 'contacts-import-report');

    for (const tab of ['user_data', 'user_plan', 'user_settings', 'change_password', 'change_email']) {
      await page.goto(`/profile/${tab}`);
      await expect(page.getByRole('tab', { name: t(`account.tabs.${tab}`) })).toHaveAttribute('aria-selected', 'true');
      await page.waitForLoadState('networkidle');
      await checkScreen(page, `account-${tab}`);
    }
    await page.goto('/roadmap');
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'roadmap');

    // what people on site open from a mail or a printed plan, without an account
    const visitor = await page
      .context()
      .browser()!
      .newContext({
        baseURL: new URL(page.url()).origin,
        locale: 'de-DE',
        viewport: size,
      });
    const site = await visitor.newPage();
    await site.goto(scene.downloadPath);
    const download = site.getByRole('button', { name: t('downloadPage.downloadFile', { name: 'tracemonkey.pdf' }) });
    await expect(download).toBeInViewport({ ratio: 1 });
    await checkScreen(site, 'download-page');
    await site.goto(scene.qrPath);
    await expect(site.getByTestId('qr-verdict')).toBeInViewport({ ratio: 1 });
    await checkScreen(site, 'qr-check');
    await visitor.close();
  });
}

/** The nav bar holds its pieces on one line: the headline keeps room to be read, nothing spills. */
async function expectNavBarFits(page: Page, screen: ScreenName) {
  const bar = page.locator('header').first().locator('> div').first();
  await expectContentInside(bar, 'nav bar');
  // The headline may end in an ellipsis, but not after a character or two.
  const headline = await bar
    .locator('h1, div.mantine-Text-root')
    .first()
    .evaluate((el) => ({ shown: el.clientWidth, full: el.scrollWidth }));
  expect
    .soft(headline.shown, 'nav headline width')
    .toBeGreaterThanOrEqual(Math.min(headline.full, SCREENS[screen].width * 0.4));
  await expect(page.getByRole('button', { name: t('nav.openMenu') })).toBeInViewport({ ratio: 1 });
  const resend = page.getByRole('button', { name: t('banner.resend') });
  await expect(resend).toBeInViewport({ ratio: 1 });
  await expectLabelNotCut(resend, 'resend button');
}

/** The participants tab: a participant's subscriptions open beside or over the list; contacts come in from there. */
async function checkParticipants(page: Page, screen: ScreenName) {
  const panel = page.getByRole('complementary', { name: t('participants.dashboard.label') });
  if (screen !== 'desktop') await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: t('participants.select', { name: 'Eva Keller-Hohenstein' }) }).click();
  await expect(panel).toBeInViewport({ ratio: 1 });
  await expect(panel.getByText(t('participants.subs.title', { name: 'Eva Keller-Hohenstein' }))).toBeVisible();
  await checkScreen(page, 'project-participant-panel');
  if (screen === 'desktop') return;
  await panel.getByRole('button', { name: t('participants.dashboard.close') }).click();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: t('participants.addContacts') }).click();
  await expect(panel.getByRole('tab', { name: t('participants.dashboard.tabs.contacts') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await checkScreen(page, 'project-participant-contacts');
  await panel.getByRole('button', { name: t('participants.dashboard.close') }).click();
}
