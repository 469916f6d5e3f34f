import type { ProjectBundle, StandingSubscriptionBody, SubscriptionBody } from '@plankurier/shared';
import { standingSubscriptionApi } from '../../../api/participant-api';
import { useProjectMutation } from '../../../api/use-project';
import { withStandingRules } from './grid-rules';
import { withSubscriptionItems } from './grid-subs';

/** A rule change: the rules the server keeps, and the cells the page shows changed until it answers. */
export interface RuleChange {
  rules: StandingSubscriptionBody[];
  cells: SubscriptionBody[];
}

const setRules = (change: RuleChange) => standingSubscriptionApi.set(change.rules);
const withRuleChange = (bundle: ProjectBundle, change: RuleChange) =>
  withStandingRules(withSubscriptionItems(bundle, change.cells), change.rules);

/** Sets folder or phase subscriptions that also hold for plans added later (PUT /api/standing-subscriptions). */
export const useStandingRuleChange = (projectId: string) => useProjectMutation(projectId, setRules, withRuleChange);

/** Ends a rule alone: the plans keep what they have. */
export const useRemoveStandingRule = (projectId: string) =>
  useProjectMutation(
    projectId,
    (ruleId: string) => standingSubscriptionApi.remove(ruleId),
    (bundle, ruleId) => ({ ...bundle, standingSubs: bundle.standingSubs.filter((r) => r._id !== ruleId) }),
  );
