import { describe, expect, test } from 'vitest';
import {
  DELIVER_SELECT_STATES,
  applyRedOnlyFilter,
  combineSelectStates,
  deliveryRequestOf,
  docSelectState,
  docSelection,
  emptySelection,
  initialSelection,
  isAgainState,
  isSelectable,
  participantSelectState,
  participantSelection,
  reconcileSelection,
  redOnlyVisible,
  selectCheckbox,
  selectedSubIds,
  subSelectState,
  subscriberListCheckbox,
  subscriberListState,
  toggleDoc,
  toggleDocCollapsed,
  toggleParticipant,
  toggleParticipantCollapsed,
  toggleSub,
  toggleSubscriberlist,
  toggleSubscriberlistForAll,
  type DeliverSelectState,
  type DeliverySelection,
  type SelectableSub,
} from './deliver-select.ts';
import type { DeliverState } from './projects.ts';

const sub = (_id: string, doc: string, participant: string, deliver: DeliverState): SelectableSub => ({
  _id,
  doc,
  participant,
  state: { deliver },
});

/**
 * Plan A-101 is pending for Anna and Ben and was delivered to Carl; plan A-102 was delivered to Anna
 * and Ben and has nothing to send to Carl; plan A-103 has nothing to send to anyone.
 */
const subs = [
  sub('a101-anna', 'a101', 'anna', 'RED'),
  sub('a101-ben', 'a101', 'ben', 'RED'),
  sub('a101-carl', 'a101', 'carl', 'GREEN'),
  sub('a102-anna', 'a102', 'anna', 'GREEN'),
  sub('a102-ben', 'a102', 'ben', 'GREEN'),
  sub('a102-carl', 'a102', 'carl', 'GRAY'),
  sub('a103-anna', 'a103', 'anna', 'GRAY'),
  sub('a103-ben', 'a103', 'ben', 'GRAY'),
];
const byId = (id: string) => subs.find((s) => s._id === id)!;
const selected = (selection: DeliverySelection) => [...selectedSubIds(selection)].sort();
const stateOf = (selection: DeliverySelection, id: string) => subSelectState(selection, byId(id));

/** Both sides of the selection hold the same subs, and deliverAgain only selected delivered ones. */
function expectConsistent(selection: DeliverySelection) {
  const fromDocs = Object.values(selection.docs)
    .flatMap((d) => d.subscriptions)
    .sort();
  const fromParticipants = Object.values(selection.participants)
    .flatMap((p) => p.subscriptions)
    .sort();
  expect(fromParticipants).toEqual(fromDocs);
  for (const id of fromDocs) {
    expect(docSelection(selection, byId(id).doc).subscriptions).toContain(id);
    expect(participantSelection(selection, byId(id).participant).subscriptions).toContain(id);
    expect(byId(id).state.deliver).not.toBe('GRAY');
  }
  expect([...selection.deliverAgain].sort()).toEqual(fromDocs.filter((id) => byId(id).state.deliver === 'GREEN'));
}

describe('entering deliver mode', () => {
  test('every pending (RED) sub is selected and nothing else', () => {
    const selection = initialSelection(subs);
    expect(selected(selection)).toEqual(['a101-anna', 'a101-ben']);
    expect(selection.deliverAgain).toEqual([]);
    expectConsistent(selection);
  });

  test('each doc and participant has an entry: not collapsed, without subscriber list', () => {
    const selection = initialSelection(subs);
    expect(Object.keys(selection.docs).sort()).toEqual(['a101', 'a102', 'a103']);
    expect(Object.keys(selection.participants).sort()).toEqual(['anna', 'ben', 'carl']);
    expect(selection.docs.a101).toEqual({
      subscriptions: ['a101-anna', 'a101-ben'],
      includeSubscriberlist: false,
      isCollapsed: false,
    });
    expect(selection.participants.carl).toEqual({ subscriptions: [], isCollapsed: false });
  });

  test('with nothing pending nothing is selected', () => {
    expect(selected(initialSelection(subs.filter((s) => s.state.deliver !== 'RED')))).toEqual([]);
  });

  test('an empty project gives an empty selection', () => {
    expect(initialSelection([])).toEqual(emptySelection());
  });
});

