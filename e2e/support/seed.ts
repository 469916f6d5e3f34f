import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { officeCall } from './office.ts';
import { text } from './texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);

/** The real plan PDF the journeys upload (from the shared fixtures). */
export const PLAN_PDF = path.resolve(import.meta.dirname, '../../../shared/fixtures/tracemonkey.pdf');

export interface SeedBundle {
  phases: { _id: string; shortcut: string; sortOrder: number }[];
  participantfolders: { _id: string; name: string }[];
}

/** The contact most journeys send plans to; needs PDF only. */
const WEBER = { firstName: 'Jonas', lastName: 'Weber', company: 'Statik GmbH', needsPdf: true, needsTec: false };

/** The documented endpoints a journey sets its data up with, called directly with the office's bearer token. */
export function officeApi(request: APIRequestContext, token: string) {
  const call = officeCall(request, token);
  return {
    call,
    user: () => call<{ email: string; onboardingMuted: Record<string, boolean> }>('get', '/user'),
    company: (company: string) => call('put', '/user', { updateType: 'UPDATE_PROFILE', company }),
    project: (number: string, name: string) =>
      call<{ _id: string }>('post', '/project', { number, name, withHoaiPhases: true }),
    bundle: (projectId: string) => call<SeedBundle>('get', `/project/${projectId}`),
    folder: (phaseId: string, name: string) =>
      call<{ _id: string }>('post', '/folder', { phaseId, name, category: 'plans' }),
    doc: (folderId: string, number: string, name: string) =>
      call<{ _id: string }>('post', '/doc', { folderId, doctype: 'plan', number, name }),
    version: (docId: string, index: string) => call<{ _id: string }>('post', '/version', { docId, index }),
    contact: (email: string) => call<{ _id: string }>('post', '/contact', { ...WEBER, email }),
    correctContact: (contactId: string, email: string) => call('put', `/contact/${contactId}`, { ...WEBER, email }),
    /** A new contact (Jonas Weber unless named) that joins the project's folder in the same call. */
    newParticipant: (
      projectId: string,
      folderId: string,
      email: string,
      person: { firstName: string; lastName: string; company: string } = WEBER,
    ) => call<{ _id: string }>('post', '/contact', { ...WEBER, ...person, email, projectId, folderId }),
    participant: (projectId: string, contactId: string, folderId: string) =>
      call<{ _id: string }>('post', '/participant', { projectId, contactId, folderId }),
    subscribePdf: (docId: string, participantId: string) =>
      call<{ sub: { _id: string } | null }>('put', '/subscription', {
        docId,
        participantId,
        getsPdf: true,
        getsTec: false,
      }),
    deliver: (
      projectId: string,
      participantId: string,
      subId: string,
      message: { subject: string; userMessage?: string },
    ) =>
      call<{ _id: string }>('post', '/delivery/participants', {
        projectId,
        participants: [{ _id: participantId, subs: [subId] }],
        includeSubscriberlistForDocs: [],
        sendToBcc: false,
        forceSending: true,
        userMessage: '',
        ...message,
      }),
  };
}
export type OfficeApi = ReturnType<typeof officeApi>;

/**
 * A project with the HOAI phases and, in LP5's new folder 'Grundrisse', the given plans; index A of the
 * first is prepared without a file (the journey uploads it as the office would).
 */
export async function seedPlanProject(
  server: OfficeApi,
  project: { number: string; name: string },
  plans: { number: string; name: string }[] = [{ number: 'A-101', name: 'Grundriss EG' }],
) {
  const created = await server.project(project.number, project.name);
  const bundle = await server.bundle(created._id);
  const lp5 = [...bundle.phases].sort((a, b) => a.sortOrder - b.sortOrder)[4]!;
  const folder = await server.folder(lp5._id, 'Grundrisse');
  const docs = [];
  for (const plan of plans) docs.push(await server.doc(folder._id, plan.number, plan.name));
  await server.version(docs[0]!._id, 'A');
  const planners = bundle.participantfolders.find((f) => f.name === 'Fachplaner')!;
  return { project: created, bundle, lp5, folder, docs, planners };
}

/** Jonas Weber at `email` as a participant in the folder, subscribed to the plan's PDF. */
export async function seedSubscriber(
  server: OfficeApi,
  scene: { project: { _id: string }; planners: { _id: string } },
  docId: string,
  email: string,
) {
  const contact = await server.contact(email);
  const participant = await server.participant(scene.project._id, contact._id, scene.planners._id);
  const { sub } = await server.subscribePdf(docId, participant._id);
  expect(sub).not.toBeNull();
  return { contact, participant, sub: sub! };
}

/** Opens the project on the phase and selects the plan: its context bar. */
export async function openPlan(page: Page, projectId: string, phase: string, plan: { number: string; name: string }) {
  await page.goto(`/project/${projectId}`);
  await page.getByText(phase, { exact: true }).click();
  await page.getByRole('button', { name: plan.name, exact: true }).click();
  return page.getByRole('complementary', { name: t('context.label', { name: `${plan.number} ${plan.name}` }) });
}

/** The PDF through the context bar's drop zone (file chooser), then released after the question. */
export async function uploadAndRelease(page: Page, contextBar: Locator, index = 'A', file = PLAN_PDF) {
  const chooser = page.waitForEvent('filechooser');
  await contextBar.getByTestId('version-dropzone').click();
  await (await chooser).setFiles(file);
  await expect(contextBar.getByRole('group', { name: path.basename(file) }).getByText(/\d+ × \d+ mm/)).toBeVisible({
    timeout: 30_000,
  });
  await contextBar.getByRole('button', { name: t('context.release') }).click();
  const confirm = page.getByRole('dialog', { name: t('context.releaseTitle', { index }) });
  await confirm.getByRole('button', { name: t('context.release') }).click();
  await expect(page.getByText(t('message_version_released'))).toBeVisible();
}

/** The plan's row in the phase's plan list (where the delivery and download dots show). */
export const planRow = (page: Page, phase: string, plan: string) =>
  page
    .getByRole('region', { name: t('docs.listLabel', { phase }) })
    .locator('div')
    .filter({ has: page.getByRole('button', { name: t('docs.dragRow', { name: plan }) }) })
    .last();
