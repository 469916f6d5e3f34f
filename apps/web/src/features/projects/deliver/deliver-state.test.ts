import { selectedSubIds, type DeliveryDto, type SubscriptionDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { closedDeliverMode, deliverModeReducer, type DeliverAction, type DeliverModeState } from './deliver-state';

const sub = (id: string, doc: string, participant: string, deliver: 'RED' | 'GREEN' | 'GRAY'): SubscriptionDto => ({
  _id: id,
  doc,
  participant,
  getsPdf: true,
  getsTec: false,
  deliverAgain: false,
  state: { deliver },
});

/** Plan d1 is RED for a, GREEN for b; plan d2 is GREEN for a; plan d3 is GRAY for c. */
const subs = [
  sub('s1', 'd1', 'a', 'RED'),
  sub('s2', 'd1', 'b', 'GREEN'),
  sub('s3', 'd2', 'a', 'GREEN'),
  sub('s4', 'd3', 'c', 'GRAY'),
];

const run = (...actions: DeliverAction[]) => actions.reduce(deliverModeReducer, closedDeliverMode());
const enter: DeliverAction = { type: 'enter', subs, view: 'docs', subject: 'Projekt: 1 | Haus' };
const selected = (state: DeliverModeState) => [...selectedSubIds(state.selection)].sort();

describe('entering and leaving deliver mode', () => {
  test('entering pre-selects only what is RED, sets the default subject and opens the chosen list', () => {
    const state = run({ ...enter, view: 'participants' });
    expect(state.active).toBe(true);
    expect(state.step).toBe('selection');
    expect(state.view).toBe('participants');
    expect(selected(state)).toEqual(['s1']);
    expect(state.message).toEqual({
      subject: 'Projekt: 1 | Haus',
      text: '',
      sendToBcc: false,
      requestReceipt: false,
      receiptReminderDays: 3,
    });
  });

  test('entering for a released plan set selects the RED subs of those plans only, for every subscriber', () => {
    const more = [...subs, sub('s5', 'd4', 'b', 'RED'), sub('s6', 'd4', 'c', 'RED'), sub('s7', 'd5', 'a', 'RED')];
    const state = run({ ...enter, subs: more, docIds: ['d4', 'd2'] });
    expect(selected(state)).toEqual(['s5', 's6']);
  });

  test('leaving forgets selection, message and filter', () => {
    const state = run(
      enter,
      { type: 'toggleRedOnly', subs },
      { type: 'message', change: { text: 'Hallo' } },
      { type: 'leave' },
    );
    expect(state).toEqual(closedDeliverMode());
  });

  test('a delivery still sending when the screen opens reopens deliver mode in its progress view', () => {
    const delivery: DeliveryDto = {
      _id: 'dl',
      status: 'DELIVERING',
      recipients: [{ participant: 'a', status: 'PREPARING', sentAt: null, error: null, retry: null }],
    };
    const reopened = run({ type: 'reopen', delivery });
    expect(reopened.active).toBe(true);
    expect(reopened.step).toBe('message_and_overview');
    expect(reopened.delivery).toEqual(delivery);
    // Deliver mode the office entered in the meantime is not taken away.
    const entered = run(enter, { type: 'message', change: { text: 'Hallo' } });
    expect(deliverModeReducer(entered, { type: 'reopen', delivery })).toBe(entered);
  });
});

describe('selecting', () => {
  test('a GREEN sub goes in again only when chosen, a GRAY one never', () => {
    const state = run(enter, { type: 'toggleSub', subs, subId: 's2' }, { type: 'toggleSub', subs, subId: 's4' });
    expect(selected(state)).toEqual(['s1', 's2']);
    expect(state.selection.deliverAgain).toEqual(['s2']);
  });

  test('with nothing pending, selecting a doc picks its delivered subs again', () => {
    const state = run(enter, { type: 'toggleDoc', subs, docId: 'd2' });
    expect(selected(state)).toEqual(['s1', 's3']);
    expect(state.selection.deliverAgain).toEqual(['s3']);
  });

  test('toggling a participant with something pending takes it out when all its RED subs are in', () => {
    expect(selected(run(enter, { type: 'toggleParticipant', subs, participantId: 'a' }))).toEqual([]);
  });

  test('the red-only filter deselects what it hides, and keeps hiding after live changes', () => {
    const picked = run(enter, { type: 'toggleDoc', subs, docId: 'd2' });
    const filtered = deliverModeReducer(picked, { type: 'toggleRedOnly', subs });
    expect(filtered.redOnly).toBe(true);
    expect(selected(filtered)).toEqual(['s1']);
    const off = deliverModeReducer(filtered, { type: 'toggleRedOnly', subs });
    expect(off.redOnly).toBe(false);
    expect(selected(off)).toEqual(['s1']);
  });

  test('a sub delivered meanwhile leaves the selection', () => {
    const state = run(enter, {
      type: 'reconcile',
      subs: subs.map((s) => (s._id === 's1' ? { ...s, state: { deliver: 'GREEN' as const } } : s)),
    });
    expect(selected(state)).toEqual([]);
  });

  test('the subscriber list per doc and for all', () => {
    const one = run(enter, { type: 'toggleSubscriberlist', docId: 'd1' });
    expect(one.selection.docs.d1?.includeSubscriberlist).toBe(true);
    const all = deliverModeReducer(one, { type: 'toggleSubscriberlistForAll', docIds: ['d1', 'd2'] });
    expect([all.selection.docs.d1?.includeSubscriberlist, all.selection.docs.d2?.includeSubscriberlist]).toEqual([
      true,
      true,
    ]);
    const none = deliverModeReducer(all, { type: 'toggleSubscriberlistForAll', docIds: ['d1', 'd2'] });
    expect([none.selection.docs.d1?.includeSubscriberlist, none.selection.docs.d2?.includeSubscriberlist]).toEqual([
      false,
      false,
    ]);
  });
});

describe('sending', () => {
  const delivery = {
    _id: 'del1',
    status: 'DELIVERING' as const,
    recipients: [{ participant: 'a', status: 'PREPARING' as const, sentAt: null, error: null, retry: null }],
  };

  test('a started delivery clears the selection and follows the progress', () => {
    const state = run(
      enter,
      { type: 'message', change: { text: 'Anbei' } },
      { type: 'sendStarted', delivery },
      {
        type: 'progress',
        event: {
          projectId: 'p1',
          deliveryId: 'del1',
          recipient: { participant: 'a', status: 'SUCCESS', sentAt: 'x', error: null, retry: null },
        },
      },
    );
    expect(selected(state)).toEqual([]);
    expect(state.delivery?.status).toBe('DONE');
    expect(state.message.text).toBe('Anbei');
  });

  test('progress that arrives before the send is answered is applied when the delivery is known', () => {
    const state = run(
      enter,
      {
        type: 'progress',
        event: {
          projectId: 'p1',
          deliveryId: 'del1',
          recipient: { participant: 'a', status: 'SUCCESS', sentAt: 'x', error: null, retry: null },
        },
      },
      { type: 'sendStarted', delivery },
    );
    expect(state.delivery?.status).toBe('DONE');
    expect(state.earlyProgress).toEqual([]);
  });

  test("the server's state read after a dropped socket catches the progress up, and only for this delivery", () => {
    const done = {
      ...delivery,
      status: 'DONE' as const,
      recipients: [{ ...delivery.recipients[0]!, status: 'SUCCESS' as const }],
    };
    const state = run(enter, { type: 'sendStarted', delivery }, { type: 'resync', delivery: done });
    expect(state.delivery?.status).toBe('DONE');
    expect(state.delivery?.recipients[0]?.status).toBe('SUCCESS');
    // Nothing shown (summary closed): an answer arriving late changes nothing.
    const closed = run(enter, { type: 'resync', delivery: done });
    expect(closed.delivery).toBeNull();
  });

  test('stop marks the receivers not yet sent', () => {
    const state = run(enter, { type: 'sendStarted', delivery }, { type: 'stopped' });
    expect(state.delivery?.recipients[0]?.status).toBe('STOPPED');
  });

  test('closing the summary clears the typed message and returns to the selection; BCC and receipt choices stay', () => {
    const state = run(
      enter,
      {
        type: 'message',
        change: {
          text: 'Anbei',
          subject: 'Eigener Betreff',
          sendToBcc: true,
          requestReceipt: true,
          receiptReminderDays: 7,
        },
      },
      { type: 'step', step: 'message_and_overview' },
      { type: 'sendStarted', delivery },
      { type: 'closeSummary', subject: 'Projekt: 1 | Haus' },
    );
    expect(state.delivery).toBeNull();
    expect(state.step).toBe('selection');
    expect(state.message).toEqual({
      subject: 'Projekt: 1 | Haus',
      text: '',
      sendToBcc: true,
      requestReceipt: true,
      receiptReminderDays: 7,
    });
    expect(state.active).toBe(true);
  });
});
