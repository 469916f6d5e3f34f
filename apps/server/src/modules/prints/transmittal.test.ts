import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PrintDto, RecipientPageDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import { createTestOffice, createTestParticipant, createTestProject, ownerActor } from '../../../test/factories.ts';
import { downloadAsRecipient, proofScene, sendTo } from '../../../test/proof-scene.ts';
import {
  deliveryFinished,
  planWithReceivers,
  releaseStoredVersion,
  startDelivery,
  subscribeTo,
} from '../../../test/seed.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { until } from '../../../test/until.ts';
import { loadPlanList, writePlanListPdf } from './plan-list.ts';

const SECRET = 'transmittal-bounce-secret-0123456789';
let server: TestServer;
let http: ReturnType<typeof api>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'transmittal-test-'));
beforeAll(async () => {
  server = await startTestServer({ bounceWebhookSecret: SECRET });
  http = api(server.app);
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** '12.11.2026 14:03' as the office in Germany reads it (de), or '11/12/2026 14:03' (en). */
function officeTime(date: Date, locale: 'de' | 'en' = 'de', timeZone = 'Europe/Berlin'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const day =
    locale === 'de' ? `${parts.day}.${parts.month}.${parts.year}` : `${parts.month}/${parts.day}/${parts.year}`;
  return `${day} ${parts.hour}:${parts.minute}`;
}

/** Prints the transmittal record, waits for the job and downloads it; answers its bytes and type. */
async function printTransmittal(token: string, body: Record<string, unknown>) {
  const created = await http.post('/api/print', { type: 'TRANSMITTAL', ...body }, token);
  expect(created.statusCode).toBe(201);
  const print = created.json<PrintDto>();
  const done = await until(async () => {
    const dto = (await http.get(`/api/print/${print._id}`, token)).json<PrintDto>();
    return dto.isFinished || dto.isFailed ? dto : undefined;
  });
  expect(done.isFinished).toBe(true);
  const link = await http.post(`/api/print/${print._id}/download-link`, {}, token);
  const res = await fetch(`${server.baseUrl}${link.json<{ url: string }>().url}`);
  expect(res.status).toBe(200);
  return {
    print: done,
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition') ?? '',
  };
}

function pdfText(pdf: Buffer): string {
  const file = path.join(tmp, `${Date.now()}-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const eventTime = async (projectId: string, kind: string, where: (data: Record<string, unknown>) => boolean) => {
  const rows = await server.deps.db
    .selectFrom('timeline_event')
    .select(['created_at', 'data'])
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();
  return rows.find((r) => where(r.data))!.created_at;
};

/**
 * Max Bauer got A-101 (A) and A-102 (A), asked to confirm; downloaded the DWG of A-101, confirmed
 * with a remark; then A-102 (B) went to him in a second mail, unconfirmed. Eva Elektro got A-101,
 * whose mail bounced for good.
 */
async function recordScene() {
  const scene = await proofScene(server, { requestReceipt: true, receiptReminderDays: 3 });
  const page = (await http.get(`/api/d/${scene.token}`)).json<RecipientPageDto>();
  await downloadAsRecipient(server, scene.token, page.files.find((f) => f.kind === 'dwg')!._id);
  const confirmed = await http.post(`/api/d/${scene.token}/receipt`, {
    name: 'Max Bauer (Bauleitung)',
    remark: '=SUMME(A1:A9) alles da',
  });
  expect(confirmed.statusCode).toBe(200);
  await releaseStoredVersion(server, scene.office.token, scene.plans.a102._id, { index: 'B', kinds: ['pdf'] });
  const second = await sendTo(
    server,
    scene.office.token,
    scene.project._id,
    scene.participant._id,
    [scene.subs.a102._id],
    { requestReceipt: true },
  );
  const eva = await createTestParticipant(server.app, scene.office.token, scene.bundle, {
    contact: { firstName: 'Eva', lastName: 'Elektro', company: 'Elektro Plan' },
  });
  const evaSub = await subscribeTo(server, scene.office.token, scene.plans.a101._id, eva._id);
  const toEva = await sendTo(server, scene.office.token, scene.project._id, eva._id, [evaSub._id]);
  const { message_id } = await server.deps.db
    .selectFrom('delivery_recipient')
    .select('message_id')
    .where('id', '=', toEva.recipientId)
    .executeTakeFirstOrThrow();
  const bounced = await server.app.inject({
    method: 'POST',
    url: '/api/hooks/bounce',
    headers: { authorization: `Bearer ${SECRET}` },
    payload: { messageId: message_id, status: '5.1.1', diagnostic: '550 5.1.1 User unknown' },
  });
  expect(bounced.statusCode).toBe(202);
  const times = {
    sent: await eventTime(scene.project._id, 'delivery.sent', (d) => d.recipientId === scene.recipientId),
    secondSent: await eventTime(scene.project._id, 'delivery.sent', (d) => d.recipientId === second.recipientId),
    downloaded: await eventTime(scene.project._id, 'file.downloaded', (d) => d.format === 'dwg'),
    confirmed: new Date(confirmed.json<{ confirmation: { confirmedAt: string } }>().confirmation.confirmedAt),
  };
  return { ...scene, eva, times };
}

describe('the transmittal record', () => {
  test("of a participant lists every plan and index sent, with outcome, downloads and confirmation in the office's time zone", async () => {
    const scene = await recordScene();
    const { body, type, disposition, print } = await printTransmittal(scene.office.token, {
      projectId: scene.project._id,
      participantId: scene.participant._id,
    });
    expect(type).toBe('application/pdf');
    expect(print.format).toBe('pdf');
    expect(disposition).toContain('Versandnachweis');
    const text = pdfText(body);
    for (const expected of [
      'Versandnachweis',
      'Empfänger: Max Bauer',
      'Rohbau GmbH',
      'A-101 Grundriss EG',
      'A-102 Schnitt A-A',
      'PDF DWG DXF',
      'zugestellt',
      `DWG ${officeTime(scene.times.downloaded)}`,
      officeTime(scene.times.confirmed),
      'von Max Bauer (Bauleitung)',
      'angefordert – ausstehend',
      'noch nicht heruntergeladen',
      'Europe/Berlin',
    ]) {
      expect(text).toContain(expected);
    }
    const line = (plan: string, index: string, sent: Date) =>
      text
        .split('\n')
        .find((l) => l.includes(officeTime(sent)) && l.includes(plan) && new RegExp(`\\s${index}\\s`).test(l));
    expect(line('A-101', 'A', scene.times.sent)).toBeDefined();
    expect(line('A-102', 'A', scene.times.sent)).toBeDefined();
    expect(line('A-102', 'B', scene.times.secondSent)).toBeDefined();
    expect(text).not.toContain('Eva Elektro');
  });

  test('of a plan lists every index and who received, downloaded and confirmed it — a bounce too', async () => {
    const scene = await recordScene();
    const a101 = pdfText(
      (await printTransmittal(scene.office.token, { projectId: scene.project._id, docId: scene.plans.a101._id })).body,
    );
    expect(a101).toContain('Plan: A-101 Grundriss EG');
    expect(a101).toMatch(/Index A\s+2 Empfänger · 1 heruntergeladen · 1 bestätigt/);
    expect(a101).toContain('Eva Elektro');
    expect(a101).toContain('nicht zustellbar (Rückläufer)');
    expect(a101).toContain('550 5.1.1 User unknown');
    const a102 = pdfText(
      (await printTransmittal(scene.office.token, { projectId: scene.project._id, docId: scene.plans.a102._id })).body,
    );
    // Newest index first.
    expect(a102.indexOf('Index B')).toBeGreaterThan(-1);
    expect(a102.indexOf('Index B')).toBeLessThan(a102.indexOf('Index A'));
    expect(a102).not.toContain('Eva Elektro');
  });

  test('of a plan names the mail the mail server refused, with its words, and the mails stopped before they went out', async () => {
    const { office, project, people } = await planWithReceivers(server, 12);
    const plan = await server.deps.db
      .selectFrom('doc')
      .select('id')
      .where('project_id', '=', project._id)
      .executeTakeFirstOrThrow();
    server.smtp.rejectRecipient = () => ({ code: 550, message: 'No such user here' });
    try {
      const refused = await startDelivery(server, office.token, project._id, people.slice(0, 1));
      await deliveryFinished(server, refused._id);
    } finally {
      server.smtp.rejectRecipient = undefined;
    }
    // The mails that reach the server wait there unanswered, so the stop finds the rest unsent.
    server.smtp.pause();
    let stoppedId: string;
    try {
      const stopped = await startDelivery(server, office.token, project._id, people.slice(1));
      stoppedId = stopped._id;
      await until(async () => server.smtp.held > 0);
      expect((await http.post('/api/delivery/stop', { projectId: project._id }, office.token)).statusCode).toBe(200);
    } finally {
      server.smtp.resume();
    }
    const rows = await until(async () => {
      const found = await server.deps.db
        .selectFrom('delivery_recipient')
        .select('status')
        .where('delivery_id', '=', stoppedId)
        .execute();
      return found.some((r) => r.status === 'SUCCESS') && found;
    });
    expect(rows.filter((r) => r.status === 'STOPPED').length).toBeGreaterThan(0);
    const text = pdfText((await printTransmittal(office.token, { projectId: project._id, docId: plan.id })).body);
    expect(text).toContain('Empfänger 0');
    expect(text).toContain('vom Mailserver abgelehnt');
    expect(text).toContain('No such user here');
    expect(text).toContain('Versand gestoppt');
    expect(text).toContain('zugestellt');
  });

  test('in English names the times as the English office reads them, in the zone the browser sent', async () => {
    const scene = await recordScene();
    await server.deps.db.updateTable('app_user').set({ locale: 'en' }).where('id', '=', scene.office.userId).execute();
    const text = pdfText(
      (
        await printTransmittal(scene.office.token, {
          projectId: scene.project._id,
          participantId: scene.participant._id,
          timeZone: 'America/New_York',
        })
      ).body,
    );
    expect(text).toContain('Transmittal record');
    expect(text).toContain(`DWG ${officeTime(scene.times.downloaded, 'en', 'America/New_York')}`);
    expect(text).toContain('America/New_York');
  });

  test('as CSV: UTF-8 with BOM, semicolons, a line per plan of each mail, formula-like cells made text; a revoked link keeps its lines', async () => {
    const scene = await recordScene();
    const revoke = await http.post(`/api/delivery/recipient/${scene.recipientId}/revoke`, {}, scene.office.token);
    expect(revoke.statusCode).toBe(204);
    const { revoked_at } = await server.deps.db
      .selectFrom('delivery_recipient')
      .select('revoked_at')
      .where('id', '=', scene.recipientId)
      .executeTakeFirstOrThrow();
    const { body, type, disposition, print } = await printTransmittal(scene.office.token, {
      projectId: scene.project._id,
      participantId: scene.participant._id,
      format: 'csv',
    });
    expect(type).toBe('text/csv; charset=utf-8');
    expect(print.format).toBe('csv');
    expect(disposition).toMatch(/\.csv/);
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Projekt";"Plannummer";"Planname";"Index";"Formate";"Empfänger";"E-Mail";"Versendet";"Versendet von";"Zustellung";"Link gesperrt";"Heruntergeladen";"Bestätigung angefordert";"Bestätigt am";"Bestätigt von";"Bemerkung";"Erinnerungen"',
    );
    expect(lines).toHaveLength(4);
    const cells = lines.map((l) => l.split(';'));
    expect(cells.slice(1).map((c) => [c[1], c[3]])).toEqual([
      ['"A-101"', '"A"'],
      ['"A-102"', '"A"'],
      ['"A-102"', '"B"'],
    ]);
    const berlin = (d: Date) => d.toLocaleString('sv-SE', { timeZone: 'Europe/Berlin' });
    expect(cells[1]![11]).toBe(`"DWG ${berlin(scene.times.downloaded)}"`);
    expect(cells[1]![13]).toBe(`"${berlin(scene.times.confirmed)}"`);
    expect(cells[1]![15]).toBe(`"'=SUMME(A1:A9) alles da"`);
    expect(cells[3]![12]).toBe('"ja"');
    expect(cells[3]![13]).toBe('""');
    // The first mail's link was revoked after the download and the confirmation, which stay.
    expect(cells.slice(1).map((c) => c[10])).toEqual([`"${berlin(revoked_at!)}"`, `"${berlin(revoked_at!)}"`, '""']);
  });

  test("another office's ids answer 404; a body naming both or neither answers 400", async () => {
    const scene = await recordScene();
    const other = await createTestOffice(server, 'P2');
    const foreign = await http.post(
      '/api/print',
      { type: 'TRANSMITTAL', projectId: scene.project._id, participantId: scene.participant._id },
      other.token,
    );
    expect(foreign.statusCode).toBe(404);
    for (const ids of [{}, { participantId: scene.participant._id, docId: scene.plans.a101._id }]) {
      const res = await http.post(
        '/api/print',
        { type: 'TRANSMITTAL', projectId: scene.project._id, ...ids },
        scene.office.token,
      );
      expect([res.statusCode, res.json().msgCode]).toEqual([400, 'common.validation']);
    }
    const wrongPlan = await http.post(
      '/api/print',
      { type: 'TRANSMITTAL', projectId: scene.project._id, docId: scene.project._id },
      scene.office.token,
    );
    expect(wrongPlan.statusCode).toBe(404);
  });

  test('a member not on the project gets 404 for either record, as for a participant or plan of another project; on the project, the record prints', async () => {
    const scene = await proofScene(server);
    const member = await addTestMember(server, scene.office.token, 'member', {
      firstName: 'Tom',
      lastName: 'Zeichner',
    });
    const records = [{ participantId: scene.participant._id }, { docId: scene.plans.a101._id }];
    for (const about of records) {
      const res = await http.post(
        '/api/print',
        { type: 'TRANSMITTAL', projectId: scene.project._id, ...about },
        member.token,
      );
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    const { project: elsewhere } = await createTestProject(server.app, scene.office.token, { name: 'Anderes Haus' });
    for (const about of records) {
      const res = await http.post(
        '/api/print',
        { type: 'TRANSMITTAL', projectId: elsewhere._id, ...about },
        scene.office.token,
      );
      expect(res.statusCode).toBe(404);
    }
    const printsBefore = await server.deps.db
      .selectFrom('print')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', 'in', [scene.project._id, elsewhere._id])
      .executeTakeFirstOrThrow();
    expect(Number(printsBefore.n)).toBe(0);

    await addToProject(server, scene.office.token, scene.project._id, member.userId);
    const { body } = await printTransmittal(member.token, {
      projectId: scene.project._id,
      docId: scene.plans.a101._id,
    });
    expect(pdfText(body)).toContain('Max Bauer');
  });

  test('the plan list keeps its transmittal and gains the confirmation ring: green once confirmed, red while asked', async () => {
    const scene = await recordScene();
    const params = { actor: ownerActor(scene.office), projectId: scene.project._id, locale: 'de' as const };
    const data = await loadPlanList(server.deps.db, params);
    const max = scene.participant._id;
    expect(data.cell(scene.plans.a101._id, max)).toEqual({
      subscribed: true,
      deliver: 'GREEN',
      downloaded: 'RED',
      confirmed: 'GREEN',
    });
    // Index B went in a second mail that asked and is not confirmed yet.
    expect(data.cell(scene.plans.a102._id, max)).toMatchObject({ deliver: 'GREEN', confirmed: 'RED' });
    // Eva's mail bounced for good: nothing counts as sent, so no ring at all.
    expect(data.cell(scene.plans.a101._id, scene.eva._id)).toMatchObject({ deliver: 'RED', confirmed: null });
    const file = path.join(tmp, 'planlist.pdf');
    await writePlanListPdf(server.deps.db, params, file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Doppelring: Erhalt bestätigt (grün)');
    expect(
      text
        .split('\n')
        .find((l) => l.includes('A-101'))!
        .match(/[●○]/g),
    ).toEqual(['●', '○', '●']);
  });
});
