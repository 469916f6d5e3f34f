import type { SubscriptionDto } from './participants.ts';
import { aggregateDeliverState } from './subscription-state.ts';

/**
 * Deliver mode's selection (spec §3 Delivery selection, §4 Deliver-select state): which subscriptions
 * (sub = one participant receives one doc) the next delivery sends. Pure functions on plain,
 * immutable data; every change returns a new selection.
 *
 * The shape, as the spec names it:
 * - `docs[docId].subscriptions` — the selected sub ids of that doc; `includeSubscriberlist` — its
 *   e-mail lists everyone who receives the plan; `isCollapsed` — its row is folded in the view.
 * - `participants[participantId].subscriptions` — the selected sub ids of that participant; `isCollapsed`.
 * - `deliverAgain` — the selected sub ids that were already delivered (GREEN) and are sent again.
 *
 * Both indexes always hold the same set of selected subs, seen from the two sides; the functions
 * keep them in step. A missing entry means nothing selected, not collapsed, no subscriber list.
 *
 * Rules that keep a wrong plan from being sent:
 * - a GRAY sub (nothing to send) is never selected;
 * - a GREEN sub is selected only together with its deliverAgain flag;
 * - a sub selected while RED that turns GREEN (it was delivered meanwhile) leaves the selection,
 *   and ids of subs that no longer exist are dropped — every function takes the current subs.
 *
 * The `deliverAgain` flag stored on a SubscriptionDto is not read: the choice is the user's, here.
 */

export type SelectableSub = Pick<SubscriptionDto, '_id' | 'doc' | 'participant' | 'state'>;

export interface DocSelection {
  readonly subscriptions: readonly string[];
  readonly includeSubscriberlist: boolean;
  readonly isCollapsed: boolean;
}

export interface ParticipantSelection {
  readonly subscriptions: readonly string[];
  readonly isCollapsed: boolean;
}

export interface DeliverySelection {
  readonly docs: Readonly<Record<string, DocSelection>>;
  readonly participants: Readonly<Record<string, ParticipantSelection>>;
  readonly deliverAgain: readonly string[];
}

export const DELIVER_SELECT_STATES = [
  'selected',
  'intermediate',
  'selectable',
  'not_selectable',
  'again_selected',
  'again_intermediate',
  'again_selectable',
] as const;
export type DeliverSelectState = (typeof DELIVER_SELECT_STATES)[number];

export type CheckboxState = 'checked' | 'unchecked' | 'indeterminate';
/** Over many docs: how many of them include the subscriber list. */
export type SubscriberListState = 'all' | 'some' | 'none';

const NO_DOC: DocSelection = { subscriptions: [], includeSubscriberlist: false, isCollapsed: false };
const NO_PARTICIPANT: ParticipantSelection = { subscriptions: [], isCollapsed: false };

export const emptySelection = (): DeliverySelection => ({ docs: {}, participants: {}, deliverAgain: [] });

export const docSelection = (selection: DeliverySelection, docId: string): DocSelection =>
  selection.docs[docId] ?? NO_DOC;

export const participantSelection = (selection: DeliverySelection, participantId: string): ParticipantSelection =>
  selection.participants[participantId] ?? NO_PARTICIPANT;

/** Every selected sub id (from the doc side; the participant side holds the same). */
export function selectedSubIds(selection: DeliverySelection): Set<string> {
  const ids = new Set<string>();
  for (const doc of Object.values(selection.docs)) for (const id of doc.subscriptions) ids.add(id);
  return ids;
}

/**
 * The one place a selection is built: the wanted sub ids (and which of them go again) against the
 * current subs, with the rules above applied; flags of docs and participants are kept.
 */
function withSelected(
  selection: DeliverySelection,
  subs: readonly SelectableSub[],
  wanted: ReadonlySet<string>,
  wantedAgain: ReadonlySet<string>,
): DeliverySelection {
  const docs: Record<string, { subscriptions: string[]; includeSubscriberlist: boolean; isCollapsed: boolean }> = {};
  const participants: Record<string, { subscriptions: string[]; isCollapsed: boolean }> = {};
  for (const [id, doc] of Object.entries(selection.docs)) docs[id] = { ...doc, subscriptions: [] };
  for (const [id, p] of Object.entries(selection.participants)) participants[id] = { ...p, subscriptions: [] };
  const deliverAgain: string[] = [];
  for (const sub of subs) {
    const doc = (docs[sub.doc] ??= { ...NO_DOC, subscriptions: [] });
    const participant = (participants[sub.participant] ??= { ...NO_PARTICIPANT, subscriptions: [] });
    if (!wanted.has(sub._id)) continue;
    const deliver = sub.state.deliver;
    if (deliver === 'GRAY') continue;
    if (deliver === 'GREEN') {
      if (!wantedAgain.has(sub._id)) continue;
      deliverAgain.push(sub._id);
    }
    doc.subscriptions.push(sub._id);
    participant.subscriptions.push(sub._id);
  }
  return { docs, participants, deliverAgain };
}

