import type { SubscriptionDto } from '@plankurier/shared';
import { derivedFromSubs, type SubChanges } from './sub-changes';

/** The subscriptions by doc, then by participant. */
export type SubIndex = ReadonlyMap<string, ReadonlyMap<string, SubscriptionDto>>;

/**
 * The project's subscriptions by doc and participant. Nested maps rather than one keyed by
 * `${doc}:${participant}`: 50,000 joined keys cost more than the maps.
 */
export function indexSubs(subs: readonly SubscriptionDto[]): SubIndex {
  const byDoc = new Map<string, Map<string, SubscriptionDto>>();
  for (const s of subs) {
    let ofDoc = byDoc.get(s.doc);
    if (!ofDoc) byDoc.set(s.doc, (ofDoc = new Map()));
    ofDoc.set(s.participant, s);
  }
  return byDoc;
}

/** The index with the changes applied; the docs they do not touch keep their maps (rows compare them). */
export function indexWithChanges(index: SubIndex, changes: SubChanges): SubIndex {
  const next = new Map(index);
  const copied = new Map<string, Map<string, SubscriptionDto>>();
  const ofDoc = (doc: string) => {
    let map = copied.get(doc);
    if (!map) copied.set(doc, (map = new Map(index.get(doc))));
    return map;
  };
  for (const sub of changes.removed) ofDoc(sub.doc).delete(sub.participant);
  for (const sub of changes.added) ofDoc(sub.doc).set(sub.participant, sub);
  for (const [doc, map] of copied) {
    if (map.size > 0) next.set(doc, map);
    else next.delete(doc);
  }
  return next;
}

/**
 * The index of a bundle's subscriptions, patched from the last one when the list was patched: a
 * toggle re-indexed all 50,000 subscriptions of a big project before.
 */
export const subIndexOf: (subs: readonly SubscriptionDto[]) => SubIndex = derivedFromSubs(
  (subs) => indexSubs(subs),
  (index, changes) => indexWithChanges(index, changes),
);

export const subOf = (index: SubIndex, docId: string, participantId: string): SubscriptionDto | undefined =>
  index.get(docId)?.get(participantId);

/** The subscriptions per participant (in any order). */
export type SubsByParticipant = ReadonlyMap<string, readonly SubscriptionDto[]>;

export function groupSubsByParticipant(subs: readonly SubscriptionDto[]): SubsByParticipant {
  const byParticipant = new Map<string, SubscriptionDto[]>();
  for (const s of subs) {
    const list = byParticipant.get(s.participant);
    if (list) list.push(s);
    else byParticipant.set(s.participant, [s]);
  }
  return byParticipant;
}

/** The grouping with the changes applied; the participants they do not touch keep their lists. */
export function groupsWithChanges(groups: SubsByParticipant, changes: SubChanges): SubsByParticipant {
  const next = new Map(groups);
  const copied = new Map<string, SubscriptionDto[]>();
  const listOf = (participant: string) => {
    let list = copied.get(participant);
    if (!list) copied.set(participant, (list = [...(groups.get(participant) ?? [])]));
    return list;
  };
  for (const sub of changes.removed) {
    const list = listOf(sub.participant);
    const at = list.indexOf(sub);
    if (at >= 0) list.splice(at, 1);
  }
  for (const sub of changes.added) listOf(sub.participant).push(sub);
  for (const [participant, list] of copied) {
    if (list.length > 0) next.set(participant, list);
    else next.delete(participant);
  }
  return next;
}

/**
 * The subscriptions per participant of a bundle, kept while the list is the same (the participants
 * tab and the context bar open again without grouping 50,000 of them) and patched like the index.
 */
export const subsByParticipantOf: (subs: readonly SubscriptionDto[]) => SubsByParticipant = derivedFromSubs(
  (subs) => groupSubsByParticipant(subs),
  (groups, changes) => groupsWithChanges(groups, changes),
);