describe('the state of one sub', () => {
  const selection = toggleSub(initialSelection(subs), subs, 'a101-carl');

  test('a pending sub that is selected is selected', () => {
    expect(stateOf(selection, 'a101-anna')).toBe('selected');
  });

  test('a pending sub that is not selected is selectable', () => {
    expect(stateOf(toggleSub(selection, subs, 'a101-anna'), 'a101-anna')).toBe('selectable');
  });

  test('a delivered sub chosen again is again_selected', () => {
    expect(stateOf(selection, 'a101-carl')).toBe('again_selected');
  });

  test('a delivered sub not chosen is again_selectable', () => {
    expect(stateOf(selection, 'a102-anna')).toBe('again_selectable');
  });

  test('a sub with nothing to send is not_selectable', () => {
    expect(stateOf(selection, 'a102-carl')).toBe('not_selectable');
  });

  test('a delivered sub in the list but without its deliverAgain flag does not count as chosen', () => {
    const handMade: DeliverySelection = {
      docs: { a102: { subscriptions: ['a102-anna'], includeSubscriberlist: false, isCollapsed: false } },
      participants: { anna: { subscriptions: ['a102-anna'], isCollapsed: false } },
      deliverAgain: [],
    };
    expect(stateOf(handMade, 'a102-anna')).toBe('again_selectable');
    expect(selected(reconcileSelection(handMade, subs))).toEqual([]);
  });
});

describe('toggling one sub', () => {
  test('a selected pending sub leaves the selection, and comes back on the next click', () => {
    const off = toggleSub(initialSelection(subs), subs, 'a101-anna');
    expect(selected(off)).toEqual(['a101-ben']);
    expectConsistent(off);
    const on = toggleSub(off, subs, 'a101-anna');
    expect(selected(on)).toEqual(['a101-anna', 'a101-ben']);
    expectConsistent(on);
  });

  test('a delivered sub goes in as deliverAgain and out again without the flag', () => {
    const on = toggleSub(initialSelection(subs), subs, 'a102-ben');
    expect(on.deliverAgain).toEqual(['a102-ben']);
    expectConsistent(on);
    const off = toggleSub(on, subs, 'a102-ben');
    expect(off.deliverAgain).toEqual([]);
    expect(selected(off)).toEqual(['a101-anna', 'a101-ben']);
  });

  test('a sub with nothing to send cannot be selected', () => {
    const before = initialSelection(subs);
    expect(toggleSub(before, subs, 'a103-anna')).toEqual(before);
  });

  test('an unknown sub id changes nothing', () => {
    const before = initialSelection(subs);
    expect(toggleSub(before, subs, 'gone')).toEqual(before);
  });

  test('toggling never changes the given selection (immutable)', () => {
    const before = initialSelection(subs);
    const copy = JSON.parse(JSON.stringify(before)) as DeliverySelection;
    toggleSub(before, subs, 'a101-anna');
    toggleDoc(before, subs, 'a102');
    toggleParticipant(before, subs, 'carl');
    toggleSubscriberlist(before, 'a101');
    applyRedOnlyFilter(before, subs);
    expect(before).toEqual(copy);
  });
});

