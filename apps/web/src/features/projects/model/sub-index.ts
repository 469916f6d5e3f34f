import type { SubscriptionDto } from '@plankurier/shared';

/** The subscriptions by doc, then by participant. */
export type SubIndex = ReadonlyMap<string, ReadonlyMap<string, SubscriptionDto>>;

/**
 * The project's subscriptions by doc and participant, built once per bundle. Nested maps rather
 * than one keyed by `${doc}:${participant}`: 50,000 joined keys cost more than the maps.
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

export const subOf = (index: SubIndex, docId: string, participantId: string): SubscriptionDto | undefined =>
  index.get(docId)?.get(participantId);
