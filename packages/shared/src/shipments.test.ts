import { describe, expect, test } from 'vitest';
import { isCalendarDay, shipmentProblem, TRACKING_ID_MAX_LENGTH } from './shipments.ts';

const valid = { date: '2026-11-20', quantity: 2, courierService: 'DHL Express', trackingId: 'JD0146000' };

describe('shipment rules', () => {
  test('a complete shipment has no problem; the tracking id may be empty', () => {
    expect(shipmentProblem(valid)).toBeNull();
    expect(shipmentProblem({ ...valid, trackingId: '' })).toBeNull();
    expect(shipmentProblem({ ...valid, trackingId: 'x'.repeat(TRACKING_ID_MAX_LENGTH) })).toBeNull();
  });

  test('the date is required and must be a real calendar day', () => {
    expect(shipmentProblem({ ...valid, date: '' })).toBe('shipment.date_required');
    expect(shipmentProblem({ ...valid, date: '   ' })).toBe('shipment.date_required');
    expect(shipmentProblem({ ...valid, date: '2026-02-30' })).toBe('shipment.date_invalid');
    expect(shipmentProblem({ ...valid, date: '20.11.2026' })).toBe('shipment.date_invalid');
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
  });

  test('the quantity is a whole number of at least one', () => {
    expect(shipmentProblem({ ...valid, quantity: 1 })).toBeNull();
    for (const quantity of [0, -1, 1.5, Number.NaN, 10_001]) {
      expect(shipmentProblem({ ...valid, quantity })).toBe('shipment.quantity_invalid');
    }
  });

  test('the courier service is required and short; the tracking id has a maximum length', () => {
    expect(shipmentProblem({ ...valid, courierService: ' ' })).toBe('shipment.courier_required');
    expect(shipmentProblem({ ...valid, courierService: 'x'.repeat(101) })).toBe('shipment.courier_too_long');
    expect(shipmentProblem({ ...valid, trackingId: 'x'.repeat(TRACKING_ID_MAX_LENGTH + 1) })).toBe(
      'shipment.tracking_id_too_long',
    );
  });
});