describe('the combined state over many subs', () => {
  test.each<[string, DeliverSelectState[], DeliverSelectState]>([
    ['all pending ones selected', ['selected', 'selected'], 'selected'],
    ['some pending ones selected', ['selected', 'selectable'], 'intermediate'],
    ['no pending one selected', ['selectable', 'selectable'], 'selectable'],
    ['all selected beside ones with nothing to send', ['selected', 'not_selectable'], 'selected'],
    ['none selected beside ones with nothing to send', ['selectable', 'not_selectable'], 'selectable'],
    ['only subs with nothing to send', ['not_selectable', 'not_selectable'], 'not_selectable'],
    ['no subs at all', [], 'not_selectable'],
    ['all delivered ones chosen again', ['again_selected', 'again_selected'], 'again_selected'],
    ['some delivered ones chosen again', ['again_selected', 'again_selectable'], 'again_intermediate'],
    ['no delivered one chosen again', ['again_selectable', 'again_selectable'], 'again_selectable'],
    ['delivered ones chosen again beside nothing to send', ['again_selected', 'not_selectable'], 'again_selected'],
    ['all pending selected, a delivered one not', ['selected', 'again_selectable'], 'selected'],
    ['all pending selected and a delivered one again', ['selected', 'again_selected'], 'selected'],
    ['pending not selected but a delivered one chosen again', ['selectable', 'again_selected'], 'intermediate'],
    ['pending not selected and nothing chosen again', ['selectable', 'again_selectable'], 'selectable'],
    ['a partly selected group among selected ones', ['selected', 'intermediate'], 'intermediate'],
    ['a partly selected group among unselected ones', ['selectable', 'intermediate'], 'intermediate'],
    ['only partly selected groups', ['intermediate', 'intermediate'], 'intermediate'],
    ['a group of delivered ones partly chosen again', ['again_selected', 'again_intermediate'], 'again_intermediate'],
    [
      'a group partly chosen again beside unchosen ones',
      ['again_selectable', 'again_intermediate'],
      'again_intermediate',
    ],
    ['a pending group selected beside a group partly chosen again', ['selected', 'again_intermediate'], 'selected'],
    [
      'a pending group unselected beside a group partly chosen again',
      ['selectable', 'again_intermediate'],
      'intermediate',
    ],
  ])('%s gives %s', (_sentence, states, expected) => {
    expect(combineSelectStates(states)).toBe(expected);
  });

  test('a single state combines to itself', () => {
    for (const state of DELIVER_SELECT_STATES) expect(combineSelectStates([state])).toBe(state);
  });

  test('the order of the subs does not matter', () => {
    const states: DeliverSelectState[] = ['selectable', 'again_selected', 'not_selectable', 'selected'];
    expect(combineSelectStates([...states].reverse())).toBe(combineSelectStates(states));
  });
});

describe('the state of a doc and of a participant', () => {
  const initial = initialSelection(subs);

  test('a doc whose pending subs are all selected is selected', () => {
    expect(docSelectState(initial, subs, 'a101')).toBe('selected');
  });

  test('a doc with one of two pending subs selected is intermediate', () => {
    expect(docSelectState(toggleSub(initial, subs, 'a101-ben'), subs, 'a101')).toBe('intermediate');
  });

  test('a doc with no pending sub selected is selectable', () => {
    expect(docSelectState(toggleDoc(initial, subs, 'a101'), subs, 'a101')).toBe('selectable');
  });

  test('a delivered doc is again_selectable, again_intermediate and again_selected as its subs are chosen again', () => {
    expect(docSelectState(initial, subs, 'a102')).toBe('again_selectable');
    const one = toggleSub(initial, subs, 'a102-anna');
    expect(docSelectState(one, subs, 'a102')).toBe('again_intermediate');
    expect(docSelectState(toggleSub(one, subs, 'a102-ben'), subs, 'a102')).toBe('again_selected');
  });

  test('a doc with nothing to send is not_selectable', () => {
    expect(docSelectState(initial, subs, 'a103')).toBe('not_selectable');
  });

  test('a doc without subs is not_selectable', () => {
    expect(docSelectState(initial, subs, 'a999')).toBe('not_selectable');
  });

  test('a participant follows the same rules over its own subs', () => {
    expect(participantSelectState(initial, subs, 'anna')).toBe('selected');
    expect(participantSelectState(initial, subs, 'carl')).toBe('again_selectable');
    expect(participantSelectState(toggleSub(initial, subs, 'a101-carl'), subs, 'carl')).toBe('again_selected');
    expect(participantSelectState(toggleSub(initial, subs, 'a101-anna'), subs, 'anna')).toBe('selectable');
  });
});

