import { z } from 'zod';
import type { SubscriptionsResponse } from './participants.ts';

/**
 * Standing subscriptions (issue 35): "alle Pläne dieses Ordners" (or of a phase) for one participant.
 * Setting one gives the formats to the folder's (phase's) plans now, as a per-plan toggle would, and
 * to every plan that comes into it later — created, by a plan set or moved in — until the office
 * changes that plan's subscription itself. A format left out keeps the rule's; both off removes the
 * rule together with those formats of the plans in it.
 */
export const StandingSubscriptionBody = z
  .object({
    participantId: z.uuid(),
    folderId: z.uuid().optional(),
    phaseId: z.uuid().optional(),
    getsPdf: z.boolean().optional(),
    getsTec: z.boolean().optional(),
  })
  .refine((b) => (b.folderId === undefined) !== (b.phaseId === undefined), {
    message: 'name either a folder or a phase',
  });
export type StandingSubscriptionBody = z.infer<typeof StandingSubscriptionBody>;

/** A folder or phase for every participant of a project is a few hundred rules at most. */
export const MAX_STANDING_ITEMS = 2000;
export const StandingSubscriptionsBody = z.object({
  items: z.array(StandingSubscriptionBody).min(1).max(MAX_STANDING_ITEMS),
});

export interface StandingSubscriptionDto {
  _id: string;
  participant: string;
  /** Exactly one of folder and phase. */
  folder: string | null;
  phase: string | null;
  getsPdf: boolean;
  getsTec: boolean;
}

/** PUT /api/standing-subscriptions: the items' rules as they are now (removed ones left out), and the plans' subscriptions that changed. */
export interface StandingSubscriptionsResponse extends SubscriptionsResponse {
  rules: StandingSubscriptionDto[];
}

/** The rule that stands for a plan of `folder` in `phase` for a participant: its folder's, else its phase's. */
export function standingRuleOf(
  rules: readonly StandingSubscriptionDto[],
  participantId: string,
  place: { folder: string; phase: string },
): StandingSubscriptionDto | undefined {
  const own = rules.filter((r) => r.participant === participantId);
  return own.find((r) => r.folder === place.folder) ?? own.find((r) => r.phase === place.phase);
}
