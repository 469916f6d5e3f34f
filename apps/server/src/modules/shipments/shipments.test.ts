import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  DocDto,
  ParticipantDto,
  ParticipantShipmentsResponse,
  ProjectBundle,
  ShipmentDto,
  TimelineResponse,
  VersionDto,
} from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
  ownerActor,
} from '../../../test/factories.ts';
import { deliveryFinished, releaseStoredVersion, startDelivery, subscribeTo } from '../../../test/seed.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';
import { listShipmentsForProject } from './queries.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

/** Plan A-101 (index A) delivered to Bauherr Berg; plan A-102 released but sent to nobody; Statik gets nothing. */
let office: Awaited<ReturnType<typeof createTestOffice>>;
let other: Awaited<ReturnType<typeof createTestOffice>>;
let bundle: ProjectBundle;
let delivered: { doc: DocDto; version: VersionDto };
let notSent: { doc: DocDto; version: VersionDto };
let berg: ParticipantDto;
let statik: ParticipantDto;

async function releasedPlan(number: string, name: string) {
  const doc = await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number, name });
  const version = await releaseStoredVersion(server, office.token, doc._id, { kinds: ['pdf'] });
  return { doc, version };
}

async function deliverTo(participant: ParticipantDto, docId: string) {
  const sub = await subscribeTo(server, office.token, docId, participant._id);
  const people = [{ participant, subs: [sub._id] }];
  const delivery = await startDelivery(server, office.token, bundle.project._id, people, { subject: 'Projekt: Pläne' });
  await deliveryFinished(server, delivery._id);
}

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
  office = await createTestOffice(server, 'P2');
  other = await createTestOffice(server, 'P2');
  ({ bundle } = await createTestProject(server.app, office.token, { name: 'Haus Berg' }));
  delivered = await releasedPlan('A-101', 'Grundriss EG');
  notSent = await releasedPlan('A-102', 'Schnitt A-A');
  berg = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Bea', lastName: 'Berg', company: 'Bauherr Berg' },
  });
  statik = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Stefan', lastName: 'Statik' },
  });
  await deliverTo(berg, delivered.doc._id);
});
afterAll(() => server.stop());

const shipmentBody = (changes: Record<string, unknown> = {}) => ({
  participantId: berg._id,
  versionId: delivered.version._id,
  date: '2026-11-20',
  quantity: 2,
  courierService: 'DHL Express',
  trackingId: 'JD014600006281230',
  ...changes,
});

const NO_NEEDS = {
  needsAllFiles: false,
  needsPdf: false,
  needsDwg: false,
  needsDxf: false,
  needsSelfPlots: false,
  selfPlotsShipped: 0,
};

const shipmentRows = () => server.deps.db.selectFrom('shipment').selectAll().orderBy('id').execute();
const shipmentEvents = () =>
  server.deps.db
    .selectFrom('timeline_event')
    .selectAll()
    .where('kind', 'like', 'shipment.%')
    .orderBy('created_at')
    .execute();

async function recordShipment(changes: Record<string, unknown> = {}) {
  const res = await http.post('/api/shipment', shipmentBody(changes), office.token);
  expect(res.statusCode).toBe(201);
  return res.json<ShipmentDto>();
}