describe('checkboxes', () => {
  test.each<[DeliverSelectState, string]>([
    ['selected', 'checked'],
    ['again_selected', 'checked'],
    ['intermediate', 'indeterminate'],
    ['again_intermediate', 'indeterminate'],
    ['selectable', 'unchecked'],
    ['again_selectable', 'unchecked'],
    ['not_selectable', 'unchecked'],
  ])('the state %s shows the checkbox %s', (state, checkbox) => {
    expect(selectCheckbox(state)).toBe(checkbox);
  });

  test('only not_selectable is disabled', () => {
    expect(DELIVER_SELECT_STATES.filter((s) => !isSelectable(s))).toEqual(['not_selectable']);
  });

  test('the again_ states are those of delivered subs', () => {
    expect(DELIVER_SELECT_STATES.filter(isAgainState)).toEqual([
      'again_selected',
      'again_intermediate',
      'again_selectable',
    ]);
  });

  test.each([
    ['all', 'checked'],
    ['some', 'indeterminate'],
    ['none', 'unchecked'],
  ] as const)('the subscriber list state %s shows the checkbox %s', (state, checkbox) => {
    expect(subscriberListCheckbox(state)).toBe(checkbox);
  });
});

describe('selecting one participant', () => {
  test('a participant with pending subs all selected is deselected completely', () => {
    const off = toggleParticipant(initialSelection(subs), subs, 'anna');
    expect(selected(off)).toEqual(['a101-ben']);
    expectConsistent(off);
  });

  test('a deselected participant with pending subs gets its pending subs back, not its delivered ones', () => {
    const off = toggleParticipant(initialSelection(subs), subs, 'anna');
    const on = toggleParticipant(off, subs, 'anna');
    expect(selected(on)).toEqual(['a101-anna', 'a101-ben']);
    expect(on.deliverAgain).toEqual([]);
  });

  test('a partly selected participant gets all its pending subs', () => {
    const partly = toggleSub(toggleSub(initialSelection(subs), subs, 'a101-anna'), subs, 'a102-anna');
    expect(participantSelectState(partly, subs, 'anna')).toBe('intermediate');
    const on = toggleParticipant(partly, subs, 'anna');
    expect(participantSelectState(on, subs, 'anna')).toBe('selected');
    expect(selected(on)).toEqual(['a101-anna', 'a101-ben', 'a102-anna']);
    expectConsistent(on);
  });

  test('with nothing pending, selecting a participant picks its delivered subs as deliverAgain', () => {
    const on = toggleParticipant(initialSelection(subs), subs, 'carl');
    expect(selected(on)).toEqual(['a101-anna', 'a101-ben', 'a101-carl']);
    expect(on.deliverAgain).toEqual(['a101-carl']);
    expect(participantSelectState(on, subs, 'carl')).toBe('again_selected');
    expectConsistent(on);
  });

  test('selecting that participant again removes the deliverAgain subs', () => {
    const on = toggleParticipant(initialSelection(subs), subs, 'carl');
    const off = toggleParticipant(on, subs, 'carl');
    expect(off.deliverAgain).toEqual([]);
    expect(participantSelectState(off, subs, 'carl')).toBe('again_selectable');
  });

  test('a participant with nothing to send cannot be selected', () => {
    const onlyGray = [sub('x', 'a103', 'dora', 'GRAY')];
    const before = initialSelection(onlyGray);
    expect(toggleParticipant(before, onlyGray, 'dora')).toEqual(before);
  });
});

