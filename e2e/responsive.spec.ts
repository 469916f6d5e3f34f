import { expect, test, type Locator, type Page } from '@playwright/test';
import { confirmAccount, officeCall, raiseTier, signUpOfficeAs } from './support/office.ts';
import {
  checkScreen,
  expectContentInside,
  expectLabelNotCut,
  expectTouchTarget,
  expectWithinWidth,
  ownDevice,
  SCREENS,
  type ScreenName,
} from './support/responsive.ts';
import { EVA_PHONE, LONG_PLAN, PROJECT, seedResponsiveScene, seedTeamScene } from './support/responsive-scene.ts';
import { officeApi } from './support/seed.ts';
import { acceptAsNewPerson, openInvitationMail } from './support/team.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string | number>) => text('de', key, values);

// Every screen at the four widths: the page never scrolls sideways (a phone's not even at 360 px),
// what a person needs is on screen and works, a phone's main actions are finger-sized, and a
// screenshot of each lands in test-results/<test>/ to look at. The desktop run is the reference the
// narrower layouts are compared with.
for (const screen of ['tablet', 'phone', 'laptop', 'desktop'] as const satisfies readonly ScreenName[]) {
  const size = SCREENS[screen];
  const phone = screen === 'phone';
  // Below the desktop the context bar and the receiver dashboard float over the list as a sheet.
  const floating = screen !== 'desktop';

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
    const email = uniqueEmail(`responsive-${screen}`);
    const server = officeApi(page.request, await signUpOfficeAs(page, email));
    const scene = await seedResponsiveScene(server, page);
    // unconfirmed for the look at the lists, as after a real sign-up: the nav bar carries the banner's resend button too
    await confirmAccount(email, false);
    await page.setViewportSize(size);

    await page.goto('/projects');
    await expect(page.getByRole('link', { name: PROJECT.number })).toBeInViewport();
    await expectNavBarFits(page, screen);
    if (phone) await expectTouchTarget(page.getByRole('link', { name: t('nav.home') }), 'home link');
    await checkScreen(page, 'projects');
    await page.getByRole('button', { name: t('nav.openMenu') }).click();
    await expect(
      page.locator('#navigation-dashboard').getByRole('link', { name: t('dashboard.projectList'), exact: true }),
    ).toBeInViewport();
    for (const zone of await page.locator('#navigation-dashboard section').all()) {
      await expectContentInside(zone, `dashboard zone ${await zone.getAttribute('aria-label')}`);
    }
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
    if (phone) {
      await expectTouchTarget(page.getByRole('button', { name: t('deliver.enter'), exact: true }), 'Versand');
      await expectTouchTarget(page.getByRole('button', { name: t('docs.newMenu'), exact: true }), 'new plan or folder');
      for (const tab of await page
        .getByRole('tablist', { name: t('project.tabsLabel') })
        .getByRole('tab')
        .all()) {
        await expectTouchTarget(tab, `project tab ${await tab.getAttribute('aria-controls')}`);
      }
    }

    await list.getByRole('button', { name: 'Grundriss Erdgeschoß', exact: true }).click();
    const context = page.getByRole('complementary', {
      name: t('context.label', { name: 'A-101 Grundriss Erdgeschoß' }),
    });
    await expect(context).toBeInViewport({ ratio: 1 });
    if (phone) await expectTouchTarget(context.getByRole('button', { name: t('context.close') }), 'context close');
    for (const hint of await hints.all()) await expectContentInside(hint, 'empty-folder hint beside the context');
    await context.getByText(t('context.versionTabs.current'), { exact: true }).click();
    await expect(context.getByText('tracemonkey.pdf')).toBeVisible();
    await checkScreen(page, 'project-context-versions');
    const qrSquare = context.getByTestId('qr-square');
    await qrSquare.scrollIntoViewIfNeeded();
    await expect(qrSquare).toBeVisible({ timeout: 20_000 });
    await expectWithinWidth(page, context.getByTestId('qr-preview'), 'QR preview');
    if (phone) await expectTouchTarget(qrSquare, 'QR square');
    await checkScreen(page, 'project-context-qr');
    await context.getByRole('tab', { name: t('context.tabs.participants') }).click();
    await expect(context.getByText('Eva Keller-Hohenstein')).toBeVisible();
    await checkScreen(page, 'project-context-participants');
    if (floating && !phone) {
      // the list behind the floating panel is dimmed (issue 37): a click there closes the panel,
      // then another plan opens its own
      await page.getByTestId('side-panel-backdrop').click({ position: { x: 20, y: 20 } });
      await expect(page.getByRole('complementary')).toHaveCount(0);
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
      if (tab === 'plan_grid') await checkPlanGridScrollsInside(page, screen);
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

    // deliver mode, both steps, then the delivery running (an unconfirmed account mails nobody)
    await confirmAccount(email);
    await tabs.getByRole('tab', { name: t('project.tabs.docs') }).click();
    await page.getByRole('button', { name: t('deliver.enter'), exact: true }).click();
    await expect(page.getByTestId('deliver-count-participants')).toContainText('3');
    await checkScreen(page, 'deliver-selection');
    if (phone) {
      await expectTouchTarget(page.getByRole('button', { name: t('deliver.next') }), 'deliver next');
      await expectTouchTarget(page.getByRole('button', { name: t('deliver.leave') }), 'leave deliver mode');
    }
    await page.getByRole('button', { name: t('deliver.next') }).click();
    const send = page.getByRole('button', { name: t('deliver.send.button') });
    await expect(send).toBeInViewport({ ratio: 1 });
    await checkScreen(page, 'deliver-message');
    if (phone) await expectTouchTarget(send, 'send');
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

    for (const tab of [
      'office',
      'members',
      'user_data',
      'user_plan',
      'user_settings',
      'change_password',
      'change_email',
      'sessions',
    ]) {
      await page.goto(`/profile/${tab}`);
      await expect(page.getByRole('tab', { name: t(`account.tabs.${tab}`) })).toHaveAttribute('aria-selected', 'true');
      await page.waitForLoadState('networkidle');
      // eight tabs on one line from a tablet on; a phone's wrap
      if (!phone) await expectOneRow(page.getByRole('tab'), 'account tabs');
      await checkScreen(page, `account-${tab}`);
    }
    await page.goto('/roadmap');
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'roadmap');

    // what people on site open from a mail or a printed plan, without an account
    const site = await ownDevice(page, size);
    await site.goto(scene.downloadPath);
    const download = site.getByRole('button', { name: t('downloadPage.downloadFile', { name: 'tracemonkey.pdf' }) });
    await expect(download).toBeInViewport({ ratio: 1 });
    await checkScreen(site, 'download-page');
    if (phone) await expectTouchTarget(download, 'download button');
    await site.goto(scene.qrPath);
    await expect(site.getByTestId('qr-verdict')).toBeInViewport({ ratio: 1 });
    await checkScreen(site, 'qr-check');
    await site.context().close();
  });

  test(`the team works on a ${screen} (${size.width} px): invitation, office and members tabs, project team, person filter, office switcher`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const ownerEmail = uniqueEmail(`responsive-team-${screen}`);
    const server = officeApi(page.request, await signUpOfficeAs(page, ownerEmail));
    await raiseTier(ownerEmail, 'P1'); // PRO: five people
    const scene = await seedTeamScene(server);
    await page.setViewportSize(size);

    // Mia opens the invitation on her own device and joins as a new person
    const mia = await ownDevice(page, size);
    await openInvitationMail(mia, scene.miaEmail);
    const accept = mia.getByRole('button', { name: t('invitation.acceptNew') });
    await expect(accept).toBeVisible();
    await checkScreen(mia, 'invitation');
    if (phone) await expectTouchTarget(accept, 'accept invitation');
    await acceptAsNewPerson(mia, MIA);
    await expect(mia.getByText(t('projects.emptyTextMember'))).toBeVisible();
    await checkScreen(mia, 'projects-member-empty');

    // the owner's office tab and members tab: people, roles, the open invitation, all within the width
    await page.goto('/profile/office');
    await expect(page.getByLabel(t('form.company'))).toHaveValue('Berg Architekten');
    await checkScreen(page, 'account-office');
    await page.goto('/profile/members');
    await expect(page.getByTestId(`member-${scene.miaEmail}`)).toContainText('Mia Klein');
    const invitation = page.getByTestId(`invitation-${scene.tomEmail}`);
    await expect(invitation).toContainText(t('office.roles.admin'));
    await expectWithinWidth(page, page.getByTestId('member-table'), 'member table');
    await expectWithinWidth(page, page.getByTestId('invitation-table'), 'invitation table');
    await expectWithinWidth(
      page,
      page.getByRole('combobox', { name: t('office.members.roleOf', { name: 'Mia Klein' }) }),
      'role choice',
    );
    await expectWithinWidth(
      page,
      page.getByRole('button', { name: t('office.members.actions', { name: 'Mia Klein' }) }),
      'member actions',
    );
    await expectWithinWidth(
      page,
      invitation.getByRole('button', { name: t('office.invitations.withdrawFor', { email: scene.tomEmail }) }),
      'withdraw invitation',
    );
    await checkScreen(page, 'account-members');
    if (phone) await expectTouchTarget(page.getByRole('button', { name: t('office.invite.submit') }), 'invite');

    // the project's team: the owner adds Mia in the Team section
    await page.goto(`/project/${scene.projectId}?tab=settings`);
    const team = page.getByRole('list', { name: t('team.listLabel') });
    await expect(team).toContainText('Anna Berg');
    await page.getByRole('combobox', { name: t('team.addLabel') }).click();
    await page.getByRole('option', { name: /^Mia Klein/ }).click();
    const add = page.getByRole('button', { name: t('team.add'), exact: true });
    if (phone) await expectTouchTarget(add, 'add to team');
    await checkScreen(page, 'project-team-add');
    await add.click();
    await expect(team).toContainText('Mia Klein');
    await expectContentInside(team, 'team list');
    await expectWithinWidth(
      page,
      page.getByRole('button', { name: t('team.removeFrom', { name: 'Mia Klein' }) }),
      'take off',
    );
    await team.scrollIntoViewIfNeeded();
    await checkScreen(page, 'project-team');

    // Mia adds a plan; the owner's timeline shows only hers when filtered by person
    const miaToken = (await mia.evaluate(() => localStorage.getItem('plankurier.token')))!;
    await officeApi(mia.request, miaToken).doc(scene.folderId, 'A-201', 'Schnitt A-A');
    await page.goto(`/project/${scene.projectId}?tab=timeline`);
    const events = page.getByRole('list', { name: t('timeline.docsListLabel') });
    const byMia = events.getByText(
      t('timeline.byActor.docCreatedPlan', { actor: 'Mia Klein', doc: 'A-201 Schnitt A-A' }),
    );
    const byAnna = events.getByText(
      t('timeline.byActor.docCreatedPlan', { actor: 'Anna Berg', doc: 'A-101 Grundriss Erdgeschoß' }),
    );
    await expect(byAnna).toBeVisible();
    const filterTabs = page.getByRole('tablist', { name: t('timeline.filter.label') });
    await expectOneRow(filterTabs.getByRole('tab'), 'timeline filter tabs');
    await filterTabs.getByRole('tab', { name: t('timeline.filter.tabs.actors'), exact: true }).click();
    await page.getByRole('combobox', { name: t('timeline.filter.select.actors') }).click();
    await page.getByRole('option', { name: 'Mia Klein' }).click();
    await page.keyboard.press('Escape');
    await expect(byAnna).toBeHidden();
    await expect(byMia).toBeVisible();
    // the count on the tab and the reset button leave the tabs on their line
    await expect(page.getByRole('button', { name: t('timeline.filter.reset') })).toBeVisible();
    await expectOneRow(filterTabs.getByRole('tab'), 'timeline filter tabs with a filter set');
    await checkScreen(page, 'project-timeline-person-filter');

    // Mia founds an office of her own; the switcher takes her back to Berg Architekten
    await officeCall(mia.request, miaToken)('post', '/offices', { company: 'Klein Tragwerk' });
    await mia.reload();
    await expect(mia.getByText(t('projects.emptyTitle'))).toBeVisible();
    await expectContentInside(mia.locator('header').first().locator('> div').first(), 'nav bar with two offices');
    // in the nav bar from a tablet on (there an icon), in the dashboard on a phone
    if (!phone) {
      const switcher = mia.getByRole('button', { name: t('office.switcher.label', { company: 'Klein Tragwerk' }) });
      await expect(switcher).toBeInViewport({ ratio: 1 });
      await switcher.click();
      await expect(mia.getByRole('menuitem', { name: /Berg Architekten/ })).toBeInViewport({ ratio: 1 });
      await checkScreen(mia, 'office-switcher');
      await mia.getByRole('menuitem', { name: /Berg Architekten/ }).click();
    } else {
      await mia.getByRole('button', { name: t('nav.openMenu') }).click();
      const offices = mia.getByRole('navigation', { name: t('office.switcher.title') });
      const berg = offices.getByRole('button', { name: /Berg Architekten/ });
      await berg.scrollIntoViewIfNeeded();
      await expect(berg).toBeInViewport({ ratio: 1 });
      await checkScreen(mia, 'office-switcher');
      if (phone) await expectTouchTarget(berg, 'office in the dashboard');
      await berg.click();
    }
    await expect(mia.getByText(t('office.switcher.switched', { company: 'Berg Architekten' }))).toBeVisible();
    await expect(mia.getByRole('link', { name: PROJECT.number })).toBeVisible();
    await checkScreen(mia, 'projects-member');
    // a member reads the members tab
    await mia.goto('/profile/members');
    await expect(mia.getByTestId(`member-${ownerEmail}`)).toContainText(t('office.roles.owner'));
    await checkScreen(mia, 'account-members-member');
    await mia.context().close();
  });
}