/** The selection brought in line with the current subs (after a live update or a reload). */
export const reconcileSelection = (selection: DeliverySelection, subs: readonly SelectableSub[]): DeliverySelection =>
  withSelected(selection, subs, selectedSubIds(selection), new Set(selection.deliverAgain));

/** Entering deliver mode: every RED sub is selected, nothing else. */
export const initialSelection = (subs: readonly SelectableSub[]): DeliverySelection =>
  withSelected(
    emptySelection(),
    subs,
    new Set(subs.filter((s) => s.state.deliver === 'RED').map((s) => s._id)),
    new Set(),
  );

/** The state of one sub: from its deliver state and whether it is selected (GREEN: selected again). */
export function subSelectState(selection: DeliverySelection, sub: SelectableSub): DeliverSelectState {
  const selected = docSelection(selection, sub.doc).subscriptions.includes(sub._id);
  switch (sub.state.deliver) {
    case 'RED':
      return selected ? 'selected' : 'selectable';
    case 'GREEN':
      return selected && selection.deliverAgain.includes(sub._id) ? 'again_selected' : 'again_selectable';
    case 'GRAY':
      return 'not_selectable';
  }
}

const PENDING: readonly DeliverSelectState[] = ['selected', 'intermediate', 'selectable'];
const UNSELECTED: readonly DeliverSelectState[] = ['selectable', 'again_selectable'];

/**
 * The state over many subs (or over many combined states: a folder over its docs). Not-selectable
 * ones do not count; none left → not_selectable. When something is pending (RED) the pending ones
 * decide: all selected → selected, nothing selected at all → selectable, else intermediate; subs
 * picked again beside them only make it intermediate while pending ones are still missing. With
 * only delivered subs the again_ variants say the same.
 */
export function combineSelectStates(states: readonly DeliverSelectState[]): DeliverSelectState {
  const relevant = states.filter((s) => s !== 'not_selectable');
  if (relevant.length === 0) return 'not_selectable';
  const pending = relevant.filter((s) => PENDING.includes(s));
  if (pending.length > 0) {
    if (pending.every((s) => s === 'selected')) return 'selected';
    if (relevant.every((s) => UNSELECTED.includes(s))) return 'selectable';
    return 'intermediate';
  }
  if (relevant.every((s) => s === 'again_selected')) return 'again_selected';
  if (relevant.every((s) => s === 'again_selectable')) return 'again_selectable';
  return 'again_intermediate';
}

const subsOfDoc = (subs: readonly SelectableSub[], docId: string) => subs.filter((s) => s.doc === docId);
const subsOfParticipant = (subs: readonly SelectableSub[], participantId: string) =>
  subs.filter((s) => s.participant === participantId);

export const docSelectState = (selection: DeliverySelection, subs: readonly SelectableSub[], docId: string) =>
  combineSelectStates(subsOfDoc(subs, docId).map((s) => subSelectState(selection, s)));

export const participantSelectState = (
  selection: DeliverySelection,
  subs: readonly SelectableSub[],
  participantId: string,
) => combineSelectStates(subsOfParticipant(subs, participantId).map((s) => subSelectState(selection, s)));

/** The checkbox of a sub, doc, participant or folder; a not-selectable one is shown unchecked and disabled. */
export function selectCheckbox(state: DeliverSelectState): CheckboxState {
  if (state === 'selected' || state === 'again_selected') return 'checked';
  if (state === 'intermediate' || state === 'again_intermediate') return 'indeterminate';
  return 'unchecked';
}

export const isSelectable = (state: DeliverSelectState) => state !== 'not_selectable';
/** Whether the state concerns already delivered subs (shown as 'send again'). */
export const isAgainState = (state: DeliverSelectState) => state.startsWith('again_');

/** The checkbox 'include subscriber list' over many docs. */
export function subscriberListCheckbox(state: SubscriberListState): CheckboxState {
  if (state === 'all') return 'checked';
  if (state === 'some') return 'indeterminate';
  return 'unchecked';
}

/** One sub in or out; a GREEN sub goes in as deliverAgain, a GRAY one cannot be chosen. */
export function toggleSub(
  selection: DeliverySelection,
  subs: readonly SelectableSub[],
  subId: string,
): DeliverySelection {
  const sub = subs.find((s) => s._id === subId);
  if (!sub || sub.state.deliver === 'GRAY') return reconcileSelection(selection, subs);
  const wanted = selectedSubIds(selection);
  const again = new Set(selection.deliverAgain);
  const state = subSelectState(selection, sub);
  if (state === 'selected' || state === 'again_selected') {
    wanted.delete(subId);
    again.delete(subId);
  } else {
    wanted.add(subId);
    if (sub.state.deliver === 'GREEN') again.add(subId);
  }
  return withSelected(selection, subs, wanted, again);
}

/**
 * Toggles a group of subs (one doc's or one participant's). With something pending in the group,
 * its RED subs go in, or, when all of them are in already, every sub of the group goes out. With
 * nothing pending, its delivered (GREEN) subs go in as deliverAgain, or out when all are in.
 */
