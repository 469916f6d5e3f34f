import { describe, expect, it } from 'vitest';
import type { StandingSubscriptionDto } from '@plankurier/shared';
import { bundle, folder, phase } from '../model/fixtures';
import { folderKey, hasRuleFormat, ruleIndexOf, ruleItems, ruleKey, ruleOfPlan, withStandingRules } from './grid-rules';

const rule = (id: string, participant: string, place: { folder?: string; phase?: string }, pdf = true, tec = false) =>
  ({
    _id: id,
    participant,
    folder: place.folder ?? null,
    phase: place.phase ?? null,
    getsPdf: pdf,
    getsTec: tec,
  }) satisfies StandingSubscriptionDto;

const folders = new Map([['f1', folder('f1', 1, { name: 'Grundrisse' })]]);
const phases = [phase('ph1', 1, 'LP5')];

describe('standing subscriptions in the Planraster', () => {
  it('finds a plan’s rule by its folder first, then its phase, named as the grid names them', () => {
    const index = ruleIndexOf(
      [
        rule('r1', 'p1', { folder: 'f1' }),
        rule('r2', 'p1', { phase: 'ph1' }, false, true),
        rule('r3', 'p2', { phase: 'ph1' }),
      ],
      folders,
      phases,
    );
    expect(ruleOfPlan(index, 'f1', 'ph1', 'p1')).toEqual({
      rule: expect.objectContaining({ _id: 'r1' }),
      place: 'Grundrisse',
    });
    expect(ruleOfPlan(index, 'f1', 'ph1', 'p2')?.place).toBe('LP5 Phase LP5');
    expect(ruleOfPlan(index, 'f1', 'ph1', 'p3')).toBeUndefined();
    expect(hasRuleFormat(index.get(ruleKey(folderKey('f1'), 'p1')), 'pdf')).toBe(true);
    expect(hasRuleFormat(index.get(ruleKey(folderKey('f1'), 'p1')), 'tec')).toBe(false);
  });

  it('a folder row’s toggle becomes one rule per participant with only that format', () => {
    const row = { kind: 'folder' as const, key: folderKey('f1'), folder: folders.get('f1')!, docIds: ['d1'] };
    expect(ruleItems(row, ['p1', 'p2'], 'tec', false)).toEqual([
      { participantId: 'p1', folderId: 'f1', getsTec: false },
      { participantId: 'p2', folderId: 'f1', getsTec: false },
    ]);
  });

  it('the optimistic bundle keeps the other format, and both off removes the rule', () => {
    const start = bundle({ standingSubs: [rule('r1', 'p1', { folder: 'f1' })] });
    const both = withStandingRules(start, [
      { participantId: 'p1', folderId: 'f1', getsTec: true },
      { participantId: 'p2', phaseId: 'ph1', getsPdf: true },
    ]);
    expect(both.standingSubs).toEqual([
      rule('r1', 'p1', { folder: 'f1' }, true, true),
      { ...rule('p2/ph1', 'p2', { phase: 'ph1' }) },
    ]);
    const off = withStandingRules(both, [{ participantId: 'p1', folderId: 'f1', getsPdf: false, getsTec: false }]);
    expect(off.standingSubs.map((r) => r._id)).toEqual(['p2/ph1']);
  });
});