describe('recording a shipment of printed plans', () => {
  test('a delivered version is shipped: the participant lists it, the needs and the versions it may ship', async () => {
    const before = await http.get(`/api/participant/${berg._id}/shipments`, office.token);
    expect(before.statusCode).toBe(200);
    const empty = before.json<ParticipantShipmentsResponse>();
    expect(empty.shipments).toEqual([]);
    expect(empty.deliveredVersions.map((v) => [v.docNumber, v.index, v.versionId])).toEqual([
      ['A-101', 'A', delivered.version._id],
    ]);

    const shipment = await recordShipment();
    expect(shipment).toMatchObject({
      participant: { _id: berg._id, name: 'Bea Berg' },
      doc: { _id: delivered.doc._id, number: 'A-101', name: 'Grundriss EG' },
      version: { _id: delivered.version._id, index: 'A' },
      date: '2026-11-20',
      quantity: 2,
      courierService: 'DHL Express',
      trackingId: 'JD014600006281230',
    });
    const after = (
      await http.get(`/api/participant/${berg._id}/shipments`, office.token)
    ).json<ParticipantShipmentsResponse>();
    expect(after.shipments).toEqual([shipment]);
  });

  test('the shipment is a timeline event of the plan that names the participant, and filters by participant', async () => {
    const res = await http.post(
      '/api/timeline',
      { project: bundle.project._id, eventType: 'DOC', filterParams: { participantIds: [berg._id] } },
      office.token,
    );
    expect(res.statusCode).toBe(200);
    const event = res.json<TimelineResponse>().events.find((e) => e.kind === 'shipment.recorded')!;
    expect(event.doc).toEqual({ _id: delivered.doc._id, number: 'A-101', name: 'Grundriss EG' });
    expect(event.version).toEqual({ _id: delivered.version._id, index: 'A' });
    expect(event.data).toMatchObject({
      participantId: berg._id,
      participant: 'Bea Berg',
      quantity: 2,
      courierService: 'DHL Express',
      trackingId: 'JD014600006281230',
      date: '2026-11-20',
    });
    const forStatik = await http.post(
      '/api/timeline',
      { project: bundle.project._id, eventType: 'DOC', filterParams: { participantIds: [statik._id] } },
      office.token,
    );
    expect(forStatik.json<TimelineResponse>().events.some((e) => e.kind.startsWith('shipment.'))).toBe(false);
  });

  test('broken fields answer 400 with the rule that broke, and nothing is written', async () => {
    const rows = await shipmentRows();
    const events = await shipmentEvents();
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, 'shipment.quantity_invalid'],
      [{ quantity: -3 }, 'shipment.quantity_invalid'],
      [{ quantity: 1.5 }, 'shipment.quantity_invalid'],
      [{ date: '' }, 'shipment.date_required'],
      [{ date: '2026-02-30' }, 'shipment.date_invalid'],
      [{ courierService: '  ' }, 'shipment.courier_required'],
      [{ trackingId: 'X'.repeat(101) }, 'shipment.tracking_id_too_long'],
      [{ quantity: 'zwei' }, 'common.validation'],
      [{ date: undefined }, 'common.validation'],
    ];
    for (const [changes, msgCode] of cases) {
      const res = await http.post('/api/shipment', shipmentBody(changes), office.token);
      expect({ changes, status: res.statusCode, msgCode: res.json<{ msgCode: string }>().msgCode }).toEqual({
        changes,
        status: 400,
        msgCode,
      });
    }
    expect(await shipmentRows()).toEqual(rows);
    expect(await shipmentEvents()).toEqual(events);
  });

  test('only a version delivered to that participant can be shipped to it', async () => {
    const rows = await shipmentRows();
    const notDelivered = await http.post(
      '/api/shipment',
      shipmentBody({ versionId: notSent.version._id }),
      office.token,
    );
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json<{ msgCode: string }>().msgCode).toBe('shipment.version_not_delivered');
    const toSomeoneElse = await http.post('/api/shipment', shipmentBody({ participantId: statik._id }), office.token);
    expect(toSomeoneElse.statusCode).toBe(409);
    expect(toSomeoneElse.json<{ msgCode: string }>().msgCode).toBe('shipment.version_not_delivered');
    expect(await shipmentRows()).toEqual(rows);
  });

  test('editing and deleting a shipment are timeline events too', async () => {
    const shipment = await recordShipment({ quantity: 1, trackingId: '' });
    const edited = await http.put(
      `/api/shipment/${shipment._id}`,
      { date: '2026-11-21', quantity: 3, courierService: 'UPS', trackingId: '1Z999AA10123456784' },
      office.token,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<ShipmentDto>()).toMatchObject({ date: '2026-11-21', quantity: 3, courierService: 'UPS' });
    const badEdit = await http.put(
      `/api/shipment/${shipment._id}`,
      { date: '2026-11-21', quantity: 0, courierService: 'UPS' },
      office.token,
    );
    expect(badEdit.json<{ msgCode: string }>().msgCode).toBe('shipment.quantity_invalid');
    expect((await http.delete(`/api/shipment/${shipment._id}`, office.token)).statusCode).toBe(204);
    expect((await http.delete(`/api/shipment/${shipment._id}`, office.token)).statusCode).toBe(404);
    const kinds = (await shipmentEvents()).filter((e) => e.data.trackingId !== 'JD014600006281230').map((e) => e.kind);
    expect(kinds).toEqual(['shipment.recorded', 'shipment.updated', 'shipment.deleted']);
    const list = (
      await http.get(`/api/participant/${berg._id}/shipments`, office.token)
    ).json<ParticipantShipmentsResponse>();
    expect(list.shipments.map((s) => s._id)).not.toContain(shipment._id);
  });
});

describe("a receiver's shipping needs", () => {
  test('start empty, are saved per participant and read back', async () => {
    const first = (
      await http.get(`/api/participant/${statik._id}/shipments`, office.token)
    ).json<ParticipantShipmentsResponse>();
    expect(first.needs).toEqual({
      needsAllFiles: false,
      needsPdf: false,
      needsDwg: false,
      needsDxf: false,
      needsSelfPlots: false,
      selfPlotsShipped: 0,
    });
    const needs = {
      needsAllFiles: false,
      needsPdf: true,
      needsDwg: true,
      needsDxf: false,
      needsSelfPlots: true,
      selfPlotsShipped: 4,
    };
    const saved = await http.put(`/api/participant/${statik._id}/shipping-needs`, needs, office.token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(needs);
    const again = (
      await http.get(`/api/participant/${statik._id}/shipments`, office.token)
    ).json<ParticipantShipmentsResponse>();
    expect(again.needs).toEqual(needs);
    const otherParticipant = (
      await http.get(`/api/participant/${berg._id}/shipments`, office.token)
    ).json<ParticipantShipmentsResponse>();
    expect(otherParticipant.needs.needsPdf).toBe(false);
  });

  test('a negative or broken number of self-plots is refused and changes nothing', async () => {
    const before = (
      await http.get(`/api/participant/${statik._id}/shipments`, office.token)
    ).json<ParticipantShipmentsResponse>();
    const res = await http.put(
      `/api/participant/${statik._id}/shipping-needs`,
      { ...before.needs, selfPlotsShipped: -1 },
      office.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msgCode: string }>().msgCode).toBe('common.validation');
    const after = (
      await http.get(`/api/participant/${statik._id}/shipments`, office.token)
    ).json<ParticipantShipmentsResponse>();
    expect(after.needs).toEqual(before.needs);
  });
});

