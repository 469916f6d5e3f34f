import { describe, expect, it } from 'vitest';
import { bundle } from '../model/fixtures';
import { participant, sub } from './grid-fixtures';
import { cellToggleItem, expandToggle, formatsOf, sameCount, toggleState, withSubscriptionItems } from './grid-subs';
import { indexSubs, subOf } from '../model/sub-index';

const subs = [sub('d1', 'p1', true, false), sub('d1', 'p2', true, true), sub('d2', 'p2', false, true)];
const index = indexSubs(subs);

describe('sub index and cell toggles', () => {
  it('looks cells up by doc and participant', () => {
    expect(subOf(index, 'd1', 'p2')?.getsTec).toBe(true);
    expect(formatsOf(index, 'd2', 'p1')).toEqual({ getsPdf: false, getsTec: false });
  });

  it('flips one format and sends both explicitly', () => {
    expect(cellToggleItem(index, 'd1', 'p1', 'pdf')).toEqual({
      docId: 'd1',
      participantId: 'p1',
      getsPdf: false,
      getsTec: false,
    });
    expect(cellToggleItem(index, 'd1', 'p1', 'tec')).toEqual({
      docId: 'd1',
      participantId: 'p1',
      getsPdf: true,
      getsTec: true,
    });
    expect(cellToggleItem(index, 'd2', 'p1', 'pdf')).toEqual({
      docId: 'd2',
      participantId: 'p1',
      getsPdf: true,
      getsTec: false,
    });
  });
});

describe('expandToggle', () => {
  it('expands a row, column or group into the cells that change, keeping the other format', () => {
    expect(expandToggle(index, ['d1', 'd2'], ['p1', 'p2'], 'pdf', true)).toEqual([
      { docId: 'd2', participantId: 'p1', getsPdf: true, getsTec: false },
      { docId: 'd2', participantId: 'p2', getsPdf: true, getsTec: true },
    ]);
    expect(expandToggle(index, ['d1', 'd2'], ['p2'], 'tec', false)).toEqual([
      { docId: 'd1', participantId: 'p2', getsPdf: true, getsTec: false },
      { docId: 'd2', participantId: 'p2', getsPdf: false, getsTec: false },
    ]);
    expect(expandToggle(index, ['d1'], ['p1', 'p2'], 'pdf', true)).toEqual([]);
  });

  it('covers 2,000 plans × 100 participants in one list', () => {
    const docIds = Array.from({ length: 2000 }, (_, i) => `d${i}`);
    const participantIds = Array.from({ length: 100 }, (_, i) => `p${i}`);
    expect(expandToggle(index, docIds, participantIds, 'tec', true)).toHaveLength(200_000 - 2);
  });
});

describe('sameCount and toggleState', () => {
  it('compares counts by what they show: no count is none of either', () => {
    expect(sameCount(undefined, { pdf: 0, tec: 0 })).toBe(true);
    expect(sameCount({ pdf: 1, tec: 0 }, { pdf: 1, tec: 0 })).toBe(true);
    expect(sameCount({ pdf: 1, tec: 0 }, { pdf: 1, tec: 1 })).toBe(false);
    expect(sameCount(undefined, { pdf: 1, tec: 0 })).toBe(false);
  });

  it('says all, some or none', () => {
    expect(toggleState({ pdf: 2, tec: 1 }, 'pdf', 2)).toBe('all');
    expect(toggleState({ pdf: 2, tec: 1 }, 'tec', 2)).toBe('some');
    expect(toggleState(undefined, 'pdf', 2)).toBe('none');
    expect(toggleState({ pdf: 0, tec: 0 }, 'pdf', 0)).toBe('none');
  });
});

describe('withSubscriptionItems', () => {
  it('changes, adds and removes subscriptions as the server will', () => {
    const before = bundle({ subs, participants: [participant('p1', 'a', 1)] });
    const after = withSubscriptionItems(before, [
      { docId: 'd1', participantId: 'p1', getsPdf: false, getsTec: false },
      { docId: 'd2', participantId: 'p2', getsPdf: true },
      { docId: 'd3', participantId: 'p1', getsPdf: false, getsTec: true },
      { docId: 'd4', participantId: 'p1', getsPdf: false, getsTec: false },
    ]);
    const byKey = indexSubs(after.subs);
    expect(subOf(byKey, 'd1', 'p1')).toBeUndefined();
    expect(subOf(byKey, 'd2', 'p2')).toMatchObject({ getsPdf: true, getsTec: true, _id: 's-d2-p2' });
    expect(subOf(byKey, 'd3', 'p1')).toMatchObject({ getsPdf: false, getsTec: true, state: { deliver: 'GRAY' } });
    expect(subOf(byKey, 'd4', 'p1')).toBeUndefined();
    // Subscriptions the items do not touch stay the same objects (memoised rows compare them).
    expect(after.subs.find((s) => s.doc === 'd1' && s.participant === 'p2')).toBe(
      before.subs.find((s) => s.doc === 'd1' && s.participant === 'p2'),
    );
    expect(after.subs).toHaveLength(3);
    expect(before.subs).toHaveLength(3);
  });
});
