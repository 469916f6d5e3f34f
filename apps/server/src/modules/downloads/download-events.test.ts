import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RecipientPageDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import { createTestOffice, createTestProject } from '../../../test/factories.ts';
import { downloadAsRecipient, downloadEvents, proofScene, sendTo, timelineOf } from '../../../test/proof-scene.ts';
import { releaseStoredVersion } from '../../../test/seed.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const page = async (token: string) => (await http.get(`/api/d/${token}`)).json<RecipientPageDto>();
const summary = (events: Awaited<ReturnType<typeof downloadEvents>>) =>
  events.map((e) => [e.doc?.number, e.version?.index, e.data.format, e.data.via, e.data.participant]);

describe('downloads are events of the timeline', () => {
  test('a single file downloaded on the recipient page is one event naming the person, participant, plan, index and file', async () => {
    const scene = await proofScene(server);
    const dwg = (await page(scene.token)).files.find((f) => f.kind === 'dwg')!;
    await downloadAsRecipient(server, scene.token, dwg._id);
    const [event, ...more] = await downloadEvents(server, scene.office.token, scene.project._id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'DOC',
      kind: 'file.downloaded',
      actor: null,
      doc: { _id: scene.plans.a101._id, number: 'A-101', name: 'Grundriss EG' },
      version: { index: 'A' },
      file: { _id: dwg._id },
      data: {
        participantId: scene.participant._id,
        participant: 'Max Bauer',
        recipientId: scene.recipientId,
        deliveryId: scene.deliveryId,
        via: 'single',
        format: 'dwg',
        superseded: false,
      },
    });
    const stored = await server.deps.db
      .selectFrom('download')
      .select('downloaded_at')
      .where('recipient_id', '=', scene.recipientId)
      .executeTakeFirstOrThrow();
    expect(Math.abs(Date.parse(event!.createdAt) - stored.downloaded_at.getTime())).toBeLessThan(5_000);
  });

  test('a ZIP is one event per file in it, sharing one batch', async () => {
    const scene = await proofScene(server);
    await downloadAsRecipient(server, scene.token, null);
    const events = await downloadEvents(server, scene.office.token, scene.project._id);
    expect(summary(events).sort()).toEqual(
      [
        ['A-101', 'A', 'pdf', 'zip', 'Max Bauer'],
        ['A-101', 'A', 'dwg', 'zip', 'Max Bauer'],
        ['A-101', 'A', 'dxf', 'zip', 'Max Bauer'],
        ['A-102', 'A', 'pdf', 'zip', 'Max Bauer'],
      ].sort(),
    );
    expect(new Set(events.map((e) => e.data.batch)).size).toBe(1);
  });

  test('reading the page, a HEAD of it or of a download ticket, and a ticket never used write no event', async () => {
    const scene = await proofScene(server);
    await http.get(`/api/d/${scene.token}`);
    expect((await server.app.inject({ method: 'HEAD', url: `/api/d/${scene.token}` })).statusCode).toBe(200);
    const ticket = await http.post(`/api/d/${scene.token}/zip/link`);
    expect((await server.app.inject({ method: 'HEAD', url: ticket.json<{ url: string }>().url })).statusCode).toBe(200);
    expect(await downloadEvents(server, scene.office.token, scene.project._id)).toEqual([]);
  });

  test('another office sees none of them: its timeline of the project answers 404, of its own project nothing', async () => {
    const scene = await proofScene(server);
    await downloadAsRecipient(server, scene.token, null);
    const other = await createTestOffice(server, 'P2');
    const foreign = await http.post(
      '/api/timeline',
      { project: scene.project._id, eventType: 'DOC', filterParams: { participantIds: [scene.participant._id] } },
      other.token,
    );
    expect([foreign.statusCode, foreign.json().msgCode]).toEqual([404, 'common.not_found']);
    const own = await createTestProject(server.app, other.token);
    const ownEvents = await timelineOf(server, other.token, own.project._id, 'DOC', {
      participantIds: [scene.participant._id],
      docIds: [scene.plans.a101._id],
    });
    expect(ownEvents).toEqual([]);
  });

  test("a download through a link whose index was superseded since is marked, with the plan's current index", async () => {
    const scene = await proofScene(server);
    await releaseStoredVersion(server, scene.office.token, scene.plans.a102._id, { index: 'B', kinds: ['pdf'] });
    const old = (await page(scene.token)).files.find((f) => f.doc.number === 'A-102')!;
    expect(old.isCurrent).toBe(false);
    await downloadAsRecipient(server, scene.token, old._id);
    const [event] = await downloadEvents(server, scene.office.token, scene.project._id);
    expect(event!.data).toMatchObject({ superseded: true, index: 'A', currentIndex: 'B' });
    const current = (await page(scene.token)).files.find((f) => f.doc.number === 'A-101')!;
    await downloadAsRecipient(server, scene.token, current._id);
    expect((await downloadEvents(server, scene.office.token, scene.project._id))[1]!.data.superseded).toBe(false);
  });

  test('the filters apply as to every event: participant, plan, phase', async () => {
    const scene = await proofScene(server);
    await downloadAsRecipient(server, scene.token, null);
    const { project, office, participant, plans, bundle } = scene;
    const ofParticipant = await timelineOf(server, office.token, project._id, 'DOC', {
      participantIds: [participant._id],
    });
    expect(ofParticipant.filter((e) => e.kind === 'file.downloaded')).toHaveLength(4);
    const ofPlan = await timelineOf(server, office.token, project._id, 'DOC', { docIds: [plans.a102._id] });
    expect(ofPlan.filter((e) => e.kind === 'file.downloaded').map((e) => e.data.format)).toEqual(['pdf']);
    const ownPhase = await timelineOf(server, office.token, project._id, 'DOC', { phaseIds: [bundle.phases[0]!._id] });
    expect(ownPhase.filter((e) => e.kind === 'file.downloaded')).toHaveLength(4);
    const otherPhase = await timelineOf(server, office.token, project._id, 'DOC', {
      phaseIds: [bundle.phases[1]!._id],
    });
    expect(otherPhase.filter((e) => e.kind === 'file.downloaded')).toEqual([]);
  });
});