describe('another office', () => {
  test("sees none of the office's shipments, participants or versions: 404 everywhere, nothing changes", async () => {
    const shipment = await recordShipment({ trackingId: 'FOREIGN-CHECK' });
    const rows = await shipmentRows();
    const attempts = [
      await http.get(`/api/participant/${berg._id}/shipments`, other.token),
      await http.put(
        `/api/participant/${berg._id}/shipping-needs`,
        {
          needsAllFiles: true,
          needsPdf: true,
          needsDwg: true,
          needsDxf: true,
          needsSelfPlots: true,
          selfPlotsShipped: 1,
        },
        other.token,
      ),
      await http.post('/api/shipment', shipmentBody(), other.token),
      await http.put(
        `/api/shipment/${shipment._id}`,
        { date: '2026-11-22', quantity: 9, courierService: 'GLS', trackingId: '' },
        other.token,
      ),
      await http.delete(`/api/shipment/${shipment._id}`, other.token),
    ];
    expect(attempts.map((r) => [r.statusCode, r.json<{ msgCode: string }>().msgCode])).toEqual(
      attempts.map(() => [404, 'common.not_found']),
    );
    expect(await shipmentRows()).toEqual(rows);
    expect(await listShipmentsForProject(server.deps.db, ownerActor(other), bundle.project._id)).toEqual([]);
  });

  test("cannot ship its own participant a version of this office's project", async () => {
    const { bundle: otherBundle } = await createTestProject(server.app, other.token);
    const otherParticipant = await createTestParticipant(server.app, other.token, otherBundle);
    const res = await http.post('/api/shipment', shipmentBody({ participantId: otherParticipant._id }), other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ msgCode: string }>().msgCode).toBe('common.not_found');
  });
});

test('the plan list print reads every shipment of the project in date order', async () => {
  const all = await listShipmentsForProject(server.deps.db, ownerActor(office), bundle.project._id);
  expect(all.length).toBeGreaterThan(0);
  expect(all.every((s) => s.doc.number === 'A-101' && s.participant.name === 'Bea Berg')).toBe(true);
  const dates = all.map((s) => s.date);
  expect(dates).toEqual([...dates].sort());
});

test('removing the participant removes its shipments and needs; the timeline keeps what happened', async () => {
  const leaving = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Lena', lastName: 'Vogt' },
  });
  await deliverTo(leaving, delivered.doc._id);
  const shipment = await recordShipment({ participantId: leaving._id, trackingId: 'LEAVING' });
  const needs = { ...NO_NEEDS, needsPdf: true };
  expect((await http.put(`/api/participant/${leaving._id}/shipping-needs`, needs, office.token)).statusCode).toBe(200);
  expect((await http.delete(`/api/participant/${leaving._id}`, office.token)).statusCode).toBe(204);
  expect(await server.deps.db.selectFrom('shipment').select('id').where('id', '=', shipment._id).execute()).toEqual([]);
  expect(
    await server.deps.db
      .selectFrom('participant_shipping_needs')
      .select('participant_id')
      .where('participant_id', '=', leaving._id)
      .execute(),
  ).toEqual([]);
  expect((await http.get(`/api/participant/${leaving._id}/shipments`, office.token)).statusCode).toBe(404);
  const events = await shipmentEvents();
  expect(events.some((e) => e.kind === 'shipment.recorded' && e.data.participantId === leaving._id)).toBe(true);
});

test('a shipment names the member who recorded it, in the list and after a reload', async () => {
  const member = await addTestMember(server, office.token, 'member', { firstName: 'Lena', lastName: 'Lorenz' });
  await addToProject(server, office.token, bundle.project._id, member.userId);
  const res = await http.post('/api/shipment', shipmentBody({ quantity: 1, trackingId: '' }), member.token);
  expect(res.statusCode).toBe(201);
  const shipment = res.json<ShipmentDto>();
  expect(shipment.recordedBy).toBe('Lena Lorenz');
  const listed = (
    await http.get(`/api/participant/${berg._id}/shipments`, office.token)
  ).json<ParticipantShipmentsResponse>();
  expect(listed.shipments.find((s) => s._id === shipment._id)?.recordedBy).toBe('Lena Lorenz');
});
