import { inVisibleProject, visibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import type { ShipmentDto, ShippingNeeds } from '@plankurier/shared';
import { NO_SHIPPING_NEEDS, personName } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { participantName } from '../participants/dto.ts';
import { liveDoc } from '../projects/queries.ts';

/** Shipments with what they show (participant, doc, version); callers add the office scope. */
const selectShipments = (db: Db) =>
  db
    .selectFrom('shipment')
    .innerJoin('project', 'project.id', 'shipment.project_id')
    .innerJoin('participant', 'participant.id', 'shipment.participant_id')
    .innerJoin('contact', 'contact.id', 'participant.contact_id')
    .innerJoin('version', 'version.id', 'shipment.version_id')
    .innerJoin('doc', 'doc.id', 'version.doc_id')
    .leftJoin('app_user as recorder', 'recorder.id', 'shipment.created_by')
    .select([
      'shipment.id',
      'shipment.project_id',
      'shipment.participant_id',
      'shipment.version_id',
      sql<string>`to_char(shipment.shipped_on, 'YYYY-MM-DD')`.as('shipped_on'),
      'shipment.quantity',
      'shipment.courier_service',
      'shipment.tracking_id',
      'shipment.created_at',
      'contact.first_name',
      'contact.last_name',
      'contact.company',
      'contact.email',
      'doc.id as doc_id',
      'doc.number as doc_number',
      'doc.name as doc_name',
      'version.index as version_index',
      'recorder.first_name as recorder_first_name',
      'recorder.last_name as recorder_last_name',
      'recorder.email as recorder_email',
    ]);

export type ShipmentRow = Awaited<ReturnType<ReturnType<typeof selectShipments>['execute']>>[number];

export const toShipmentDto = (row: ShipmentRow): ShipmentDto => ({
  _id: row.id,
  participant: { _id: row.participant_id, name: participantName(row) },
  doc: { _id: row.doc_id, number: row.doc_number, name: row.doc_name },
  version: { _id: row.version_id, index: row.version_index },
  date: row.shipped_on,
  quantity: row.quantity,
  courierService: row.courier_service,
  trackingId: row.tracking_id,
  createdAt: row.created_at.toISOString(),
  recordedBy: row.recorder_email
    ? personName({
        firstName: row.recorder_first_name ?? '',
        lastName: row.recorder_last_name ?? '',
        email: row.recorder_email,
      })
    : null,
});

export const findShipment = (db: Db, actor: Actor, shipmentId: string) =>
  selectShipments(db).where('shipment.id', '=', shipmentId).where(visibleProject(actor)).executeTakeFirst();

/** The participant's shipments, newest day first. */
export const shipmentsOfParticipant = (db: Db, actor: Actor, participantId: string) =>
  selectShipments(db)
    .where('shipment.participant_id', '=', participantId)
    .where(visibleProject(actor))
    .orderBy('shipment.shipped_on', 'desc')
    .orderBy('shipment.created_at', 'desc')
    .execute();

/**
 * Every shipment of the project in date order, for the plan list print (empty for another office's
 * project). Exported for modules/prints.
 */
export async function listShipmentsForProject(db: Db, actor: Actor, projectId: string): Promise<ShipmentDto[]> {
  const rows = await selectShipments(db)
    .where('shipment.project_id', '=', projectId)
    .where(visibleProject(actor))
    .orderBy('shipment.shipped_on')
    .orderBy('doc.number')
    .orderBy('shipment.created_at')
    .execute();
  return rows.map(toShipmentDto);
}

/**
 * The versions whose files reached the participant by e-mail (a successful delivery), newest
 * delivery first. Scoped by the office through the project.
 */
export const deliveredVersionsOf = (db: Db, actor: Actor, participantId: string, versionId?: string) => {
  let query = db
    .selectFrom('delivery_recipient as r')
    .innerJoin('delivery', 'delivery.id', 'r.delivery_id')
    .innerJoin('delivery_file as df', 'df.recipient_id', 'r.id')
    .innerJoin('file', 'file.id', 'df.file_id')
    .innerJoin('version', 'version.id', 'file.version_id')
    .innerJoin('doc', 'doc.id', 'version.doc_id')
    .where('r.participant_id', '=', participantId)
    .where('r.status', '=', 'SUCCESS')
    .where('delivery.office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, 'delivery.project_id'))
    // A withdrawn plan is not shipped on paper any more; its earlier shipments stay listed.
    .where(liveDoc());
  if (versionId) query = query.where('version.id', '=', versionId);
  return query
    .select([
      'version.id as version_id',
      'version.index as version_index',
      'doc.id as doc_id',
      'doc.number as doc_number',
      'doc.name as doc_name',
    ])
    .select((eb) => eb.fn.max('r.sent_at').as('delivered_at'))
    .groupBy(['version.id', 'version.index', 'doc.id', 'doc.number', 'doc.name'])
    .orderBy(
      (eb) => eb.fn.max('r.sent_at'),
      (ob) => ob.desc().nullsLast(),
    )
    .orderBy('doc.number')
    .execute();
};

export async function shippingNeedsOf(db: Db, participantId: string): Promise<ShippingNeeds> {
  const row = await db
    .selectFrom('participant_shipping_needs')
    .selectAll()
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  if (!row) return NO_SHIPPING_NEEDS;
  return {
    needsAllFiles: row.needs_all_files,
    needsPdf: row.needs_pdf,
    needsDwg: row.needs_dwg,
    needsDxf: row.needs_dxf,
    needsSelfPlots: row.needs_self_plots,
    selfPlotsShipped: row.self_plots_shipped,
  };
}

export const upsertShippingNeeds = (db: Db, participantId: string, needs: ShippingNeeds) => {
  const values = {
    needs_all_files: needs.needsAllFiles,
    needs_pdf: needs.needsPdf,
    needs_dwg: needs.needsDwg,
    needs_dxf: needs.needsDxf,
    needs_self_plots: needs.needsSelfPlots,
    self_plots_shipped: needs.selfPlotsShipped,
  };
  return db
    .insertInto('participant_shipping_needs')
    .values({ participant_id: participantId, ...values })
    .onConflict((oc) => oc.column('participant_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
};
