import { planOf, type BuyPeriod, type PaidPlanCode } from '@plankurier/shared';

/** The upgrade steps of the account's user_plan tab (spec §2); select_tier is the first real step. */
export const UPGRADE_STEPS = ['none', 'select_tier', 'finalize', 'done'] as const;
export type UpgradeStep = (typeof UPGRADE_STEPS)[number];

export interface UpgradeState {
  step: UpgradeStep;
  period: BuyPeriod;
  planCode: PaidPlanCode | null;
}

export type UpgradeAction =
  | { type: 'start'; options: readonly PaidPlanCode[]; currentPeriod: BuyPeriod | null }
  | { type: 'choosePeriod'; period: BuyPeriod }
  | { type: 'selectPlan'; planCode: PaidPlanCode }
  | { type: 'back' }
  | { type: 'bought' }
  | { type: 'close' };

export const initialUpgradeState: UpgradeState = { step: 'none', period: 'YEAR', planCode: null };

/** The billing period the tier cards open with: the current one if it still has options, else the first option's. */
export function initialPeriod(options: readonly PaidPlanCode[], currentPeriod: BuyPeriod | null): BuyPeriod {
  if (currentPeriod && options.some((code) => planOf(code).period === currentPeriod)) return currentPeriod;
  const first = options[0];
  return first ? planOf(first).period : 'YEAR';
}

export function upgradeReducer(state: UpgradeState, action: UpgradeAction): UpgradeState {
  switch (action.type) {
    case 'start':
      return { step: 'select_tier', period: initialPeriod(action.options, action.currentPeriod), planCode: null };
    case 'choosePeriod':
      return state.step === 'select_tier' ? { ...state, period: action.period } : state;
    case 'selectPlan':
      return state.step === 'select_tier'
        ? { step: 'finalize', period: planOf(action.planCode).period, planCode: action.planCode }
        : state;
    case 'back':
      return state.step === 'finalize' ? { ...state, step: 'select_tier', planCode: null } : initialUpgradeState;
    case 'bought':
      return state.step === 'finalize' ? { ...state, step: 'done' } : state;
    case 'close':
      return initialUpgradeState;
  }
}
