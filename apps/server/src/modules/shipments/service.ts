import { visibleProject, type Actor } from '../offices/access.ts';
import {
  appError,
  errors,
  shipmentProblem,
  type ParticipantShipmentsResponse,
  type ShipmentBody,
  type ShipmentDto,
  type ShipmentUpdateBody,
  type ShippingNeeds,
} from '@plankurier/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import type { Deps } from '../../deps.ts';
import { announceChange } from '../projects/changes.ts';
import { findParticipant } from '../participants/queries.ts';
import { recordDocEvent, type DocEventKind } from '../timeline/record.ts';
import {
  deliveredVersionsOf,
  findShipment,
  shipmentsOfParticipant,
  shippingNeedsOf,
  toShipmentDto,
  upsertShippingNeeds,
} from './queries.ts';

type ShipmentDeps = Pick<Deps, 'db' | 'realtime'>;
type Fields = z.output<typeof ShipmentUpdateBody>;

function assertFields(fields: Fields): Fields {
  const problem = shipmentProblem(fields);
  if (problem) throw appError(problem, 400); // each broken rule its own msgCode
  return { ...fields, date: fields.date.trim(), courierService: fields.courierService.trim() };
}

async function requireParticipant(db: Deps['db'], actor: Actor, participantId: string) {
  const participant = await findParticipant(db, actor, participantId);
  if (!participant) throw errors.notFound();
  return participant;
}

/** What the participant panel shows: the needs, the shipments and the versions that may be shipped. */
export async function getParticipantShipments(
  { db }: ShipmentDeps,
  actor: Actor,
  participantId: string,
): Promise<ParticipantShipmentsResponse> {
  await requireParticipant(db, actor, participantId);
  const [needs, shipments, delivered] = await Promise.all([
    shippingNeedsOf(db, participantId),
    shipmentsOfParticipant(db, actor, participantId),
    deliveredVersionsOf(db, actor, participantId),
  ]);
  return {
    needs,
    shipments: shipments.map(toShipmentDto),
    deliveredVersions: delivered.map((v) => ({
      versionId: v.version_id,
      index: v.version_index,
      docId: v.doc_id,
      docNumber: v.doc_number,
      docName: v.doc_name,
      deliveredAt: v.delivered_at ? new Date(v.delivered_at).toISOString() : '',
    })),
  };
}

export async function setShippingNeeds(
  { db, realtime }: ShipmentDeps,
  actor: Actor,
  participantId: string,
  needs: ShippingNeeds,
): Promise<ShippingNeeds> {
  const participant = await requireParticipant(db, actor, participantId);
  await upsertShippingNeeds(db, participantId, needs);
  await announceChange({ db, realtime }, actor, {
    projectId: participant.project_id,
    entity: 'participant',
    id: participantId,
  });
  return shippingNeedsOf(db, participantId);
}

/** The timeline names the shipment even after the doc or participant is gone. */
async function recordShipmentEvent(
  tx: Transaction<Database>,
  actor: Actor,
  kind: DocEventKind,
  shipment: ShipmentDto,
  projectId: string,
) {
  await recordDocEvent(tx, {
    projectId,
    actorId: actor.userId,
    kind,
    docId: shipment.doc._id,
    versionId: shipment.version._id,
    data: {
      participantId: shipment.participant._id,
      participant: shipment.participant.name,
      docNumber: shipment.doc.number,
      docName: shipment.doc.name,
      index: shipment.version.index,
      date: shipment.date,
      quantity: shipment.quantity,
      courierService: shipment.courierService,
      trackingId: shipment.trackingId,
    },
  });
}

/** Records printed plans sent by courier; only a version delivered to the participant can be shipped. */
export async function createShipment(
  { db, realtime }: ShipmentDeps,
  actor: Actor,
  body: z.output<typeof ShipmentBody>,
): Promise<ShipmentDto> {
  const fields = assertFields(body);
  const shipment = await db.transaction().execute(async (tx) => {
    const participant = await requireParticipant(tx, actor, body.participantId);
    const delivered = await deliveredVersionsOf(tx, actor, body.participantId, body.versionId);
    if (delivered.length === 0) {
      const version = await tx
        .selectFrom('version')
        .innerJoin('project', 'project.id', 'version.project_id')
        .select('version.id')
        .where('version.id', '=', body.versionId)
        .where(visibleProject(actor))
        .executeTakeFirst();
      if (!version) throw errors.notFound();
      throw errors.shipmentVersionNotDelivered();
    }
    const { id } = await tx
      .insertInto('shipment')
      .values({
        project_id: participant.project_id,
        participant_id: body.participantId,
        version_id: body.versionId,
        shipped_on: fields.date,
        quantity: fields.quantity,
        courier_service: fields.courierService,
        tracking_id: fields.trackingId,
        created_by: actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = toShipmentDto((await findShipment(tx, actor, id))!);
    await recordShipmentEvent(tx, actor, 'shipment.recorded', created, participant.project_id);
    return { dto: created, projectId: participant.project_id };
  });
  await announceChange({ db, realtime }, actor, {
    projectId: shipment.projectId,
    entity: 'participant',
    id: body.participantId,
  });
  return shipment.dto;
}

export async function updateShipment(
  { db, realtime }: ShipmentDeps,
  actor: Actor,
  shipmentId: string,
  body: Fields,
): Promise<ShipmentDto> {
  const fields = assertFields(body);
  const result = await db.transaction().execute(async (tx) => {
    const row = await findShipment(tx, actor, shipmentId);
    if (!row) throw errors.notFound();
    await tx
      .updateTable('shipment')
      .set({
        shipped_on: fields.date,
        quantity: fields.quantity,
        courier_service: fields.courierService,
        tracking_id: fields.trackingId,
        updated_at: new Date(),
      })
      .where('id', '=', shipmentId)
      .execute();
    const updated = toShipmentDto((await findShipment(tx, actor, shipmentId))!);
    await recordShipmentEvent(tx, actor, 'shipment.updated', updated, row.project_id);
    return { dto: updated, projectId: row.project_id };
  });
  await announceChange({ db, realtime }, actor, {
    projectId: result.projectId,
    entity: 'participant',
    id: result.dto.participant._id,
  });
  return result.dto;
}

export async function deleteShipment({ db, realtime }: ShipmentDeps, actor: Actor, shipmentId: string): Promise<void> {
  const row = await db.transaction().execute(async (tx) => {
    const found = await findShipment(tx, actor, shipmentId);
    if (!found) throw errors.notFound();
    await tx.deleteFrom('shipment').where('id', '=', shipmentId).execute();
    await recordShipmentEvent(tx, actor, 'shipment.deleted', toShipmentDto(found), found.project_id);
    return found;
  });
  await announceChange({ db, realtime }, actor, {
    projectId: row.project_id,
    entity: 'participant',
    id: row.participant_id,
  });
}
