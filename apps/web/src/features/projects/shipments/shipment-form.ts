import type { DeliveredVersionDto, ShipmentDto, ShipmentUpdateBody } from '@plankurier/shared';

/** What the shipment form edits; the quantity stays a string or number as NumberInput gives it. */
export interface ShipmentFormValues {
  versionId: string | null;
  date: string;
  quantity: number | string;
  courierService: string;
  trackingId: string;
}

/** Today as YYYY-MM-DD in the browser's time zone (the day the office works in). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new shipment: today, one copy, the most recently delivered version preselected. */
export const emptyShipmentForm = (delivered: readonly DeliveredVersionDto[], now = new Date()): ShipmentFormValues => ({
  versionId: delivered[0]?.versionId ?? null,
  date: today(now),
  quantity: 1,
  courierService: '',
  trackingId: '',
});

export const shipmentFormOf = (shipment: ShipmentDto): ShipmentFormValues => ({
  versionId: shipment.version._id,
  date: shipment.date,
  quantity: shipment.quantity,
  courierService: shipment.courierService,
  trackingId: shipment.trackingId,
});

/** The fields as the API takes them; the server checks the rules (shipmentProblem) and answers with a msgCode. */
export const shipmentFields = (values: ShipmentFormValues): ShipmentUpdateBody => ({
  date: values.date.trim(),
  quantity: typeof values.quantity === 'number' ? values.quantity : Number(values.quantity || Number.NaN),
  courierService: values.courierService.trim(),
  trackingId: values.trackingId.trim(),
});

/** 'A-101 Grundriss EG · Index C' for the version picker. */
export const deliveredVersionLabel = (v: DeliveredVersionDto, indexWord: string) =>
  `${[v.docNumber, v.docName].filter(Boolean).join(' ')} · ${indexWord} ${v.index}`;

/** Couriers offered while typing; any other name may be entered. */
export const COURIER_SUGGESTIONS = ['DHL Express', 'UPS', 'DPD', 'GLS', 'FedEx', 'TNT', 'Hermes', 'Fahrradkurier'];