describe("the office's own downloads", () => {
  const officeDownload = async (token: string, fileId: string) => {
    const link = await http.post(`/api/file/${fileId}/download-link`, {}, token);
    return link.json<{ url: string }>().url;
  };

  test('are events with the person who downloaded, once per link: a resumed range, a HEAD and the QR preview add none', async () => {
    const scene = await proofScene(server);
    const pdf = (await page(scene.token)).files.find((f) => f.doc.number === 'A-102')!;
    const url = await officeDownload(scene.office.token, pdf._id);
    expect((await server.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: `${url}&original=1` })).statusCode).toBe(200);
    expect(await downloadEvents(server, scene.office.token, scene.project._id)).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-' } })).statusCode).toBe(206);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const events = await downloadEvents(server, scene.office.token, scene.project._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { _id: scene.office.userId },
      doc: { number: 'A-102' },
      data: { via: 'office', format: 'pdf', index: 'A' },
    });
    expect(events[0]!.data.participantId).toBeUndefined();
    const byPerson = await timelineOf(server, scene.office.token, scene.project._id, 'DOC', {
      actorIds: [scene.office.userId],
    });
    expect(byPerson.some((e) => e.kind === 'file.downloaded')).toBe(true);
  });
});

describe("the e-mail card's downloads", () => {
  test('show per plan and format when it was first downloaded through that mail and by whom; the rest has none', async () => {
    const scene = await proofScene(server);
    const files = (await page(scene.token)).files;
    await downloadAsRecipient(server, scene.token, files.find((f) => f.kind === 'dwg')!._id);
    await downloadAsRecipient(server, scene.token, files.find((f) => f.kind === 'dwg')!._id);
    const [mail] = await timelineOf(server, scene.office.token, scene.project._id, 'EMAIL');
    expect(mail!.proof!.downloads).toEqual([
      {
        docId: scene.plans.a101._id,
        format: 'dwg',
        firstAt: expect.any(String),
        count: 2,
        by: 'Max Bauer',
        superseded: false,
      },
    ]);
    expect(mail!.proof!.receipt).toEqual({ requested: false, confirmation: null });
  });
});

describe('retention', () => {
  test('events stay when the link is revoked and when the participant is removed; the project takes them along', async () => {
    const scene = await proofScene(server);
    await downloadAsRecipient(server, scene.token, null);
    const { office, project } = scene;
    expect((await http.post(`/api/delivery/recipient/${scene.recipientId}/revoke`, {}, office.token)).statusCode).toBe(
      204,
    );
    expect(await downloadEvents(server, office.token, project._id)).toHaveLength(4);
    expect((await http.delete(`/api/participant/${scene.participant._id}`, office.token)).statusCode).toBe(204);
    expect(await downloadEvents(server, office.token, project._id)).toHaveLength(4);
    const [mail] = await timelineOf(server, office.token, project._id, 'EMAIL');
    expect(mail!.proof!.downloads.map((d) => d.format).sort()).toEqual(['dwg', 'dxf', 'pdf', 'pdf']);

    const typed = await http.delete(`/api/project/${project._id}`, office.token);
    expect(typed.statusCode).toBe(204);
    const left = await server.deps.db
      .selectFrom('timeline_event')
      .select('id')
      .where('project_id', '=', project._id)
      .execute();
    expect(left).toEqual([]);
  });

  test('a second delivery to the same person keeps the first mail’s downloads apart', async () => {
    const scene = await proofScene(server);
    const again = await sendTo(server, scene.office.token, scene.project._id, scene.participant._id, [
      scene.subs.a102._id,
    ]);
    await downloadAsRecipient(server, again.token, null);
    const mails = await timelineOf(server, scene.office.token, scene.project._id, 'EMAIL');
    const byRecipient = new Map(mails.map((m) => [m.data.recipientId, m.proof!.downloads.length]));
    expect(byRecipient.get(again.recipientId)).toBe(1);
    expect(byRecipient.get(scene.recipientId)).toBe(0);
  });
});
