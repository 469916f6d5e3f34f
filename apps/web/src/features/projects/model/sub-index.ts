import type { SubscriptionDto } from '@plankurier/shared';
import { derivedFromSubs, type SubChanges } from './sub-changes';

/** Subscriptions in two levels of maps: by one id (doc or participant), then by the other. */
export type NestedSubs = ReadonlyMap<string, ReadonlyMap<string, SubscriptionDto>>;

/** The subscriptions by doc, then by participant. */
export type SubIndex = NestedSubs;

/** The subscriptions by participant, then by doc. */
export type SubsByParticipant = NestedSubs;

/** Which id a nested index takes first. */
type FirstKey = 'doc' | 'participant';

type Key = (sub: SubscriptionDto) => string;
const KEYS: Record<FirstKey, { outer: Key; inner: Key }> = {
  doc: { outer: (s) => s.doc, inner: (s) => s.participant },
  participant: { outer: (s) => s.participant, inner: (s) => s.doc },
};

/**
 * The subscriptions in nested maps, by doc (or participant) first. Nested maps rather than one keyed
 * by `${doc}:${participant}`: 50,000 joined keys cost more than the maps.
 */
export function indexSubs(subs: readonly SubscriptionDto[], first: FirstKey = 'doc'): NestedSubs {
  const { outer, inner } = KEYS[first];
  const index = new Map<string, Map<string, SubscriptionDto>>();
  for (const s of subs) {
    let map = index.get(outer(s));
    if (!map) index.set(outer(s), (map = new Map()));
    map.set(inner(s), s);
  }
  return index;
}

/** The index with the changes applied; the ids they do not touch keep their maps (rows compare them). */
export function indexWithChanges(index: NestedSubs, changes: SubChanges, first: FirstKey = 'doc'): NestedSubs {
  const { outer, inner } = KEYS[first];
  const next = new Map(index);
  const copied = new Map<string, Map<string, SubscriptionDto>>();
  const mapOf = (sub: SubscriptionDto) => {
    const id = outer(sub);
    let map = copied.get(id);
    if (!map) copied.set(id, (map = new Map(index.get(id))));
    return map;
  };
  for (const sub of changes.removed) mapOf(sub).delete(inner(sub));
  for (const sub of changes.added) mapOf(sub).set(inner(sub), sub);
  for (const [id, map] of copied) {
    if (map.size > 0) next.set(id, map);
    else next.delete(id);
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

/**
 * The subscriptions by participant of a bundle, kept while the list is the same (the participants
 * tab and the context bar open again without indexing 50,000 of them) and patched like the index.
 */
export const subsByParticipantOf: (subs: readonly SubscriptionDto[]) => SubsByParticipant = derivedFromSubs(
  (subs) => indexSubs(subs, 'participant'),
  (index, changes) => indexWithChanges(index, changes, 'participant'),
);

export const subOf = (index: SubIndex, docId: string, participantId: string): SubscriptionDto | undefined =>
  index.get(docId)?.get(participantId);
