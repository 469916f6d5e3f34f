import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { formatDate, type PrintDto, type ProjectBundle } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  createTestRole,
  folderOf,
  insertTestFile,
  prepareTestVersion,
  releaseTestVersion,
  ownerActor,
} from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';
import { loadPlanList, writePlanListPdf } from './plan-list.ts';
import type { TransmittalCell } from './plan-list-data.ts';

let server: TestServer;
let office: Awaited<ReturnType<typeof createTestOffice>>;
let bundle: ProjectBundle;
let projectId: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'prints-test-'));

const LONG_NAME = 'Grundriss Erdgeschoß – Überarbeitung für Bauherrn Müller & Söhne GmbH, Änderung Küche und Wohnräume';

/** pdftotext keeps the layout so table rows stay on one line; pages are split by form feeds. */
function pdfText(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
}
function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}
function pdfPageSize(file: string): string {
  return /Page size:\s+([^\n]+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? '';
}

async function finishedPrint(id: string, token = office.token): Promise<PrintDto> {
  return until(async () => {
    const dto = (await api(server.app).get(`/api/print/${id}`, token)).json<PrintDto>();
    return dto.isFinished || dto.isFailed ? dto : undefined;
  });
}

/** Creates a print, waits for the job and downloads the PDF into a file. */
async function printToFile(body: Record<string, unknown>, name: string, token = office.token): Promise<string> {
  const created = await api(server.app).post('/api/print', body, token);
  expect(created.statusCode).toBe(201);
  const print = created.json<PrintDto>();
  expect(print).toMatchObject({ isFinished: false, progress: 0, numberOfPagesProcessed: 0 });
  const done = await finishedPrint(print._id, token);
  expect(done.isFinished).toBe(true);
  expect(done.numberOfPages).toBeGreaterThan(0);
  expect(done.numberOfPagesProcessed).toBe(done.numberOfPages);
  const link = await api(server.app).post(`/api/print/${print._id}/download-link`, {}, token);
  const res = await fetch(`${server.baseUrl}${link.json<{ url: string }>().url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = path.join(tmp, name);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  expect(pdfPages(file)).toBe(done.numberOfPages);
  return file;
}

/** A delivery of these files to a participant whose mail went out, and optionally their download. */
async function deliver(participantId: string, fileIds: string[], downloaded: boolean) {
  const db = server.deps.db;
  const delivery = await db
    .insertInto('delivery')
    .values({ office_id: office.id, project_id: projectId, subject: 'Pläne', status: 'DONE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recipient = await db
    .insertInto('delivery_recipient')
    .values({
      delivery_id: delivery.id,
      participant_id: participantId,
      email: 'x@example.org',
      status: 'SUCCESS',
      message_id: `<${randomUUID()}@plankurier.test>`,
      envelope_token: randomUUID(),
      sent_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('delivery_file')
    .values(fileIds.map((file_id) => ({ recipient_id: recipient.id, file_id, sub_id: null })))
    .execute();
  if (downloaded) {
    await db
      .insertInto('download')
      .values(fileIds.map((file_id) => ({ recipient_id: recipient.id, file_id, via: 'single' as const })))
      .execute();
  }
}

let folderId: string;
let participantIds: string[];
let docIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  office = await createTestOffice(server, 'P2');
  await server.deps.db
    .updateTable('office')
    .set({
      company: 'Architekturbüro Weiß',
      street_name: 'Königstraße',
      street_number: '12',
      city_code: '70173',
      city_name: 'Stuttgart',
    })
    .where('id', '=', office.id)
    .execute();
  ({ bundle } = await createTestProject(server.app, office.token, { number: '2026-07', name: 'Wohnhaus Größe' }));
  projectId = bundle.project._id;
  folderId = folderOf(bundle)._id;

  const released = [];
  for (let i = 1; i <= 3; i++) {
    const doc = await createTestDoc(server.app, office.token, folderId, {
      number: `A-10${i}`,
      name: i === 1 ? LONG_NAME : `Schnitt ${i}`,
    });
    const version = await prepareTestVersion(server.app, office.token, doc._id, 'C');
    const pdf = await insertTestFile(server.deps.db, version, 'pdf');
    const dwg = await insertTestFile(server.deps.db, version, 'dwg');
    const addons = [];
    if (i === 1) {
      const addon = await insertTestFile(server.deps.db, version, 'addon');
      await server.deps.db
        .updateTable('file')
        .set({ filename: 'Türliste.pdf', pdf_width_mm: 297, pdf_height_mm: 420 })
        .where('id', '=', addon.id)
        .execute();
      addons.push(addon.id);
    }
    await releaseTestVersion(server.app, office.token, version._id);
    released.push({ doc, pdf, dwg, pdfFiles: [pdf.id, ...addons] });
  }
  await createTestDoc(server.app, office.token, folderId, { number: 'A-199', name: 'Ansicht Nord' });

  const role = await createTestRole(server.app, office.token, 'Tragwerksplanung');
  const participants = [
    await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Jürgen', lastName: 'Öztürk', company: 'Statik Öztürk GmbH', needsTec: true },
    }),
    await createTestParticipant(server.app, office.token, bundle, {
      contact: { firstName: 'Bärbel', lastName: 'Groß', company: 'Haustechnik Groß' },
    }),
  ];
  participantIds = participants.map((p) => p._id);
  await api(server.app).put(`/api/participant/${participants[0]!._id}`, { roleIds: [role._id] }, office.token);
  await server.deps.db
    .insertInto('subscription')
    .values(
      released.flatMap(({ doc }) =>
        participantIds.map((participant_id) => ({
          project_id: projectId,
          doc_id: doc._id,
          participant_id,
          gets_pdf: true,
          gets_tec: false,
        })),
      ),
    )
    .execute();
  // A-101 (PDF and its add-on) went to Öztürk, who downloaded it; A-102 went to Groß, not downloaded
  // yet; Groß got only A-101's main PDF, not its add-on.
  await deliver(participantIds[0]!, released[0]!.pdfFiles, true);
  await deliver(participantIds[1]!, released[1]!.pdfFiles, false);
  await deliver(participantIds[1]!, [released[0]!.pdf.id], true);
  docIds = released.map((r) => r.doc._id);
  // Two paper copies of A-102 index C went to Groß by courier.
  await server.deps.db
    .insertInto('shipment')
    .values({
      project_id: projectId,
      participant_id: participantIds[1]!,
      version_id: released[1]!.pdf.version_id,
      shipped_on: '2026-11-20',
      quantity: 2,
      courier_service: 'DHL',
      tracking_id: '00340434',
    })
    .execute();
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the plan list', () => {
  test('is an A4 landscape PDF with letterhead, plans, indexes, sizes, add-ons, umlauts and page numbers', async () => {
    const printedFrom = formatDate(new Date(), 'de', 'UTC');
    const file = await printToFile({ type: 'PLANLIST', projectId, timeZone: 'UTC' }, 'planliste.pdf');
    const printedUntil = formatDate(new Date(), 'de', 'UTC');
    expect(pdfPageSize(file)).toMatch(/^841\.89 x 595\.28? pts \(A4\)/);
    const text = pdfText(file).join('\n');
    for (const expected of [
      'Architekturbüro Weiß',
      'Königstraße 12',
      '70173 Stuttgart',
      'Planliste',
      'Projekt 2026-07 | Wohnhaus Größe',
      'A-101',
      'A-102',
      'A-103',
      'A-199',
      'Grundriss Erdgeschoß – Überarbeitung für Bauherrn Müller & Söhne',
      'Beilage: Türliste.pdf (A3)',
      'Kurier: 20.11.2026 · 2× Bärbel Groß · DHL 00340434 (Index C)',
      'noch nicht freigegeben',
      'PDF DWG',
      'A1',
      'Jürgen Öztürk',
      'Bärbel Groß',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
    // The print date as the product writes it (05.01.2027); a print made across midnight may carry either day.
    expect([printedFrom, printedUntil]).toContain(/Druckdatum: (\S+)/.exec(text)?.[1]);
    // The rows carry the transmittal: a dot per recipient, a ring once the current index was sent.
    const rowOf = (number: string) => text.split('\n').find((l) => l.includes(number))!;
    expect(rowOf('A-101').match(/[●○]/g)).toEqual(['●', '○', '●', '○']);
    expect(rowOf('A-103').match(/[●○–]/g)).toEqual(['●', '●']);
    expect(rowOf('A-199').match(/[●○–]/g)).toEqual(['–', '–', '–']); // no index, no recipients
  });

  test('transmittal: sent and downloaded per participant for the current index', async () => {
    const data = await loadPlanList(server.deps.db, { actor: ownerActor(office), projectId, locale: 'de' });
    const [oeztuerk, gross] = participantIds as [string, string];
    const [a101, a102, a103] = docIds as [string, string, string];
    expect(data.participants.map((p) => p.name)).toEqual(['Jürgen Öztürk', 'Bärbel Groß']);
    const cell = (state: Omit<TransmittalCell, 'subscribed' | 'confirmed'>) => ({
      subscribed: true,
      confirmed: null,
      ...state,
    });
    expect(data.cell(a101, oeztuerk)).toEqual(cell({ deliver: 'GREEN', downloaded: 'GREEN' }));
    // Groß has A-101's main PDF (downloaded) but not its add-on: still to send.
    expect(data.cell(a101, gross)).toEqual(cell({ deliver: 'RED', downloaded: 'GREEN' }));
    expect(data.cell(a102, gross)).toEqual(cell({ deliver: 'GREEN', downloaded: 'RED' }));
    expect(data.cell(a103, oeztuerk)).toEqual(cell({ deliver: 'RED', downloaded: null }));
    // A new index: nothing of it was sent, so the ring goes and the dot turns red again.
    const version = await prepareTestVersion(server.app, office.token, a102, 'D');
    await insertTestFile(server.deps.db, version, 'pdf');
    await releaseTestVersion(server.app, office.token, version._id);
    const after = await loadPlanList(server.deps.db, { actor: ownerActor(office), projectId, locale: 'de' });
    expect(after.cell(a102, gross)).toEqual(cell({ deliver: 'RED', downloaded: null }));
    expect(after.plans.find((p) => p.id === a102)?.index).toBe('D');
  });

  test('of one folder names the folder; another office gets 404 for project and folder', async () => {
    const file = await printToFile({ type: 'PLANLIST', projectId, folderId }, 'folder.pdf');
    expect(pdfText(file).join('\n')).toContain(folderOf(bundle).name);
    const other = await createTestOffice(server);
    const foreign = await api(server.app).post('/api/print', { type: 'PLANLIST', projectId }, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msgCode).toBe('common.not_found');
    const { bundle: otherBundle } = await createTestProject(server.app, other.token);
    const mixed = await api(server.app).post(
      '/api/print',
      { type: 'PLANLIST', projectId: otherBundle.project._id, folderId },
      other.token,
    );
    expect(mixed.statusCode).toBe(404);
    expect(await server.deps.db.selectFrom('print').selectAll().where('office_id', '=', other.id).execute()).toEqual(
      [],
    );
  });

  test('of many plans repeats the table header on every page and counts the pages', async () => {
    const db = server.deps.db;
    const { bundle: big } = await createTestProject(server.app, office.token, { number: 'GROSS', name: 'Viele Pläne' });
    const bigFolder = folderOf(big)._id;
    await db
      .insertInto('doc')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          project_id: big.project._id,
          folder_id: bigFolder,
          doctype: 'plan' as const,
          number: `X-${String(i + 1).padStart(3, '0')}`,
          name: `Detail Fenster ${i + 1}`,
          sort_order: i + 1,
        })),
      )
      .execute();
    // Eight recipients of every plan: too many for columns beside the plan, so a transmittal table follows.
    const { id: folder } = await db
      .insertInto('participant_folder')
      .values({ project_id: big.project._id, name: 'Fachplaner Fenster', sort_order: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= 8; i++) {
      const contact = await db
        .insertInto('contact')
        .values({
          office_id: office.id,
          first_name: 'Jörg',
          last_name: `Fachplaner${i}`,
          email: `fp${i}-${randomUUID()}@example.org`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const participant = await db
        .insertInto('participant')
        .values({ project_id: big.project._id, contact_id: contact.id, folder_id: folder, sort_order: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into subscription (project_id, doc_id, participant_id, gets_pdf, gets_tec)
        select project_id, id, ${participant.id}, true, false from doc where project_id = ${big.project._id}`.execute(
        db,
      );
    }
    const file = path.join(tmp, 'many.pdf');
    await writePlanListPdf(db, { actor: ownerActor(office), projectId: big.project._id, locale: 'de' }, file);
    const pages = pdfText(file).filter((p) => p.trim());
    expect(pages.length).toBe(pdfPages(file));
    const firstTransmittal = pages.findIndex((p) => p.includes('Planverteiler'));
    const planPages = pages.slice(0, firstTransmittal);
    const transmittalPages = pages.slice(firstTransmittal);
    expect(planPages.length).toBeGreaterThan(2);
    expect(transmittalPages.length).toBeGreaterThan(2);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain(`Seite ${i + 1} von ${pages.length}`);
    }
    for (const page of planPages) {
      expect(page).toMatch(/Nr\.\s+Bezeichnung\s+Index\s+Freigabe\s+Formate\s+Format/);
    }
    // The transmittal's header (the participants' names) repeats on each of its pages.
    for (const page of transmittalPages) {
      expect(page).toMatch(/Nr\.\s+Index\s+Jörg Fachplaner1\s+Jörg Fachplaner2/);
    }
    const all = pages.join('\n');
    expect(all).toContain('Planverteiler (1–8 / 8)');
    expect(all).toContain('Fachplaner8');
    expect(all).toContain('X-120');
  });

  test('is in English for a person who works in English', async () => {
    await server.deps.db.updateTable('app_user').set({ locale: 'en' }).where('id', '=', office.userId).execute();
    try {
      const file = await printToFile({ type: 'PLANLIST', projectId }, 'en.pdf');
      const text = pdfText(file).join('\n');
      expect(text).toContain('Plan list');
      expect(text).toContain('Page 1 of 1');
      expect(text).toContain('Add-on: Türliste.pdf');
    } finally {
      await server.deps.db.updateTable('app_user').set({ locale: 'de' }).where('id', '=', office.userId).execute();
    }
  });
});

