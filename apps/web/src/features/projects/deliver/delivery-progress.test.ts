import type { DeliveryDto, RecipientStatus } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import {
  applyProgress,
  isDeliveryInProgress,
  isDeliveryProgressEvent,
  markStopped,
  mergeSnapshot,
  progressCounts,
  relayWait,
} from './delivery-progress';

const delivery = (): DeliveryDto => ({
  _id: 'del1',
  status: 'DELIVERING',
  recipients: [
    { participant: 'a', status: 'PREPARING', sentAt: null, error: null, retry: null },
    { participant: 'b', status: 'PREPARING', sentAt: null, error: null, retry: null },
    { participant: 'c', status: 'NOTHING', sentAt: null, error: null, retry: null },
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
    retry: null,
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

describe("catching up with the server's state after a dropped socket", () => {
  const snapshot = (status: DeliveryDto['status'], statuses: Record<string, RecipientStatus>): DeliveryDto => ({
    _id: 'del1',
    status,
    recipients: Object.entries(statuses).map(([participant, s]) => ({
      participant,
      status: s,
      sentAt: s === 'SUCCESS' ? '2026-11-22T03:00:00.000Z' : null,
      error: s === 'FAILED' ? '550 mailbox unknown' : null,
      retry: null,
    })),
  });

  test('outcomes missed while the socket was away are taken over; the delivery ends when none is preparing', () => {
    const caughtUp = mergeSnapshot(delivery(), snapshot('DONE', { a: 'SUCCESS', b: 'FAILED', c: 'NOTHING' }));
    expect(caughtUp.status).toBe('DONE');
    expect(caughtUp.recipients.map((r) => r.status)).toEqual(['SUCCESS', 'FAILED', 'NOTHING']);
    expect(caughtUp.recipients[0]!.sentAt).toBe('2026-11-22T03:00:00.000Z');
    expect(caughtUp.recipients[1]!.error).toBe('550 mailbox unknown');
    expect(isDeliveryInProgress(caughtUp)).toBe(false);
  });

  test('a partial answer moves the receivers it knows further and keeps the delivery running', () => {
    const partly = mergeSnapshot(delivery(), snapshot('DELIVERING', { a: 'SUCCESS', b: 'PREPARING', c: 'NOTHING' }));
    expect(partly.status).toBe('DELIVERING');
    expect(partly.recipients.map((r) => r.status)).toEqual(['SUCCESS', 'PREPARING', 'NOTHING']);
  });

  test('an answer older than the live events never takes a receiver or the delivery back to preparing', () => {
    const live = applyProgress(applyProgress(delivery(), event('a', 'SUCCESS')), event('b', 'FAILED'));
    expect(live.status).toBe('DONE');
    const stale = mergeSnapshot(live, snapshot('DELIVERING', { a: 'PREPARING', b: 'PREPARING', c: 'NOTHING' }));
    expect(stale.status).toBe('DONE');
    expect(stale.recipients.map((r) => r.status)).toEqual(['SUCCESS', 'FAILED', 'NOTHING']);
    expect(isDeliveryInProgress(stale)).toBe(false);
  });

  test('after a stop, a mail that was on its way reads SUCCESS; the others stay stopped', () => {
    const stopped = markStopped(delivery());
    const after = mergeSnapshot(stopped, snapshot('STOPPED', { a: 'SUCCESS', b: 'STOPPED', c: 'NOTHING' }));
    expect(after.status).toBe('STOPPED');
    expect(after.recipients.map((r) => r.status)).toEqual(['SUCCESS', 'STOPPED', 'NOTHING']);
    // A stale answer from before the stop does not undo it.
    const stale = mergeSnapshot(stopped, snapshot('DELIVERING', { a: 'PREPARING', b: 'PREPARING', c: 'NOTHING' }));
    expect(stale.status).toBe('STOPPED');
    expect(stale.recipients.map((r) => r.status)).toEqual(['STOPPED', 'STOPPED', 'NOTHING']);
  });

  test("the server's stop (from another session) ends the delivery here too", () => {
    const stopped = mergeSnapshot(delivery(), snapshot('STOPPED', { a: 'SUCCESS', b: 'STOPPED', c: 'NOTHING' }));
    expect(stopped.status).toBe('STOPPED');
    expect(isDeliveryInProgress(stopped)).toBe(false);
  });

  test("another delivery's answer changes nothing", () => {
    const before = delivery();
    expect(mergeSnapshot(before, { ...snapshot('DONE', { a: 'SUCCESS' }), _id: 'other' })).toBe(before);
  });
});

test('only a well-formed socket payload counts as a progress event', () => {
  expect(isDeliveryProgressEvent(event('a', 'SUCCESS'))).toBe(true);
  expect(isDeliveryProgressEvent(null)).toBe(false);
  expect(isDeliveryProgressEvent('SUCCESS')).toBe(false);
  expect(isDeliveryProgressEvent({ projectId: 'p1', deliveryId: 'del1' })).toBe(false);
  expect(isDeliveryProgressEvent({ projectId: 'p1', deliveryId: 'del1', recipient: { participant: 'a' } })).toBe(false);
});

describe('waiting out a relay outage', () => {
  const waiting = (participant: string, reason: 'relay_unreachable' | 'deferred', nextAttemptAt: string) => ({
    participant,
    status: 'PREPARING' as const,
    sentAt: null,
    error: '421 Service not available',
    retry: { reason, nextAttemptAt },
  });

  test('the delivery waits for the earliest next attempt of the receivers the relay could not take', () => {
    const d: DeliveryDto = {
      _id: 'del1',
      status: 'DELIVERING',
      recipients: [
        waiting('a', 'relay_unreachable', '2026-11-22T13:32:10.000Z'),
        waiting('b', 'relay_unreachable', '2026-11-22T13:31:40.000Z'),
        waiting('c', 'deferred', '2026-11-22T13:30:00.000Z'),
      ],
    };
    expect(relayWait(d)).toEqual({ nextAttemptAt: '2026-11-22T13:31:40.000Z' });
  });

  test('a receiver deferred for its own address, or one sent meanwhile, is no relay outage', () => {
    const d: DeliveryDto = {
      _id: 'del1',
      status: 'DELIVERING',
      recipients: [
        waiting('a', 'deferred', '2026-11-22T13:30:00.000Z'),
        { participant: 'b', status: 'SUCCESS', sentAt: '2026-11-22T13:29:00.000Z', error: null, retry: null },
      ],
    };
    expect(relayWait(d)).toBeNull();
  });
});
