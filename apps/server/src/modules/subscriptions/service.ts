import type { Actor } from '../offices/access.ts';
import type { Transaction } from 'kysely';
import {
  deliveryFormat,
  errors,
  type SubIdsBody,
  type SubIdsResponse,
  type SubscriptionBody,
  type SubscriptionResponse,
  type SubscriptionsResponse,
} from '@plankurier/shared';
import type { Database } from '../../db/types.ts';
import type { Deps } from '../../deps.ts';
import { announceChange } from '../projects/changes.ts';
import { findProject } from '../projects/queries.ts';
import { participantName, toSubscriptionDto } from '../participants/dto.ts';
import { findParticipants } from '../participants/queries.ts';
import { recordDocEvents, type DocEvent } from '../timeline/record.ts';
import { loadDeliverStates } from './deliver-state.ts';
import {
  deleteSubscriptions,
  findOwnedDocs,
  subscriptionsOfPairs,
  upsertSubscriptions,
  type SubscriptionPair,
  type SubscriptionValues,
} from './queries.ts';

type Tx = Transaction<Database>;
type SubscriptionDeps = Pick<Deps, 'db' | 'realtime'>;

/** Rows per insert-or-update and per delete. */
const CHUNK = 1000;

const pairKey = (docId: string, participantId: string) => `${docId}|${participantId}`;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

export interface Applied extends SubscriptionsResponse {
  projectIds: Set<string>;
}

/**
 * Sets the formats of many (doc, participant) pairs in the caller's transaction: an omitted format
 * keeps the subscription's value, or for a new one takes the contact's required formats (`newFormats:
 * 'off'`: none); both off removes it. Every doc and participant must be the office's and in the same
 * project, else nothing changes (404). One timeline event per subscription that really changed.
 */
export async function applySubscriptionItems(
  tx: Tx,
  actor: Actor,
  items: readonly SubscriptionBody[],
  { newFormats = 'contact' }: { newFormats?: 'contact' | 'off' } = {},
): Promise<Applied> {
  const wanted = new Map<string, SubscriptionBody>();
  for (const item of items) wanted.set(pairKey(item.docId, item.participantId), item); // the last one counts
  const pairs = [...wanted.values()];
  const docIds = [...new Set(pairs.map((p) => p.docId))];
  const participantIds = [...new Set(pairs.map((p) => p.participantId))];
  const [docs, participants] = await Promise.all([
    findOwnedDocs(tx, actor, docIds),
    findParticipants(tx, actor, participantIds),
  ]);
  if (docs.length !== docIds.length || participants.length !== participantIds.length) throw errors.notFound();
  const docById = new Map(docs.map((d) => [d.id, d]));
  const participantById = new Map(participants.map((p) => [p.id, p]));
  if (pairs.some((p) => docById.get(p.docId)!.project_id !== participantById.get(p.participantId)!.project_id))
    throw errors.notFound();

  const existing = new Map<string, { gets_pdf: boolean; gets_tec: boolean }>();
  for (const part of chunks(pairs)) {
    for (const row of await subscriptionsOfPairs(tx, part)) existing.set(pairKey(row.doc_id, row.participant_id), row);
  }

  const upserts: SubscriptionValues[] = [];
  const removals: SubscriptionPair[] = [];
  const events: DocEvent[] = [];
  let unchanged = 0;
  for (const item of pairs) {
    const before = existing.get(pairKey(item.docId, item.participantId));
    const participant = participantById.get(item.participantId)!;
    const doc = docById.get(item.docId)!;
    const fromContact = newFormats === 'contact';
    const getsPdf = item.getsPdf ?? before?.gets_pdf ?? (fromContact && participant.needs_pdf);
    const getsTec = item.getsTec ?? before?.gets_tec ?? (fromContact && participant.needs_tec);
    const subscribed = getsPdf || getsTec;
    if (before ? before.gets_pdf === getsPdf && before.gets_tec === getsTec : !subscribed) {
      unchanged++;
      continue;
    }
    if (subscribed)
      upserts.push({ projectId: doc.project_id, docId: doc.id, participantId: participant.id, getsPdf, getsTec });
    else removals.push({ docId: doc.id, participantId: participant.id });
    events.push({
      projectId: doc.project_id,
      actorId: actor.userId,
      kind: 'subscription.changed',
      docId: doc.id,
      data: {
        participantId: participant.id,
        participant: participantName(participant),
        docNumber: doc.number,
        docName: doc.name,
        formats: deliveryFormat({ getsPdf, getsTec }),
        formatsBefore: before ? deliveryFormat({ getsPdf: before.gets_pdf, getsTec: before.gets_tec }) : null,
      },
    });
  }
  for (const part of chunks(upserts)) await upsertSubscriptions(tx, part);
  for (const part of chunks(removals)) await deleteSubscriptions(tx, part);
  await recordDocEvents(tx, events);
  return {
    changed: upserts.length,
    removed: removals.length,
    unchanged,
    projectIds: new Set(events.map((e) => e.projectId)),
  };
}

/** One subscription: created, given other formats, or removed when both formats are off. */
export async function setSubscription(
  deps: SubscriptionDeps,
  actor: Actor,
  body: SubscriptionBody,
): Promise<SubscriptionResponse> {
  const { response, projectIds } = await deps.db.transaction().execute(async (tx) => {
    const applied = await applySubscriptionItems(tx, actor, [body]);
    const [doc] = await findOwnedDocs(tx, actor, [body.docId]);
    const { subs, states } = await loadDeliverStates(tx, doc!.project_id, { docIds: [body.docId] });
    const row = subs.find((s) => s.participant_id === body.participantId);
    return {
      response: { sub: row ? toSubscriptionDto(row, states.ofSub(row.id)) : null },
      projectIds: applied.projectIds,
    };
  });
  for (const projectId of projectIds) {
    await announceChange(deps, actor, {
      projectId,
      entity: 'subscription',
      id: response.sub?._id ?? pairKey(body.docId, body.participantId),
      scope: { docs: [body.docId] },
    });
  }
  return response;
}

/** Many subscriptions in one transaction, all or none; one announcement per project. */
export async function setSubscriptions(
  deps: SubscriptionDeps,
  actor: Actor,
  items: readonly SubscriptionBody[],
): Promise<SubscriptionsResponse> {
  const { projectIds, ...counts } = await deps.db
    .transaction()
    .execute((tx) => applySubscriptionItems(tx, actor, items));
  const docIds = [...new Set(items.map((item) => item.docId))];
  for (const projectId of projectIds) {
    await announceChange(deps, actor, { projectId, entity: 'subscription', id: projectId, scope: { docs: docIds } });
  }
  return counts;
}

/**
 * The ids of subscriptions named by participant and doc, in the order asked. Any that is not a
 * subscription of the project (removed meanwhile, another office's) answers 404, as sending its id would.
 */
export async function subscriptionIds(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  projectId: string,
  body: SubIdsBody,
): Promise<SubIdsResponse> {
  if (!(await findProject(db, actor, projectId))) throw errors.notFound();
  const pairs = body.participants.flatMap((p) => p.docs.map((docId) => ({ docId, participantId: p._id })));
  const rows = (await subscriptionsOfPairs(db, pairs)).filter((r) => r.project_id === projectId);
  const idOf = new Map(rows.map((r) => [pairKey(r.doc_id, r.participant_id), r.id]));
  return {
    participants: body.participants.map((p) => ({
      _id: p._id,
      subs: p.docs.map((docId) => {
        const id = idOf.get(pairKey(docId, p._id));
        if (!id) throw errors.notFound();
        return id;
      }),
    })),
  };
}
