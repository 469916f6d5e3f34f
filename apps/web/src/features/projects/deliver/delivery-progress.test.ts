import type { DeliveryDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import {
  applyProgress,
  isDeliveryInProgress,
  isDeliveryProgressEvent,
  markStopped,
  progressCounts,
} from './delivery-progress';

const delivery = (): DeliveryDto => ({
  _id: 'del1',
  status: 'DELIVERING',
  recipients: [
    { participant: 'a', status: 'PREPARING', sentAt: null, error: null },
    { participant: 'b', status: 'PREPARING', sentAt: null, error: null },
    { participant: 'c', status: 'NOTHING', sentAt: null, error: null },
  ],
});

const event = (participant: string, status: 'SUCCESS' | 'FAILED', deliveryId = 'del1') => ({
  projectId: 'p1',
  deliveryId,
  recipient: {
    participant,
    status,
    sentAt: status === 'SUCCESS' ? '2026-11-22T02:00:00.000Z' : null,
    error: status === 'FAILED' ? '550 no such user' : null,
  },
});

describe('live progress of a delivery', () => {
  test('each receiver takes its outcome; the delivery is done when none is preparing', () => {
    const first = applyProgress(delivery(), event('a', 'SUCCESS'));
    expect(first.recipients.map((r) => r.status)).toEqual(['SUCCESS', 'PREPARING', 'NOTHING']);
    expect(first.status).toBe('DELIVERING');
    expect(isDeliveryInProgress(first)).toBe(true);
    const done = applyProgress(first, event('b', 'FAILED'));
    expect(done.status).toBe('DONE');
    expect(done.recipients[1]).toMatchObject({ status: 'FAILED', error: '550 no such user' });
    expect(isDeliveryInProgress(done)).toBe(false);
    expect(progressCounts(done)).toMatchObject({
      SUCCESS: 1,
      FAILED: 1,
      NOTHING: 1,
      PREPARING: 0,
      total: 3,
      finished: 3,
    });
  });

  test('an event of another delivery changes nothing', () => {
    const before = delivery();
    expect(applyProgress(before, event('a', 'SUCCESS', 'other'))).toBe(before);
  });

  test('stopping stops those not yet sent and keeps what went out', () => {
    const stopped = markStopped(applyProgress(delivery(), event('a', 'SUCCESS')));
    expect(stopped.status).toBe('STOPPED');
    expect(stopped.recipients.map((r) => r.status)).toEqual(['SUCCESS', 'STOPPED', 'NOTHING']);
    expect(isDeliveryInProgress(stopped)).toBe(false);
    expect(isDeliveryInProgress(null)).toBe(false);
  });

  test('a late success after the stop still counts (the mail did go out)', () => {
    const late = applyProgress(markStopped(delivery()), event('b', 'SUCCESS'));
    expect(late.status).toBe('STOPPED');
    expect(late.recipients[1]!.status).toBe('SUCCESS');
  });
});

test('only a well-formed socket payload counts as a progress event', () => {
  expect(isDeliveryProgressEvent(event('a', 'SUCCESS'))).toBe(true);
  expect(isDeliveryProgressEvent(null)).toBe(false);
  expect(isDeliveryProgressEvent('SUCCESS')).toBe(false);
  expect(isDeliveryProgressEvent({ projectId: 'p1', deliveryId: 'del1' })).toBe(false);
  expect(isDeliveryProgressEvent({ projectId: 'p1', deliveryId: 'del1', recipient: { participant: 'a' } })).toBe(false);
});