describe('selecting one doc', () => {
  test('a selected doc is deselected for every participant', () => {
    const off = toggleDoc(initialSelection(subs), subs, 'a101');
    expect(selected(off)).toEqual([]);
    expectConsistent(off);
  });

  test('a doc selected back picks its pending subs only', () => {
    const on = toggleDoc(toggleDoc(initialSelection(subs), subs, 'a101'), subs, 'a101');
    expect(selected(on)).toEqual(['a101-anna', 'a101-ben']);
  });

  test('a doc selected with a delivered sub chosen again is deselected completely', () => {
    const withAgain = toggleSub(initialSelection(subs), subs, 'a101-carl');
    expect(docSelectState(withAgain, subs, 'a101')).toBe('selected');
    const off = toggleDoc(withAgain, subs, 'a101');
    expect(selected(off)).toEqual([]);
    expect(off.deliverAgain).toEqual([]);
  });

  test('with nothing pending, selecting a doc picks its delivered subs as deliverAgain', () => {
    const on = toggleDoc(initialSelection(subs), subs, 'a102');
    expect(on.deliverAgain).toEqual(['a102-anna', 'a102-ben']);
    expect(docSelectState(on, subs, 'a102')).toBe('again_selected');
    expectConsistent(on);
  });

  test('a doc partly chosen again gets all its delivered subs', () => {
    const partly = toggleSub(initialSelection(subs), subs, 'a102-anna');
    expect(docSelectState(partly, subs, 'a102')).toBe('again_intermediate');
    expect(toggleDoc(partly, subs, 'a102').deliverAgain).toEqual(['a102-anna', 'a102-ben']);
  });

  test('a doc with nothing to send cannot be selected', () => {
    const before = initialSelection(subs);
    expect(toggleDoc(before, subs, 'a103')).toEqual(before);
  });

  test('collapsing and subscriber list flags survive selecting and deselecting', () => {
    const flagged = toggleSubscriberlist(toggleDocCollapsed(initialSelection(subs), 'a101'), 'a101');
    const after = toggleDoc(toggleDoc(flagged, subs, 'a101'), subs, 'a101');
    expect(docSelection(after, 'a101')).toMatchObject({ isCollapsed: true, includeSubscriberlist: true });
  });
});

describe('the red-only filter', () => {
  test('only docs and participants with something pending stay visible', () => {
    const { docIds, participantIds } = redOnlyVisible(subs);
    expect([...docIds]).toEqual(['a101']);
    expect([...participantIds].sort()).toEqual(['anna', 'ben']);
  });

  test('subs of hidden docs or participants are deselected; visible ones stay', () => {
    let selection = initialSelection(subs);
    selection = toggleSub(selection, subs, 'a101-carl');
    selection = toggleDoc(selection, subs, 'a102');
    const filtered = applyRedOnlyFilter(selection, subs);
    expect(selected(filtered)).toEqual(['a101-anna', 'a101-ben']);
    expect(filtered.deliverAgain).toEqual([]);
    expectConsistent(filtered);
  });

  test('a selection of pending subs is unchanged by the filter', () => {
    const selection = initialSelection(subs);
    expect(applyRedOnlyFilter(selection, subs)).toEqual(selection);
  });
});

