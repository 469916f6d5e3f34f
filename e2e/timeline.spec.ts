import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { officeCall, signUpOffice } from './support/office.ts';
import { text, uniqueEmail } from './support/texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);
const PDF = path.resolve(import.meta.dirname, '../../shared/fixtures/tracemonkey.pdf');
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

interface Bundle {
  phases: { _id: string; shortcut: string; sortOrder: number }[];
  participantfolders: { _id: string; name: string }[];
}

/** The documented endpoints, called directly to set the project up quickly. */
function api(request: APIRequestContext, token: string) {
  const call = officeCall(request, token);
  return {
    project: (number: string, name: string) =>
      call<{ _id: string }>('post', '/project', { number, name, withHoaiPhases: true }),
    bundle: (projectId: string) => call<Bundle>('get', `/project/${projectId}`),
    folder: (phaseId: string, name: string) =>
      call<{ _id: string }>('post', '/folder', { phaseId, name, category: 'plans' }),
    doc: (folderId: string, number: string, name: string) =>
      call<{ _id: string }>('post', '/doc', { folderId, doctype: 'plan', number, name }),
    version: (docId: string, index: string) => call<{ _id: string }>('post', '/version', { docId, index }),
    participant: (projectId: string, folderId: string) =>
      call<{ _id: string }>('post', '/contact', {
        firstName: 'Jonas',
        lastName: 'Weber',
        company: 'Statik GmbH',
        email: uniqueEmail('weber'),
        needsPdf: true,
        needsTec: false,
        projectId,
        folderId,
      }),
  };
}

test('the timeline lists what happened to the plans, filters by plan and resets when left', async ({ page }) => {
  test.setTimeout(120_000);
  const server = api(page.request, await signUpOffice(page, 'timeline'));
  const project = await server.project('2026-031', 'Kita Sonnenhof');
  const start = await server.bundle(project._id);
  const lp5 = [...start.phases].sort((a, b) => a.sortOrder - b.sortOrder)[4]!;
  const folder = await server.folder(lp5._id, 'Grundrisse');
  const a101 = await server.doc(folder._id, 'A-101', 'Grundriss EG');
  await server.doc(folder._id, 'A-102', 'Grundriss OG');
  await server.version(a101._id, 'A');
  const planners = start.participantfolders.find((f) => f.name === 'Fachplaner')!;
  await server.participant(project._id, planners._id);

  // the PDF of index A through the drop zone's file chooser, then release it
  await page.goto(`/project/${project._id}`);
  await page.getByText('LP5', { exact: true }).click();
  await page.getByRole('button', { name: 'Grundriss EG', exact: true }).click();
  const contextBar = page.getByRole('complementary', { name: t('context.label', { name: 'A-101 Grundriss EG' }) });
  const chooser = page.waitForEvent('filechooser');
  await contextBar.getByTestId('version-dropzone').click();
  await (await chooser).setFiles(PDF);
  await expect(contextBar.getByRole('group', { name: 'tracemonkey.pdf' }).getByText(/\d+ × \d+ mm/)).toBeVisible({
    timeout: 30_000,
  });
  await contextBar.getByRole('button', { name: t('context.release') }).click();
  const confirm = page.getByRole('dialog', { name: t('context.releaseTitle', { index: 'A' }) });
  await confirm.getByRole('button', { name: t('context.release') }).click();
  await expect(page.getByText(t('message_version_released'))).toBeVisible();

  // the timeline: newest first, a sentence per event, who and when
  await page.getByRole('tab', { name: t('project.tabs.timeline') }).click();
  await expect(page.getByRole('tab', { name: t('timeline.tabs.docs'), exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const events = page.getByRole('list', { name: t('timeline.docsListLabel') });
  const released = events.getByRole('listitem').filter({
    hasText: t('timeline.kind.versionReleased', { index: 'A', doc: 'A-101 Grundriss EG' }),
  });
  await expect(released).toBeVisible();
  await expect(released).toContainText('Anna Berg');
  await expect(released).toContainText(/\d{1,2}\.\d{1,2}\.\d{4} \d{2}:\d{2}/);
  await expect(events.getByText(t('timeline.kind.fileUploaded', { filename: 'tracemonkey.pdf' }))).toBeVisible();
  await expect(events.getByText(t('timeline.kind.participantAdded', { participant: 'Jonas Weber' }))).toBeVisible();
  await expect(events.getByText(t('timeline.kind.docCreatedPlan', { doc: 'A-102 Grundriss OG' }))).toBeVisible();
  await expect(events.getByRole('listitem').first()).toContainText(
    t('timeline.kind.versionReleased', { index: 'A', doc: 'A-101 Grundriss EG' }),
  );
  await page.screenshot({ path: path.join(SHOTS, 'timeline-docs.png') });

  // filter by the plan A-101: A-102's events are gone
  await page.getByRole('tab', { name: t('timeline.filter.tabs.docs'), exact: true }).click();
  await page.getByRole('combobox', { name: t('timeline.filter.select.docs') }).click();
  await page.getByRole('option', { name: 'A-101 Grundriss EG' }).click();
  await page.keyboard.press('Escape');
  await expect(events.getByText(t('timeline.kind.docCreatedPlan', { doc: 'A-102 Grundriss OG' }))).toBeHidden();
  await expect(events.getByText(t('timeline.kind.docCreatedPlan', { doc: 'A-101 Grundriss EG' }))).toBeVisible();
  await expect(events.getByText(t('timeline.kind.fileUploaded', { filename: 'tracemonkey.pdf' }))).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'timeline-filtered.png') });

  // leaving the tab resets the filter
  await page.getByRole('tab', { name: t('project.tabs.participants') }).click();
  await page.getByRole('tab', { name: t('project.tabs.timeline') }).click();
  await expect(events.getByText(t('timeline.kind.docCreatedPlan', { doc: 'A-102 Grundriss OG' }))).toBeVisible();

  // no e-mails sent yet
  await page.getByRole('tab', { name: t('timeline.tabs.emails'), exact: true }).click();
  await expect(page.getByText(t('timeline.empty.emailsTitle'))).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'timeline-emails-empty.png') });
});
