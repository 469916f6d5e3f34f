import { expect, type Browser, type Page } from '@playwright/test';
import { scanQr } from '../../apps/server/test/qr-scan.ts';
import { fixture, hoaiPhase, type OfficeApi } from './seed.ts';
import { uniqueEmail } from './texts.ts';

/** Long on purpose: the screens must truncate it, not widen. */
export const PROJECT = { number: '2026-077', name: 'Neubau Wohn- und Geschäftshaus Lindenstraße mit Tiefgarage' };
export const LONG_PLAN = {
  number: 'A-102',
  name: 'Grundriss 1. Obergeschoß mit Dachterrasse und Technikzentrale Nord',
};

/** As people type numbers: the tel: link keeps only what is dialled. */
export const EVA_PHONE = '0711 / 98 76 54';

export interface ResponsiveScene {
  projectId: string;
  /** A receiver's personal download page (/d/:token). */
  downloadPath: string;
  /** The QR check page of the stamped plan (/q/:token). */
  qrPath: string;
}

/**
 * A project as an office has it after a few weeks: LP5 with a plan folder (released plans, one with a
 * long name, one in preparation), an empty plan folder (its onboarding hint) and a document folder;
 * four participants subscribed, one delivery sent and downloaded links, a QR-stamped plan, and more
 * projects in the list.
 */
export async function seedResponsiveScene(server: OfficeApi, page: Page): Promise<ResponsiveScene> {
  await server.company('Berg Architekten PartG mbB');
  // PRO: FREE holds one project; PRO still offers the upgrade link in the nav bar.
  await server.call('post', '/billing/buy', { planCode: 'P1M', autoRenewBuy: false });
  const created = await server.project(PROJECT.number, PROJECT.name);
  await server.project('2026-078', 'Kita Sonnenhof');
  await server.project('2025-112', 'Sanierung Rathaus Altstadt, Fassade und Dach');
  const bundle = await server.bundle(created._id);
  const lp5 = hoaiPhase(bundle, 5);
  const plans = await server.folder(lp5._id, 'Grundrisse');
  await server.folder(lp5._id, 'Schnitte und Ansichten');
  const documents = await server.call<{ _id: string }>('post', '/folder', {
    phaseId: lp5._id,
    name: 'Baubeschreibung',
    category: 'documents',
  });
  const a101 = await server.doc(plans._id, 'A-101', 'Grundriss Erdgeschoß');
  const a102 = await server.doc(plans._id, LONG_PLAN.number, LONG_PLAN.name);
  const a103 = await server.doc(plans._id, 'A-103', 'Grundriss Dachgeschoß');
  const a101A = await server.releasedVersion(a101._id, 'A', [
    { name: 'tracemonkey.pdf', data: fixture('tracemonkey.pdf') },
    { name: 'sample_2000.dwg', data: fixture('sample_2000.dwg') },
  ]);
  await server.releasedVersion(a102._id, 'A', [
    { name: 'hello_world_rotated.pdf', data: fixture('hello_world_rotated.pdf') },
  ]);
  await server.version(a103._id, 'A');
  await server.version(a101._id, 'B');
  await server.call('post', '/doc', {
    folderId: documents._id,
    doctype: 'data',
    number: 'D-01',
    name: 'Baubeschreibung',
  });

  const planners = bundle.participantfolders.find((f) => f.name === 'Fachplaner')!;
  const people = [
    { firstName: 'Jonas', lastName: 'Weber', company: 'Statik GmbH', phone: '+49 711 123456-0' },
    {
      firstName: 'Eva',
      lastName: 'Keller-Hohenstein',
      company: 'Ingenieurbüro für Technische Gebäudeausrüstung',
      phone: EVA_PHONE,
    },
    { firstName: 'Otto', lastName: 'Brandt', company: 'Brandschutz Brandt' },
    { firstName: 'Mia', lastName: 'Schulz', company: 'Vermessung Schulz', phone: '030 555 0123' },
  ];
  const receivers: { participantId: string; email: string; subs: string[] }[] = [];
  for (const person of people) {
    const email = uniqueEmail(person.lastName.toLowerCase());
    const contact = await server.contact(email, { ...person, needsPdf: true, needsTec: true });
    const participant = await server.participant(created._id, contact._id, planners._id);
    const subs: string[] = [];
    for (const docId of [a101._id, a102._id]) {
      const { sub } = await server.subscribe(docId, participant._id, true, person.lastName === 'Keller-Hohenstein');
      subs.push(sub!._id);
    }
    receivers.push({ participantId: participant._id, email, subs });
  }
  const weber = receivers[0]!;
  const subject = `Pläne ${PROJECT.number} ${Date.now()}`;
  await server.deliver(created._id, weber.participantId, weber.subs, { subject, userMessage: 'Anbei die Pläne.' });

  // The QR code on A-101's PDF, and the link it carries.
  const qr = await server.call<Record<string, unknown>>('get', `/doc/${a101._id}/qr`);
  await server.call('put', `/doc/${a101._id}/qr`, {
    x: qr.x,
    y: qr.y,
    width: qr.width,
    hasBorder: qr.hasBorder,
    embed: true,
  });
  const files = (
    await server.call<{ files: { _id: string; version: string; kind: string }[] }>('get', `/project/${created._id}`)
  ).files;
  const pdf = files.find((f) => f.version === a101A._id && f.kind === 'pdf')!;
  const { url } = await server.call<{ url: string }>('post', `/file/${pdf._id}/download-link`);
  const scan = scanQr(await (await page.request.get(url)).body());
  expect(scan).not.toBeNull();

  return {
    projectId: created._id,
    downloadPath: await personalLink(page, weber.email, subject),
    qrPath: new URL(scan!.url).pathname,
  };
}

/** The /d/ link of the mail to `email` from the development mailbox. */
async function personalLink(page: Page, email: string, subject: string): Promise<string> {
  const browser: Browser = page.context().browser()!;
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const mailbox = await context.newPage();
  const mailRow = mailbox.getByRole('row').filter({ hasText: email }).filter({ hasText: subject });
  await expect(async () => {
    await mailbox.goto('/dev/outbox');
    await expect(mailRow).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mailRow.getByRole('link', { name: subject }).click();
  const link = mailbox.locator('a[href*="/d/"]').first();
  await expect(link).toBeAttached();
  const linkPath = new URL((await link.getAttribute('href'))!).pathname;
  await context.close();
  return linkPath;
}

export interface TeamScene {
  projectId: string;
  /** LP5's plan folder, where colleagues add plans. */
  folderId: string;
  /** Invited as a member; accepts during the journey. */
  miaEmail: string;
  /** Invited as an administrator; the invitation stays open. */
  tomEmail: string;
}

/** An office of several people: a project with a plan of the owner's, two open invitations. */
export async function seedTeamScene(server: OfficeApi): Promise<TeamScene> {
  const project = await server.project(PROJECT.number, PROJECT.name);
  const lp5 = hoaiPhase(await server.bundle(project._id), 5);
  const folder = await server.folder(lp5._id, 'Grundrisse');
  await server.doc(folder._id, 'A-101', 'Grundriss Erdgeschoß');
  const miaEmail = uniqueEmail('mia');
  const tomEmail = uniqueEmail('tom-langenscheidt-hohenberger');
  await server.call('post', '/office/invitations', { email: miaEmail, role: 'member' });
  await server.call('post', '/office/invitations', { email: tomEmail, role: 'admin' });
  return { projectId: project._id, folderId: folder._id, miaEmail, tomEmail };
}
