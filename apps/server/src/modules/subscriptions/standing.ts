import type { Transaction } from 'kysely';
import {
  deliveryFormat,
  errors,
  type StandingSubscriptionBody,
  type StandingSubscriptionDto,
  type StandingSubscriptionsResponse,
  type SubscriptionBody,
} from '@plankurier/shared';
import type { Database } from '../../db/types.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../offices/access.ts';
import { participantName } from '../participants/dto.ts';
import { findParticipants } from '../participants/queries.ts';
import { announceChange } from '../projects/changes.ts';
import { recordDocEvents, type DocEvent } from '../timeline/record.ts';
import { applySubscriptionItems } from './service.ts';
import { findOwnedDocs, subscriptionsOfPairs } from './queries.ts';
import {
  clearRuleMarks,
  deleteRule,
  docsInPlace,
  findRule,
  findRulePlace,
  lockRule,
  rulesForPlacements,
  upsertRule,
  upsertRuleSubscriptions,
} from './standing-queries.ts';
import { toStandingDto } from './standing-dto.ts';

type Tx = Transaction<Database>;
type StandingDeps = Pick<Deps, 'db' | 'realtime'>;

/**
 * Sets standing subscriptions ("alle Pläne dieses Ordners"), all or none: each rule takes the formats
 * given (the others stay), and the folder's or phase's plans get exactly those formats now; a rule with
 * both formats off is removed. One announcement per project: the rules travel with the structure.
 */
export async function setStandingSubscriptions(
  deps: StandingDeps,
  actor: Actor,
  items: readonly StandingSubscriptionBody[],
): Promise<StandingSubscriptionsResponse> {
  const result = await deps.db.transaction().execute(async (tx) => {
    const participants = new Map(
      (await findParticipants(tx, actor, [...new Set(items.map((i) => i.participantId))])).map((p) => [p.id, p]),
    );
    const rules: StandingSubscriptionDto[] = [];
    const planItems: SubscriptionBody[] = [];
    const projectIds = new Set<string>();
    for (const item of items) {
      const participant = participants.get(item.participantId);
      const place = await findRulePlace(
        tx,
        actor,
        item.folderId ? { folderId: item.folderId } : { phaseId: item.phaseId! },
      );
      if (!participant || !place || place.projectId !== participant.project_id) throw errors.notFound();
      projectIds.add(place.projectId);
      const before = await lockRule(tx, participant.id, place);
      const getsPdf = item.getsPdf ?? before?.gets_pdf ?? false;
      const getsTec = item.getsTec ?? before?.gets_tec ?? false;
      if (getsPdf || getsTec) {
        const row = await upsertRule(tx, {
          project_id: place.projectId,
          participant_id: participant.id,
          folder_id: place.folderId,
          phase_id: place.phaseId,
          gets_pdf: getsPdf,
          gets_tec: getsTec,
          createdBy: actor.userId,
        });
        rules.push(toStandingDto(row));
      } else if (before) await deleteRule(tx, before.id);
      for (const doc of await docsInPlace(tx, place)) {
        planItems.push({
          docId: doc.id,
          participantId: participant.id,
          ...(item.getsPdf === undefined ? {} : { getsPdf: item.getsPdf }),
          ...(item.getsTec === undefined ? {} : { getsTec: item.getsTec }),
        });
      }
    }
    const applied = await applySubscriptionItems(tx, actor, planItems, { newFormats: 'off' });
    return { rules, applied, projectIds, docIds: [...new Set(planItems.map((i) => i.docId))] };
  });
  for (const projectId of result.projectIds) {
    await announceChange(deps, actor, {
      projectId,
      entity: 'subscription',
      id: projectId,
      scope: { structure: true, docs: result.docIds },
    });
  }
  const { changed, removed, unchanged } = result.applied;
  return { rules: result.rules, changed, removed, unchanged };
}

/** Removes a rule alone: the plans keep the subscriptions they have, new plans get none from it. */
export async function deleteStandingSubscription(deps: StandingDeps, actor: Actor, ruleId: string): Promise<void> {
  const { rule, docIds } = await deps.db.transaction().execute(async (tx) => {
    const found = await findRule(tx, actor, ruleId);
    if (!found) throw errors.notFound();
    await deleteRule(tx, found.id);
    const place = { folderId: found.folder_id, phaseId: found.phase_id };
    return { rule: found, docIds: await clearRuleMarks(tx, found.participant_id, place) };
  });
  await announceChange(deps, actor, {
    projectId: rule.project_id,
    entity: 'subscription',
    id: rule.id,
    scope: { structure: true, ...(docIds.length > 0 ? { docs: docIds } : {}) },
  });
}

/** A doc that came into a folder: new to the folder's phase too (created, or moved from another phase). */
export interface Placement {
  docId: string;
  folderId: string;
  withPhase: boolean;
}

/**
 * Gives docs that came into a folder the formats of its standing subscriptions (and of its phase's,
 * for a doc new to the phase), in the caller's transaction: a subscription is made, or widened by the
 * formats it lacks, and marked as the rule's. A format the plan has already stays, nothing is taken away.
 */
export async function applyStandingRules(tx: Tx, actor: Actor, placements: readonly Placement[]): Promise<void> {
  if (placements.length === 0) return;
  const wanted = await rulesForPlacements(tx, placements);
  if (wanted.length === 0) return;
  const existing = new Map(
    (
      await subscriptionsOfPairs(
        tx,
        wanted.map((w) => ({ docId: w.doc_id, participantId: w.participant_id })),
      )
    ).map((s) => [`${s.doc_id}|${s.participant_id}`, s]),
  );
  const items = wanted.flatMap((w) => {
    const before = existing.get(`${w.doc_id}|${w.participant_id}`);
    const getsPdf = w.gets_pdf || (before?.gets_pdf ?? false);
    const getsTec = w.gets_tec || (before?.gets_tec ?? false);
    if (before && before.gets_pdf === getsPdf && before.gets_tec === getsTec) return [];
    const formatsBefore = before ? deliveryFormat({ getsPdf: before.gets_pdf, getsTec: before.gets_tec }) : null;
    return [
      { projectId: w.project_id, docId: w.doc_id, participantId: w.participant_id, getsPdf, getsTec, formatsBefore },
    ];
  });
  await upsertRuleSubscriptions(tx, items);
  const [docs, participants] = await Promise.all([
    findOwnedDocs(tx, actor, [...new Set(items.map((i) => i.docId))]),
    findParticipants(tx, actor, [...new Set(items.map((i) => i.participantId))]),
  ]);
  const docById = new Map(docs.map((d) => [d.id, d]));
  const participantById = new Map(participants.map((p) => [p.id, p]));
  const events: DocEvent[] = items.flatMap((item) => {
    const doc = docById.get(item.docId);
    const participant = participantById.get(item.participantId);
    if (!doc || !participant) return [];
    return [
      {
        projectId: item.projectId,
        actorId: actor.userId,
        kind: 'subscription.changed' as const,
        docId: item.docId,
        data: {
          participantId: participant.id,
          participant: participantName(participant),
          docNumber: doc.number,
          docName: doc.name,
          formats: deliveryFormat(item),
          formatsBefore: item.formatsBefore,
          byRule: true,
        },
      },
    ];
  });
  await recordDocEvents(tx, events);
}
