import { describe, expect, test } from 'vitest';
import { initialPeriod, initialUpgradeState, upgradeReducer, type UpgradeState } from './upgrade-steps';

const selecting: UpgradeState = { step: 'select_tier', period: 'YEAR', planCode: null };

describe('upgrade steps none → select_tier → finalize → done', () => {
  test('starting opens the tier selection with the first option’s period for a free account', () => {
    const state = upgradeReducer(initialUpgradeState, {
      type: 'start',
      options: ['P1Y', 'P2Y', 'P1M', 'P2M'],
      currentPeriod: null,
    });
    expect(state).toEqual({ step: 'select_tier', period: 'YEAR', planCode: null });
  });

  test('a monthly PRO account starts on the monthly cards, where ENTERPRISE monthly is offered', () => {
    expect(initialPeriod(['P2M', 'P1Y', 'P2Y'], 'MONTH')).toBe('MONTH');
  });

  test('a period without options is not preselected', () => {
    expect(initialPeriod(['P2Y'], 'MONTH')).toBe('YEAR');
  });

  test('choosing a plan goes to finalize with that plan and its period', () => {
    expect(upgradeReducer(selecting, { type: 'selectPlan', planCode: 'P1M' })).toEqual({
      step: 'finalize',
      period: 'MONTH',
      planCode: 'P1M',
    });
  });

  test('back from finalize returns to the selection; back from the selection closes', () => {
    const finalize = upgradeReducer(selecting, { type: 'selectPlan', planCode: 'P2Y' });
    expect(upgradeReducer(finalize, { type: 'back' })).toEqual({ ...selecting, period: 'YEAR' });
    expect(upgradeReducer(selecting, { type: 'back' })).toEqual(initialUpgradeState);
  });

  test('only a finalize step can be bought; done closes back to none', () => {
    expect(upgradeReducer(selecting, { type: 'bought' })).toBe(selecting);
    const finalize = upgradeReducer(selecting, { type: 'selectPlan', planCode: 'P2Y' });
    const done = upgradeReducer(finalize, { type: 'bought' });
    expect(done.step).toBe('done');
    expect(upgradeReducer(done, { type: 'close' })).toEqual(initialUpgradeState);
  });

  test('the period switch only acts on the selection step', () => {
    expect(upgradeReducer(selecting, { type: 'choosePeriod', period: 'MONTH' }).period).toBe('MONTH');
    expect(upgradeReducer(initialUpgradeState, { type: 'choosePeriod', period: 'MONTH' })).toBe(initialUpgradeState);
  });
});
