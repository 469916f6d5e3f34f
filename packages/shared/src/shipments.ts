import { z } from 'zod';
import type { MsgCode } from './msg-codes.ts';

/** Printed plans sent by courier (spec §3 Shipment) and what a receiver needs on paper and as files. */

export const COURIER_SERVICE_MAX_LENGTH = 100;
export const TRACKING_ID_MAX_LENGTH = 100;
export const SHIPMENT_QUANTITY_MAX = 10_000;

/**
 * Loose on purpose: each broken rule gets its own msgCode from shipmentProblem (the service checks),
 * zod only guards types and absurd sizes.
 */
const shipmentFields = {
  /** Calendar day of the shipment, YYYY-MM-DD. */
  date: z.string().trim().max(40),
  quantity: z.number(),
  courierService: z.string().trim().max(1000),
  trackingId: z.string().trim().max(1000).default(''),
};

export const ShipmentBody = z.object({ participantId: z.uuid(), versionId: z.uuid(), ...shipmentFields });
export type ShipmentBody = z.input<typeof ShipmentBody>;

export const ShipmentUpdateBody = z.object(shipmentFields);
export type ShipmentUpdateBody = z.input<typeof ShipmentUpdateBody>;

export const ShippingNeedsSchema = z.object({
  needsAllFiles: z.boolean(),
  needsPdf: z.boolean(),
  needsDwg: z.boolean(),
  needsDxf: z.boolean(),
  needsSelfPlots: z.boolean(),
  /** How many sets the receiver printed itself ('self-plots') were shipped so far. */
  selfPlotsShipped: z.number().int().min(0).max(100_000),
});
export type ShippingNeeds = z.infer<typeof ShippingNeedsSchema>;

export const NO_SHIPPING_NEEDS: ShippingNeeds = {
  needsAllFiles: false,
  needsPdf: false,
  needsDwg: false,
  needsDxf: false,
  needsSelfPlots: false,
  selfPlotsShipped: 0,
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The first broken rule of a shipment's fields, or null when it may be saved. */
export function shipmentProblem(fields: {
  date: string;
  quantity: number;
  courierService: string;
  trackingId: string;
}): MsgCode | null {
  if (!fields.date.trim()) return 'shipment.date_required';
  if (!isCalendarDay(fields.date.trim())) return 'shipment.date_invalid';
  if (!Number.isInteger(fields.quantity) || fields.quantity < 1 || fields.quantity > SHIPMENT_QUANTITY_MAX)
    return 'shipment.quantity_invalid';
  if (!fields.courierService.trim()) return 'shipment.courier_required';
  if (fields.courierService.trim().length > COURIER_SERVICE_MAX_LENGTH) return 'shipment.courier_too_long';
  if (fields.trackingId.trim().length > TRACKING_ID_MAX_LENGTH) return 'shipment.tracking_id_too_long';
  return null;
}

export interface ShipmentDto {
  _id: string;
  participant: { _id: string; name: string };
  doc: { _id: string; number: string; name: string };
  version: { _id: string; index: string };
  /** YYYY-MM-DD */
  date: string;
  quantity: number;
  courierService: string;
  trackingId: string;
  createdAt: string;
  /** The member who recorded it; null when that person's account is gone. */
  recordedBy: string | null;
}

/** A version whose files reached the participant by e-mail: only those can be shipped on paper. */
export interface DeliveredVersionDto {
  versionId: string;
  index: string;
  docId: string;
  docNumber: string;
  docName: string;
  /** ISO time of the latest successful delivery to the participant. */
  deliveredAt: string;
}

export interface ParticipantShipmentsResponse {
  needs: ShippingNeeds;
  shipments: ShipmentDto[];
  deliveredVersions: DeliveredVersionDto[];
}
