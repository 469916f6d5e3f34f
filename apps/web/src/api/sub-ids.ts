import { parseSubKey, type SubIdsResponse } from '@plankurier/shared';
import { apiRequest } from './client';
import { dtoSchema } from './dto-schema';

interface ChosenSubs {
  _id: string;
  subs: readonly string[];
}

/**
 * The web's bundle names subscriptions by key (participant and doc, bundle-wire.ts); the delivery
 * calls take their ids. This asks the server for the ids of the chosen ones, in the same order.
 * Names that are no key (already ids) stay as they are.
 */
export async function withSubIds(projectId: string, participants: readonly ChosenSubs[]): Promise<ChosenSubs[]> {
  const asked = participants
    .map((p) => ({ _id: p._id, docs: p.subs.map(parseSubKey).flatMap((k) => (k ? [k.doc] : [])) }))
    .filter((p) => p.docs.length > 0);
  if (asked.length === 0) return [...participants];
  const answer = await apiRequest<SubIdsResponse>('POST', `/project/${encodeURIComponent(projectId)}/sub-ids`, {
    body: { participants: asked },
    schema: dtoSchema<SubIdsResponse>('participants'),
  });
  const ids = new Map(answer.participants.map((p) => [p._id, p.subs]));
  return participants.map((p) => {
    const resolved = ids.get(p._id) ?? [];
    let next = 0;
    return { _id: p._id, subs: p.subs.map((name) => (parseSubKey(name) ? resolved[next++]! : name)) };
  });
}
