import { parseSubKey, type SubIdsResponse } from '@plankurier/shared';
import { apiRequest } from './client';
import { dtoSchema } from './dto-schema';

interface ChosenSubs {
  _id: string;
  subs: readonly string[];
}

function docOfKey(key: string): string {
  const named = parseSubKey(key);
  if (!named) throw new Error(`not a subscription key: ${key}`);
  return named.doc;
}

/**
 * The web's bundle names subscriptions by key (participant and doc, bundle-wire.ts); the delivery
 * calls take their ids. The server answers the ids of the chosen ones in the order asked.
 */
export async function withSubIds(
  projectId: string,
  participants: readonly ChosenSubs[],
): Promise<SubIdsResponse['participants']> {
  const answer = await apiRequest<SubIdsResponse>('POST', `/project/${encodeURIComponent(projectId)}/sub-ids`, {
    body: { participants: participants.map((p) => ({ _id: p._id, docs: p.subs.map(docOfKey) })) },
    schema: dtoSchema<SubIdsResponse>('participants'),
  });
  return answer.participants;
}