const MIA = { firstName: 'Mia', lastName: 'Klein' };

/** The elements stand side by side on one line (none wrapped onto a second). */
async function expectOneRow(items: Locator, what: string) {
  const tops = await items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect.soft(new Set(tops).size, `${what}: on one line (tops ${tops.join(', ')})`).toBe(1);
}

/** The Planraster scrolls sideways inside its own frame, the plan column staying where it is; the page does not. */
async function checkPlanGridScrollsInside(page: Page, screen: ScreenName) {
  const grid = page.getByRole('region', { name: t('planGrid.gridLabel') });
  const plan = grid.getByText('A-101', { exact: true });
  await expect(plan).toBeVisible();
  const before = (await plan.boundingBox())!;
  // the heading's long name whole (wrapped upright, not cut), the filter's placeholder read whole
  const longName = grid.getByText('Eva Keller-Hohenstein', { exact: true });
  await expect(longName).toBeVisible();
  expect
    .soft(
      await longName.evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1),
      `${screen}: the grid heading cuts the name`,
    )
    .toBe(false);
  const filter = page.getByRole('textbox', { name: t('planGrid.filterLabel') });
  const placeholder = await filter.evaluate((el) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(input.placeholder).width, room };
  });
  expect
    .soft(placeholder.text, `${screen}: the grid filter's placeholder is cut`)
    .toBeLessThanOrEqual(placeholder.room);
  const scrolled = await grid.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
    return el.scrollLeft;
  });
  // four participants overflow a phone's grid; wider screens may show them all
  if (screen === 'phone') expect(scrolled, 'the grid scrolls sideways on a phone').toBeGreaterThan(0);
  await expect(grid.getByText('Mia Schulz')).toBeInViewport();
  expect((await plan.boundingBox())!.x, 'the plan column stays put').toBeCloseTo(before.x, 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await checkScreen(page, 'project-plan_grid-scrolled');
  await grid.evaluate((el) => {
    el.scrollLeft = 0;
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
  const menu = page.getByRole('button', { name: t('nav.openMenu') });
  await expect(menu).toBeInViewport({ ratio: 1 });
  if (screen === 'phone') await expectTouchTarget(menu, 'menu toggle');
  const resend = page.getByRole('button', { name: t('banner.resend') });
  await expect(resend).toBeInViewport({ ratio: 1 });
  await expectLabelNotCut(resend, 'resend button');
}

/** The participants tab: a participant's subscriptions open beside or over the list; contacts come in from there. */
async function checkParticipants(page: Page, screen: ScreenName) {
  const panel = page.getByRole('complementary', { name: t('participants.dashboard.label') });
  if (screen !== 'desktop') await expect(panel).toHaveCount(0);
  if (screen === 'phone') {
    // on site: a tap writes or calls a participant right from the list
    const call = page.getByRole('link', {
      name: t('participants.call', { name: 'Eva Keller-Hohenstein', phone: EVA_PHONE }),
    });
    await expect(call).toHaveAttribute('href', 'tel:0711987654');
    await expectTouchTarget(call, 'call a participant');
    const mail = page.getByRole('link', { name: t('participants.mailTo', { name: 'Eva Keller-Hohenstein' }) });
    await expect(mail).toHaveAttribute('href', /^mailto:keller-hohenstein-/);
    await expectTouchTarget(mail, 'write to a participant');
    // the plans each receives and the company under the name
    await expect(page.getByText(`${t('participants.planCount', { count: 2 })} · Brandschutz Brandt`)).toBeVisible();
    // Otto Brandt left no number: nothing to call
    await expect(
      page.getByRole('link', { name: new RegExp(`^${t('participants.call', { name: 'Otto Brandt', phone: '' })}`) }),
    ).toHaveCount(0);
  }
  await page.getByRole('button', { name: t('participants.select', { name: 'Eva Keller-Hohenstein' }) }).click();
  await expect(panel).toBeInViewport({ ratio: 1 });
  await expect(panel.getByText(t('participants.subs.title', { name: 'Eva Keller-Hohenstein' }))).toBeVisible();
  // the panel's address and number write and call
  await expect(panel.getByRole('link', { name: EVA_PHONE })).toHaveAttribute('href', 'tel:0711987654');
  await checkScreen(page, 'project-participant-panel');
  if (screen === 'desktop') return;
  await panel.getByRole('button', { name: t('participants.dashboard.close'), exact: true }).click();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: t('participants.addContacts') }).click();
  await expect(panel.getByRole('tab', { name: t('participants.dashboard.tabs.contacts') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await checkScreen(page, 'project-participant-contacts');
  await panel.getByRole('button', { name: t('participants.dashboard.close'), exact: true }).click();
}
