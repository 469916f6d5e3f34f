import type { TimelineEventDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { eventSentence } from './event-sentence';

const shipmentEvent = (kind: string, over: Partial<TimelineEventDto> = {}): TimelineEventDto => ({
  _id: 'e1',
  type: 'DOC',
  kind,
  createdAt: '2026-11-21T10:05:00.000Z',
  actor: { _id: 'u1', name: 'Anna Berg' },
  doc: { _id: 'd1', number: 'A-101', name: 'Grundriss EG' },
  version: { _id: 'v1', index: 'C' },
  file: null,
  data: { participant: 'Bea Berg', quantity: 2, courierService: 'DHL Express', trackingId: 'JD01' },
  link: null,
  ...over,
});

describe('the timeline sentence of a courier shipment', () => {
  test('recorded, changed and deleted name quantity, plan, index, participant and courier', () => {
    const params = {
      doc: 'A-101 Grundriss EG',
      index: 'C',
      participant: 'Bea Berg',
      quantity: '2',
      courier: 'DHL Express',
    };
    expect(eventSentence(shipmentEvent('shipment.recorded'))).toEqual({
      key: 'timeline.kind.shipmentRecorded',
      params,
    });
    expect(eventSentence(shipmentEvent('shipment.updated'))).toEqual({ key: 'timeline.kind.shipmentUpdated', params });
    expect(eventSentence(shipmentEvent('shipment.deleted'))).toEqual({ key: 'timeline.kind.shipmentDeleted', params });
  });

  test('after the doc was deleted the sentence uses what the event recorded', () => {
    const gone = shipmentEvent('shipment.recorded', {
      doc: { _id: 'd1', number: '', name: '' },
      version: null,
      data: {
        participant: 'Bea Berg',
        quantity: 1,
        courierService: 'UPS',
        docNumber: 'A-9',
        docName: 'Alt',
        index: 'B',
      },
    });
    expect(eventSentence(gone).params).toMatchObject({ doc: 'A-9 Alt', index: 'B', quantity: '1', courier: 'UPS' });
  });
});
