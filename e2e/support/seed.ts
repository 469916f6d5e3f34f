import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { officeCall } from './office.ts';
import { text } from './texts.ts';

const t = (key: string, values?: Record<string, string>) => text('de', key, values);

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
/** The real plan PDF the journeys upload (from the shared fixtures). */
export const PLAN_PDF = path.join(FIXTURES, 'tracemonkey.pdf');
/** The bytes of a shared plan fixture (PDF, DWG, DXF). */
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** The bundle's HOAI phase by its number (1 to 9), whatever order the list has. */
export const hoaiPhase = <P extends { sortOrder: number }>(bundle: { phases: P[] }, number: number) =>
  [...bundle.phases].sort((a, b) => a.sortOrder - b.sortOrder)[number - 1]!;

export interface SeedBundle {
  phases: { _id: string; shortcut: string; sortOrder: number }[];
  participantfolders: { _id: string; name: string }[];
}

interface Person {
  firstName: string;
  lastName: string;
  company: string;
  needsPdf: boolean;
  needsTec: boolean;
  phone?: string;
}

/** The contact most journeys send plans to; needs PDF only. */
const WEBER: Person = {
  firstName: 'Jonas',
  lastName: 'Weber',
  company: 'Statik GmbH',
  needsPdf: true,
  needsTec: false,
};

/** A file a journey uploads into a version. */
export interface UploadedFile {
  name: string;
  data: Buffer;
  kind?: 'main' | 'addon';
}
const planFile = (): UploadedFile => ({ name: 'tracemonkey.pdf', data: fixture('tracemonkey.pdf') });

/** The documented endpoints a journey sets its data up with, called directly with the office's bearer token. */
export function officeApi(request: APIRequestContext, token: string) {
  const call = officeCall(request, token);
  const profile = (data: Record<string, string>) => call('put', '/user', { updateType: 'UPDATE_PROFILE', ...data });
  const subscribe = (docId: string, participantId: string, getsPdf: boolean, getsTec: boolean) =>
    call<{ sub: { _id: string } | null }>('put', '/subscription', { docId, participantId, getsPdf, getsTec });
  /** A file into a version in preparation over the documented tus endpoint (one PATCH). */
  const upload = async (versionId: string, filename: string, data: Buffer, kind: 'main' | 'addon' = 'main') => {
    const meta = { versionId, filename, kind, sha256: createHash('sha256').update(data).digest('hex') };
    const headers = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
    const created = await request.post('/api/uploads', {
      headers: {
        ...headers,
        'Upload-Length': String(data.length),
        'Upload-Metadata': Object.entries(meta)
          .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
          .join(','),
      },
    });
    expect(created.status()).toBe(201);
    const patched = await request.patch(created.headers().location!, {
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      data,
    });
    expect(patched.status()).toBe(204);
  };
  /** Version `index` of the doc with these files uploaded (the plan PDF by default), released. */
  const releasedVersion = async (docId: string, index: string, files: UploadedFile[] = [planFile()]) => {
    const version = await call<{ _id: string }>('post', '/version', { docId, index });
    for (const file of files) await upload(version._id, file.name, file.data, file.kind);
    await call('post', `/version/${version._id}/release`);
    return version;
  };
  return {
    call,
    user: () => call<{ email: string; onboardingMuted: Record<string, boolean> }>('get', '/user'),
    profile,
    company: (company: string) => profile({ company }),
    project: (number: string, name: string) =>
      call<{ _id: string }>('post', '/project', { number, name, phaseTemplate: 'hoai' }),
    bundle: (projectId: string) => call<SeedBundle>('get', `/project/${projectId}`),
    namingKey: (projectId: string) =>
      call<{ pattern: string | null; indexStyle: string }>('get', `/project/${projectId}/naming-key`),
    folder: (phaseId: string, name: string) =>
      call<{ _id: string }>('post', '/folder', { phaseId, name, category: 'plans' }),
    doc: (folderId: string, number: string, name: string) =>
      call<{ _id: string }>('post', '/doc', { folderId, doctype: 'plan', number, name }),
    version: (docId: string, index: string) => call<{ _id: string }>('post', '/version', { docId, index }),
    release: (versionId: string) => call('post', `/version/${versionId}/release`),
    upload,
    releasedVersion,
    contact: (email: string, person: Person = WEBER) => call<{ _id: string }>('post', '/contact', { ...person, email }),
    correctContact: (contactId: string, email: string) => call('put', `/contact/${contactId}`, { ...WEBER, email }),
    /** A new contact (Jonas Weber unless named) that joins the project's folder in the same call. */
    newParticipant: (
      projectId: string,
      folderId: string,
      email: string,
      person: Omit<Person, 'needsPdf' | 'needsTec'> = WEBER,
    ) =>
      call<{ _id: string; participantId: string }>('post', '/contact', {
        ...WEBER,
        ...person,
        email,
        projectId,
        folderId,
      }),
    participant: (projectId: string, contactId: string, folderId: string) =>
      call<{ _id: string }>('post', '/participant', { projectId, contactId, folderId }),
    subscribe,
    subscribePdf: (docId: string, participantId: string) => subscribe(docId, participantId, true, false),
    /**
     * A delivery the scene made before the journey: it is through when this answers, so a project
     * opened next does not show it running (the project screen reopens a running delivery).
     */
    deliver: async (
      projectId: string,
      participantId: string,
      subs: string | string[],
      message: { subject: string; userMessage?: string },
    ) => {
      const delivery = await call<{ _id: string }>('post', '/delivery/participants', {
        projectId,
        participants: [{ _id: participantId, subs: [subs].flat() }],
        includeSubscriberlistForDocs: [],
        sendToBcc: false,
        forceSending: true,
        userMessage: '',
        // a scripted scene sends the same files again on purpose, not by a double click
        sendAgain: true,
        ...message,
      });
      await expect
        .poll(async () => (await call<{ status: string }>('get', `/delivery/${delivery._id}`)).status, {
          timeout: 30_000,
        })
        .not.toBe('DELIVERING');
      return delivery;
    },
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
  const lp5 = hoaiPhase(bundle, 5);
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