function toggleGroup(selection: DeliverySelection, subs: readonly SelectableSub[], group: readonly SelectableSub[]) {
  const state = combineSelectStates(group.map((s) => subSelectState(selection, s)));
  const wanted = selectedSubIds(selection);
  const again = new Set(selection.deliverAgain);
  if (state === 'not_selectable') return reconcileSelection(selection, subs);
  if (state === 'selected' || state === 'again_selected') {
    for (const sub of group) {
      wanted.delete(sub._id);
      again.delete(sub._id);
    }
  } else {
    const pending = !isAgainState(state);
    for (const sub of group) {
      if (pending ? sub.state.deliver === 'RED' : sub.state.deliver === 'GREEN') wanted.add(sub._id);
      if (!pending && sub.state.deliver === 'GREEN') again.add(sub._id);
    }
  }
  return withSelected(selection, subs, wanted, again);
}

export const toggleDoc = (selection: DeliverySelection, subs: readonly SelectableSub[], docId: string) =>
  toggleGroup(selection, subs, subsOfDoc(subs, docId));

export const toggleParticipant = (
  selection: DeliverySelection,
  subs: readonly SelectableSub[],
  participantId: string,
) => toggleGroup(selection, subs, subsOfParticipant(subs, participantId));

/** The docs and participants the red-only filter leaves visible: those whose marker is RED. */
export function redOnlyVisible(subs: readonly SelectableSub[]): { docIds: Set<string>; participantIds: Set<string> } {
  const byDoc = new Map<string, SelectableSub['state']['deliver'][]>();
  const byParticipant = new Map<string, SelectableSub['state']['deliver'][]>();
  for (const sub of subs) {
    byDoc.set(sub.doc, [...(byDoc.get(sub.doc) ?? []), sub.state.deliver]);
    byParticipant.set(sub.participant, [...(byParticipant.get(sub.participant) ?? []), sub.state.deliver]);
  }
  const red = (m: Map<string, SelectableSub['state']['deliver'][]>) =>
    new Set([...m].filter(([, states]) => aggregateDeliverState(states) === 'RED').map(([id]) => id));
  return { docIds: red(byDoc), participantIds: red(byParticipant) };
}

/** Turning the red-only filter on: subs of hidden docs or participants (not RED) leave the selection. */
export function applyRedOnlyFilter(selection: DeliverySelection, subs: readonly SelectableSub[]): DeliverySelection {
  const { docIds, participantIds } = redOnlyVisible(subs);
  const visible = new Set(subs.filter((s) => docIds.has(s.doc) && participantIds.has(s.participant)).map((s) => s._id));
  const wanted = new Set([...selectedSubIds(selection)].filter((id) => visible.has(id)));
  return withSelected(selection, subs, wanted, new Set(selection.deliverAgain));
}

/** Whether the docs include the subscriber list: all, some or none of them (none for no docs). */
export function subscriberListState(selection: DeliverySelection, docIds: readonly string[]): SubscriberListState {
  const including = docIds.filter((id) => docSelection(selection, id).includeSubscriberlist).length;
  if (including === 0) return 'none';
  return including === docIds.length ? 'all' : 'some';
}

function setDocFlags(
  selection: DeliverySelection,
  docIds: readonly string[],
  change: Partial<DocSelection>,
): DeliverySelection {
  const docs = { ...selection.docs };
  for (const id of docIds) docs[id] = { ...docSelection(selection, id), ...change };
  return { ...selection, docs };
}

/** One doc's e-mail lists its subscribers, or stops listing them. */
export const toggleSubscriberlist = (selection: DeliverySelection, docId: string) =>
  setDocFlags(selection, [docId], { includeSubscriberlist: !docSelection(selection, docId).includeSubscriberlist });

/** The 'for all' checkbox: when all docs include the list none does afterwards, otherwise all do. */
export const toggleSubscriberlistForAll = (selection: DeliverySelection, docIds: readonly string[]) =>
  setDocFlags(selection, docIds, { includeSubscriberlist: subscriberListState(selection, docIds) !== 'all' });

export const toggleDocCollapsed = (selection: DeliverySelection, docId: string) =>
  setDocFlags(selection, [docId], { isCollapsed: !docSelection(selection, docId).isCollapsed });

export function toggleParticipantCollapsed(selection: DeliverySelection, participantId: string): DeliverySelection {
  const current = participantSelection(selection, participantId);
  return {
    ...selection,
    participants: { ...selection.participants, [participantId]: { ...current, isCollapsed: !current.isCollapsed } },
  };
}

/**
 * What the delivery call sends (spec §7): each participant with its selected sub ids, and the docs
 * whose e-mail lists the subscribers (only docs that are being sent).
 */
export function deliveryRequestOf(selection: DeliverySelection): {
  participants: { _id: string; subs: string[] }[];
  includeSubscriberlistForDocs: string[];
} {
  return {
    participants: Object.entries(selection.participants)
      .filter(([, p]) => p.subscriptions.length > 0)
      .map(([id, p]) => ({ _id: id, subs: [...p.subscriptions] })),
    includeSubscriberlistForDocs: Object.entries(selection.docs)
      .filter(([, d]) => d.includeSubscriberlist && d.subscriptions.length > 0)
      .map(([id]) => id),
  };
}