describe('the participant list', () => {
  test('lists folder, name, company, e-mail, roles and formats', async () => {
    const file = await printToFile({ type: 'PARTICIPANTLIST', projectId }, 'teilnehmer.pdf');
    expect(pdfPageSize(file)).toMatch(/^595\.2\d? x 841\.89 pts \(A4\)/);
    const text = pdfText(file).join('\n');
    for (const expected of [
      'Beteiligtenliste',
      bundle.participantfolders[0]!.name,
      'Jürgen Öztürk',
      'Statik Öztürk GmbH',
      'Tragwerksplanung',
      'Bärbel Groß',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
    // Öztürk needs PDF and DWG/DXF, one format a line.
    expect(text).toMatch(/Öztürk.*PDF\n.*DWG\/DXF/);
  });

  test('of one participant shows only that one; a foreign participant is 404', async () => {
    const file = await printToFile(
      { type: 'PARTICIPANTLIST', projectId, participantId: participantIds[1] },
      'einer.pdf',
    );
    const text = pdfText(file).join('\n');
    expect(text).toContain('Bärbel Groß');
    expect(text).not.toContain('Öztürk');
    const other = await createTestOffice(server, 'P2');
    const { bundle: otherBundle } = await createTestProject(server.app, other.token);
    const res = await api(server.app).post(
      '/api/print',
      { type: 'PARTICIPANTLIST', projectId: otherBundle.project._id, participantId: participantIds[0] },
      other.token,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('the timeline', () => {
  test('prints doc events and e-mail events within the filter', async () => {
    const db = server.deps.db;
    await db
      .insertInto('timeline_event')
      .values({
        project_id: projectId,
        actor_id: office.userId,
        event_type: 'EMAIL',
        kind: 'delivery.sent',
        data: JSON.stringify({
          participantId: participantIds[0],
          recipient: { name: 'Jürgen Öztürk', email: 'juergen@example.org' },
          subject: 'Projekt: 2026-07 | Wohnhaus Größe',
          userMessage: 'Anbei die geänderten Grundrisse.',
          docs: [{ number: 'A-101', name: 'Grundriss', index: 'C', formats: ['pdf'] }],
        }),
      })
      .execute();
    const sentAt = new Date('2026-03-01T23:30:00Z');
    await db.updateTable('timeline_event').set({ created_at: sentAt }).where('kind', '=', 'delivery.sent').execute();
    const all = pdfText(
      await printToFile({ type: 'TIMELINE', projectId, timeZone: 'Europe/Berlin' }, 'timeline.pdf'),
    ).join('\n');
    // 23:30 UTC is half past midnight the next day in Berlin: the time the office saw on screen.
    expect(all).toContain('02.03.2026');
    expect(all).toContain('00:30');
    for (const expected of [
      'Timeline',
      'Plan/Dokument angelegt',
      'Version freigegeben',
      'A-103',
      'Jürgen Öztürk',
      'Anbei die geänderten Grundrisse.',
      'Filter: keine',
    ]) {
      expect(all).toContain(expected);
    }
    const docOnly = await db.selectFrom('doc').select('id').where('number', '=', 'A-199').executeTakeFirstOrThrow();
    const filtered = pdfText(
      await printToFile(
        { type: 'TIMELINE', projectId, eventType: 'DOC', timelineFilterParams: { docIds: [docOnly.id] } },
        'timeline-filtered.pdf',
      ),
    ).join('\n');
    expect(filtered).toContain('A-199');
    expect(filtered).not.toContain('A-103');
    expect(filtered).not.toContain('Anbei');
    expect(filtered).toContain('Filter: Pläne: 1');
  });
});

describe('the timeline of an address change', () => {
  test('names the participant with the old and the new address', async () => {
    const participant = await server.deps.db
      .selectFrom('participant')
      .innerJoin('contact', 'contact.id', 'participant.contact_id')
      .select(['participant.contact_id', 'contact.email'])
      .where('participant.id', '=', participantIds[0]!)
      .executeTakeFirstOrThrow();
    const changed = await api(server.app).put(
      `/api/contact/${participant.contact_id}`,
      { email: 'neue-adresse@example.org' },
      office.token,
    );
    expect(changed.statusCode).toBe(200);
    const text = pdfText(
      await printToFile({ type: 'TIMELINE', projectId, eventType: 'DOC' }, 'timeline-address.pdf'),
    ).join('\n');
    // The details column wraps the long addresses, beside the next column's lines.
    expect(text).toContain('E-Mail-Adresse geändert');
    const compact = text.replace(/\s+/g, '');
    expect(compact).toContain('bisher');
    expect(compact).toContain(',jetztneue-adresse@example.org');
    expect(compact).toContain(participant.email.split('@')[0]);
  });
});

describe('the timeline of a distribution change', () => {
  test('names the formats in words, not as their codes', async () => {
    await server.deps.db
      .insertInto('timeline_event')
      .values(
        (['PDF_AND_TEC', 'TEC_ONLY'] as const).map((formats) => ({
          project_id: projectId,
          actor_id: office.userId,
          event_type: 'DOC' as const,
          kind: 'subscription.changed',
          data: JSON.stringify({ participantId: participantIds[0], participant: 'Bärbel Groß', formats }),
        })),
      )
      .execute();
    const text = pdfText(
      await printToFile({ type: 'TIMELINE', projectId, eventType: 'DOC' }, 'timeline-formats.pdf'),
    ).join('\n');
    expect(text).toContain('Verteiler geändert');
    // the details column wraps 'PDF und DWG/DXF' after the slash
    expect(text).toMatch(/PDF und DWG\/(DXF)?/);
    expect(text).not.toMatch(/PDF_AND_TEC|TEC_ONLY|PDF_ONLY/);
  });
});

describe('a print job', () => {
  test('bad input is 400 and creates nothing', async () => {
    const before = await server.deps.db.selectFrom('print').select('id').execute();
    for (const body of [
      { type: 'INVOICE', projectId },
      { type: 'PLANLIST', projectId: 'nope' },
      { type: 'TIMELINE', projectId, timelineFilterParams: { docIds: ['x'] } },
      { type: 'PLANLIST', projectId, timeZone: 'Mars/Olympus_Mons' },
    ]) {
      expect((await api(server.app).post('/api/print', body, office.token)).statusCode).toBe(400);
    }
    expect(await server.deps.db.selectFrom('print').select('id').execute()).toEqual(before);
  });

  test('cancelled: the row and its file are gone, and its id answers 404', async () => {
    const created = (
      await api(server.app).post('/api/print', { type: 'PLANLIST', projectId }, office.token)
    ).json<PrintDto>();
    const done = await finishedPrint(created._id);
    const row = await server.deps.db
      .selectFrom('print')
      .select('storage_key')
      .where('id', '=', done._id)
      .executeTakeFirstOrThrow();
    const stored = path.join(server.config.dataDir, 'files', row.storage_key!);
    expect(fs.existsSync(stored)).toBe(true);
    const other = await createTestOffice(server);
    expect((await api(server.app).delete(`/api/print/${done._id}`, other.token)).statusCode).toBe(404);
    expect((await api(server.app).get(`/api/print/${done._id}`, other.token)).statusCode).toBe(404);
    expect((await api(server.app).delete(`/api/print/${done._id}`, office.token)).statusCode).toBe(204);
    expect(fs.existsSync(stored)).toBe(false);
    expect((await api(server.app).get(`/api/print/${done._id}`, office.token)).statusCode).toBe(404);
  });

  test('cancelled at once: the job finds nothing to do and stores no file', async () => {
    const db = server.deps.db;
    const filesDir = path.join(server.config.dataDir, 'files');
    const storedFiles = () =>
      fs.existsSync(filesDir)
        ? fs.readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
        : 0;
    const before = storedFiles();
    const created = (
      await api(server.app).post('/api/print', { type: 'PARTICIPANTLIST', projectId }, office.token)
    ).json<PrintDto>();
    expect((await api(server.app).delete(`/api/print/${created._id}`, office.token)).statusCode).toBe(204);
    await until(async () => {
      const jobs = await sql<{
        state: string;
      }>`select state from pgboss.job where data->>'printId' = ${created._id}`.execute(db);
      return jobs.rows.length > 0 && jobs.rows.every((j) => j.state === 'completed');
    });
    expect(await db.selectFrom('print').select('id').where('id', '=', created._id).execute()).toEqual([]);
    expect(storedFiles()).toBe(before);
  });

  test('a download link only for a finished print; a wrong, foreign or expired token opens nothing', async () => {
    const created = (
      await api(server.app).post('/api/print', { type: 'PLANLIST', projectId }, office.token)
    ).json<PrintDto>();
    const done = await finishedPrint(created._id);
    const other = await createTestOffice(server);
    expect((await api(server.app).post(`/api/print/${done._id}/download-link`, {}, other.token)).statusCode).toBe(404);
    const { url } = (await api(server.app).post(`/api/print/${done._id}/download-link`, {}, office.token)).json<{
      url: string;
    }>();
    expect(url).toMatch(new RegExp(`^/api/print/${done._id}/download\\?token=[A-Za-z0-9_-]{43}$`));
    expect((await fetch(`${server.baseUrl}${url.replace(/token=.*/, `token=${'x'.repeat(43)}`)}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/print/${done._id}/download`)).status).toBe(401);
    const session = await fetch(`${server.baseUrl}/api/print/${done._id}/download?token=${office.token}`);
    expect(session.status).toBe(404);
    const ok = await fetch(`${server.baseUrl}${url}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Planliste%202026-07%20Wohnhaus%20Gr%C3%B6%C3%9Fe.pdf",
    );
    await server.deps.db
      .updateTable('print_download_token')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(404);

    const running = await server.deps.db
      .insertInto('print')
      .values({
        office_id: office.id,
        project_id: projectId,
        type: 'PLANLIST',
        filename: 'x.pdf',
        expires_at: new Date(Date.now() + 3600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notReady = await api(server.app).post(`/api/print/${running.id}/download-link`, {}, office.token);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().msgCode).toBe('print.not_ready');
  });

  test('expires: an expired print answers 404 and is removed with its file by the next print', async () => {
    const created = (
      await api(server.app).post('/api/print', { type: 'PLANLIST', projectId }, office.token)
    ).json<PrintDto>();
    await finishedPrint(created._id);
    const row = await server.deps.db
      .updateTable('print')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', created._id)
      .returning('storage_key')
      .executeTakeFirstOrThrow();
    expect((await api(server.app).get(`/api/print/${created._id}`, office.token)).statusCode).toBe(404);
    await api(server.app).post('/api/print', { type: 'PARTICIPANTLIST', projectId }, office.token);
    expect(await server.deps.db.selectFrom('print').select('id').where('id', '=', created._id).execute()).toEqual([]);
    expect(fs.existsSync(path.join(server.config.dataDir, 'files', row.storage_key!))).toBe(false);
  });
});

describe('a print made by a colleague', () => {
  test('names the person who printed, and their download link ends when they leave the office', async () => {
    await server.deps.db.updateTable('office').set({ tier: 'P2' }).where('id', '=', office.id).execute();
    const member = await addTestMember(server, office.token, 'member', { firstName: 'Tom', lastName: 'Zeichner' });
    await addToProject(server, office.token, projectId, member.userId);
    const file = await printToFile({ type: 'PARTICIPANTLIST', projectId }, 'von-tom.pdf', member.token);
    expect(pdfText(file)[0]).toContain('gedruckt von Tom Zeichner');

    const print = (
      await api(server.app).post('/api/print', { type: 'PARTICIPANTLIST', projectId }, member.token)
    ).json<PrintDto>();
    await finishedPrint(print._id, member.token);
    const link = await api(server.app).post(`/api/print/${print._id}/download-link`, {}, member.token);
    const url = `${server.baseUrl}${link.json<{ url: string }>().url}`;
    expect((await api(server.app).delete(`/api/office/members/${member.userId}`, office.token)).statusCode).toBe(200);
    expect((await fetch(url)).status).toBe(404);
  });
});