describe('the subscriber list', () => {
  const docs = ['a101', 'a102'];

  test('no doc includes it at first', () => {
    expect(subscriberListState(initialSelection(subs), docs)).toBe('none');
  });

  test('one of two docs including it is some, both are all', () => {
    const one = toggleSubscriberlist(initialSelection(subs), 'a101');
    expect(docSelection(one, 'a101').includeSubscriberlist).toBe(true);
    expect(subscriberListState(one, docs)).toBe('some');
    expect(subscriberListState(toggleSubscriberlist(one, 'a102'), docs)).toBe('all');
  });

  test('a doc toggled twice no longer includes it', () => {
    const twice = toggleSubscriberlist(toggleSubscriberlist(initialSelection(subs), 'a101'), 'a101');
    expect(docSelection(twice, 'a101').includeSubscriberlist).toBe(false);
  });

  test('for all: none or some become all, all become none', () => {
    const none = initialSelection(subs);
    const all = toggleSubscriberlistForAll(none, docs);
    expect(subscriberListState(all, docs)).toBe('all');
    const some = toggleSubscriberlist(all, 'a102');
    expect(subscriberListState(toggleSubscriberlistForAll(some, docs), docs)).toBe('all');
    expect(subscriberListState(toggleSubscriberlistForAll(all, docs), docs)).toBe('none');
  });

  test('for all touches only the given docs', () => {
    const all = toggleSubscriberlistForAll(initialSelection(subs), ['a101']);
    expect(docSelection(all, 'a102').includeSubscriberlist).toBe(false);
  });

  test('over no docs the state is none', () => {
    expect(subscriberListState(initialSelection(subs), [])).toBe('none');
  });

  test('the subscriber list does not change which subs are selected', () => {
    const before = initialSelection(subs);
    expect(selected(toggleSubscriberlistForAll(before, docs))).toEqual(selected(before));
  });
});

describe('collapsing', () => {
  test('a participant row folds and unfolds without touching the selection', () => {
    const folded = toggleParticipantCollapsed(initialSelection(subs), 'anna');
    expect(participantSelection(folded, 'anna')).toEqual({ subscriptions: ['a101-anna'], isCollapsed: true });
    expect(participantSelection(toggleParticipantCollapsed(folded, 'anna'), 'anna').isCollapsed).toBe(false);
  });

  test('a doc row folds and unfolds', () => {
    const folded = toggleDocCollapsed(initialSelection(subs), 'a102');
    expect(docSelection(folded, 'a102').isCollapsed).toBe(true);
    expect(docSelection(toggleDocCollapsed(folded, 'a102'), 'a102').isCollapsed).toBe(false);
  });
});

describe('when the subs change under the selection', () => {
  test('a selected pending sub that was delivered meanwhile leaves the selection', () => {
    const selection = initialSelection(subs);
    const delivered = subs.map((s) => (s._id === 'a101-anna' ? { ...s, state: { deliver: 'GREEN' as const } } : s));
    expect(selected(reconcileSelection(selection, delivered))).toEqual(['a101-ben']);
  });

  test('a sub chosen again that became pending (a new index) stays selected, without the again flag', () => {
    const selection = toggleSub(initialSelection(subs), subs, 'a102-anna');
    const released = subs.map((s) => (s._id === 'a102-anna' ? { ...s, state: { deliver: 'RED' as const } } : s));
    const after = reconcileSelection(selection, released);
    expect(selected(after)).toContain('a102-anna');
    expect(after.deliverAgain).toEqual([]);
  });

  test('a selected sub that now has nothing to send, or no longer exists, leaves the selection', () => {
    const selection = initialSelection(subs);
    const changed = subs
      .filter((s) => s._id !== 'a101-ben')
      .map((s) => (s._id === 'a101-anna' ? { ...s, state: { deliver: 'GRAY' as const } } : s));
    expect(selected(reconcileSelection(selection, changed))).toEqual([]);
  });
});

describe('the delivery request', () => {
  test('lists each participant with its selected subs and the sent docs that include the subscriber list', () => {
    let selection = initialSelection(subs);
    selection = toggleSub(selection, subs, 'a101-carl');
    selection = toggleSubscriberlist(selection, 'a101');
    selection = toggleSubscriberlist(selection, 'a102');
    expect(deliveryRequestOf(selection)).toEqual({
      participants: [
        { _id: 'anna', subs: ['a101-anna'] },
        { _id: 'ben', subs: ['a101-ben'] },
        { _id: 'carl', subs: ['a101-carl'] },
      ],
      includeSubscriberlistForDocs: ['a101'],
    });
  });

  test('an empty selection sends nobody', () => {
    expect(deliveryRequestOf(emptySelection())).toEqual({ participants: [], includeSubscriberlistForDocs: [] });
  });
});
