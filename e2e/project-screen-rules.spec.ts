import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpOffice } from './support/office.ts';
import { officeApi, openPlan, planRow, seedPlanProject, seedSubscriber, uploadAndRelease } from './support/seed.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

/**
 * Spec §2 and §4 rules of the project screen: the first phase after loading, selecting a plan
 * clears version editing, switching the doc filter off clears the selection, and switching the
 * project tab clears the participant picker.
 */
test('project screen: first phase, selection and editing resets, the picker cleared by a tab switch', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const server = officeApi(page.request, await signUpOffice(page, 'rules'));
  const { project, bundle } = await seedPlanProject(server, { number: '2026-077', name: 'Bürohaus Lindenhof' }, [
    { number: 'A-101', name: 'Grundriss EG' },
    { number: 'A-102', name: 'Grundriss OG' },
  ]);
  const phases = [...bundle.phases].sort((a, b) => a.sortOrder - b.sortOrder);

  // after the project loads, its first phase is selected
  await page.goto(`/project/${project._id}`);
  const phaseChips = page.getByRole('radiogroup', { name: t('project.phasesLabel') });
  await expect(phaseChips.getByRole('radio', { name: phases[0]!.shortcut, exact: true })).toBeChecked();
  await expect(phaseChips.getByRole('radio', { name: phases[4]!.shortcut, exact: true })).not.toBeChecked();

  // selecting another plan clears the version editing of the first
  await page.getByText(phases[4]!.shortcut, { exact: true }).click();
  const barOf = (number: string, name: string) =>
    page.getByRole('complementary', { name: t('context.label', { name: `${number} ${name}` }) });
  await page.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
  await barOf('A-101', 'Grundriss EG')
    .getByRole('button', { name: t('context.editVersion') })
    .click();
  const indexField = page.getByRole('textbox', { name: t('context.index') });
  await expect(indexField).toBeVisible();
  await page.getByRole('button', { name: 'Grundriss OG', exact: true }).click();
  await expect(barOf('A-102', 'Grundriss OG')).toBeVisible();
  await page.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
  await expect(barOf('A-101', 'Grundriss EG')).toBeVisible();
  await expect(indexField).toBeHidden();

  // switching the doc filter off clears the selection and closes the context bar
  await page.getByRole('button', { name: t('docs.filter') }).click();
  await page.getByRole('textbox', { name: t('docs.filterLabel') }).fill('A-10');
  await expect(barOf('A-101', 'Grundriss EG')).toBeVisible();
  await page.getByRole('button', { name: t('docs.closeFilter') }).click();
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Grundriss OG', exact: true })).toBeVisible();

  // switching the project tab clears the participant picker
  const projectTabs = page.getByRole('tablist', { name: t('project.tabsLabel') });
  await projectTabs.getByRole('tab', { name: t('project.tabs.participants') }).click();
  const search = page.getByRole('textbox', { name: t('participants.picker.search') });
  await search.fill('Weber');
  await expect(search).toHaveValue('Weber');
  await projectTabs.getByRole('tab', { name: t('project.tabs.docs') }).click();
  await projectTabs.getByRole('tab', { name: t('project.tabs.participants') }).click();
  await expect(page.getByRole('textbox', { name: t('participants.picker.search') })).toHaveValue('');
});

test('once the plan was sent, its number and the index are locked with a hint; name and comment stay editable', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = officeApi(page.request, await signUpOffice(page, 'rules-lock'));
  await server.company('Berg Architekten');
  const scene = await seedPlanProject(server, { number: '2026-078', name: 'Praxis Am Markt' });
  const contextBar = await openPlan(page, scene.project._id, 'LP5', { number: 'A-101', name: 'Grundriss EG' });
  await uploadAndRelease(page, contextBar);
  const { participant, sub } = await seedSubscriber(server, scene, scene.docs[0]!._id, uniqueEmail('weber-lock'));
  await server.deliver(scene.project._id, participant._id, sub._id, { subject: 'Pläne' });
  await expect(
    planRow(page, 'LP5', 'A-101 Grundriss EG').getByRole('img', {
      name: t('subscriptions.deliver.GREEN'),
      exact: true,
    }),
  ).toBeVisible({ timeout: 20_000 });

  // the version: the pencil opens the form with both fields disabled and the hint
  await contextBar.getByRole('button', { name: t('context.editVersion') }).click();
  await expect(contextBar.getByText(t('context.lockedHint'))).toBeVisible();
  await expect(contextBar.getByRole('textbox', { name: t('context.index') })).toBeDisabled();
  // the comment is not locked
  const comment = contextBar.getByRole('textbox', { name: t('context.comment') });
  await comment.fill('Brandschutz ergänzt');
  await contextBar
    .locator('form')
    .filter({ has: page.getByRole('textbox', { name: t('context.comment') }) })
    .getByRole('button', { name: t('common.save') })
    .click();
  await expect(contextBar.getByText('Brandschutz ergänzt')).toBeVisible();
  await expect(contextBar.getByRole('textbox', { name: t('context.index') })).toBeHidden();

  // the plan: the number is disabled with the hint, a new name is saved
  await contextBar.getByRole('button', { name: t('context.docActions', { name: 'A-101 Grundriss EG' }) }).click();
  await page.getByRole('menuitem', { name: t('context.editDoc') }).click();
  const dialog = page.getByRole('dialog', { name: t('docs.docDialog.editTitle') });
  await expect(dialog.getByText(t('docs.docDialog.numberLocked'))).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: t('docs.docDialog.number') })).toBeDisabled();
  await page.screenshot({ path: path.join(SHOTS, 'doc-number-locked.png') });
  await dialog.getByRole('textbox', { name: t('docs.docDialog.name') }).fill('Grundriss Erdgeschoss');
  await dialog.getByRole('button', { name: t('docs.docDialog.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Grundriss Erdgeschoss', exact: true })).toBeVisible();
});
