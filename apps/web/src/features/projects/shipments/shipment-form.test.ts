import type { DeliveredVersionDto, ShipmentDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { deliveredVersionLabel, emptyShipmentForm, shipmentFields, shipmentFormOf, today } from './shipment-form';

const delivered: DeliveredVersionDto[] = [
  { versionId: 'v2', index: 'C', docId: 'd1', docNumber: 'A-101', docName: 'Grundriss EG', deliveredAt: '' },
  { versionId: 'v1', index: 'B', docId: 'd1', docNumber: 'A-101', docName: 'Grundriss EG', deliveredAt: '' },
];

describe('the shipment form', () => {
  test('a new shipment starts today with one copy of the latest delivered version', () => {
    const now = new Date(2026, 0, 5, 9, 30);
    expect(today(now)).toBe('2026-01-05');
    expect(emptyShipmentForm(delivered, now)).toEqual({
      versionId: 'v2',
      date: '2026-01-05',
      quantity: 1,
      courierService: '',
      trackingId: '',
    });
    expect(emptyShipmentForm([], now).versionId).toBeNull();
  });

  test('editing starts from the stored shipment, and the fields are sent trimmed', () => {
    const shipment: ShipmentDto = {
      _id: 's1',
      participant: { _id: 'p1', name: 'Bea Berg' },
      doc: { _id: 'd1', number: 'A-101', name: 'Grundriss EG' },
      version: { _id: 'v1', index: 'B' },
      date: '2026-11-20',
      quantity: 3,
      courierService: 'UPS',
      trackingId: '1Z',
      createdAt: '',
      recordedBy: null,
    };
    expect(shipmentFields({ ...shipmentFormOf(shipment), courierService: ' UPS ', trackingId: ' 1Z ' })).toEqual({
      date: '2026-11-20',
      quantity: 3,
      courierService: 'UPS',
      trackingId: '1Z',
    });
  });

  test('an empty or typed quantity becomes a number the server can judge', () => {
    const base = emptyShipmentForm(delivered);
    expect(shipmentFields({ ...base, quantity: '4' }).quantity).toBe(4);
    expect(shipmentFields({ ...base, quantity: '' }).quantity).toBeNaN();
  });

  test('a delivered version reads as plan and index', () => {
    expect(deliveredVersionLabel(delivered[0]!, 'Index')).toBe('A-101 Grundriss EG · Index C');
  });
});
