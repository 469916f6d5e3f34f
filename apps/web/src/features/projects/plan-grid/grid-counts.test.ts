import type { SubscriptionBody } from '@plankurier/shared';
import { describe, expect, it } from 'vitest';
import { bundle, doc, folder, phase } from '../model/fixtures';
import { subChanges } from '../model/sub-changes';
import { GridCounts, gridCountsOf } from './grid-counts';
import { participant, sub } from './grid-fixtures';
import type { GridRow } from './grid-rows';
import { withSubscriptionItems } from './grid-subs';

const rows: GridRow[] = [
  { kind: 'phase', key: 'phase:ph1', phase: phase('ph1', 1), docIds: ['d1', 'd2', 'd3'] },
  { kind: 'folder', key: 'folder:f1', folder: folder('f1', 1), docIds: ['d1', 'd2'] },
  { kind: 'doc', key: 'doc:d1', doc: doc('d1', 'f1', 1), phaseId: 'ph1' },
  { kind: 'doc', key: 'doc:d2', doc: doc('d2', 'f1', 2), phaseId: 'ph1' },
  { kind: 'folder', key: 'folder:f2', folder: folder('f2', 2), docIds: ['d3'] },
  { kind: 'doc', key: 'doc:d3', doc: doc('d3', 'f2', 1), phaseId: 'ph1' },
];
const subs = [sub('d1', 'p1', true, false), sub('d1', 'p2', true, true), sub('d2', 'p2', false, true)];

/** Every count the grid asks for, as plain values. */
const allCounts = (counts: GridCounts, participantIds: readonly string[]) => ({
  docs: ['d1', 'd2', 'd3'].map((id) => counts.ofDoc(id)),
  participants: participantIds.map((id) => counts.ofParticipant(id)),
  groups: ['phase:ph1', 'folder:f1', 'folder:f2'].map((key) => [
    counts.ofGroup(key),
    ...participantIds.map((id) => counts.ofGroupAndParticipant(key, id)),
  ]),
});

describe('GridCounts', () => {
  const counts = GridCounts.of([...subs, sub('hidden', 'p1', true, true), sub('d1', 'gone', true, true)], rows, [
    'p1',
    'p2',
  ]);

  it('counts per doc, participant, group × participant and group over shown rows and columns only', () => {
    expect(counts.ofDoc('d1')).toEqual({ pdf: 2, tec: 1 });
    expect(counts.ofParticipant('p2')).toEqual({ pdf: 1, tec: 2 });
    expect(counts.ofParticipant('p1')).toEqual({ pdf: 1, tec: 0 });
    expect(counts.ofGroupAndParticipant('folder:f1', 'p2')).toEqual({ pdf: 1, tec: 2 });
    expect(counts.ofGroup('phase:ph1')).toEqual({ pdf: 2, tec: 2 });
  });

  it('answers no count where none is on and for what is not shown', () => {
    expect(counts.ofDoc('d3')).toBeUndefined();
    expect(counts.ofGroup('folder:f2')).toBeUndefined();
    expect(counts.ofDoc('hidden')).toBeUndefined();
    expect(counts.ofParticipant('gone')).toBeUndefined();
    expect(counts.ofGroupAndParticipant('folder:f1', 'gone')).toBeUndefined();
  });

  it('patches a copy: the counts it was made from stay as they were', () => {
    const removed = subs[1]!;
    const added = { ...removed, getsTec: false };
    const patched = counts.withChanges({ removed: [removed], added: [added] });
    expect(patched.ofDoc('d1')).toEqual({ pdf: 2, tec: 0 });
    expect(patched.ofGroupAndParticipant('phase:ph1', 'p2')).toEqual({ pdf: 1, tec: 1 });
    expect(counts.ofDoc('d1')).toEqual({ pdf: 2, tec: 1 });
  });
});

describe('gridCountsOf', () => {
  const participantIds = ['p1', 'p2', 'p3'];
  const shown = { rows, participantIds };

  it('stays equal to counting afresh through a series of toggles, each patched from the last', () => {
    let current = bundle({ subs, participants: participantIds.map((id, i) => participant(id, 'a', i)) });
    expect(allCounts(gridCountsOf(current.subs, shown), participantIds)).toEqual(
      allCounts(GridCounts.of(current.subs, rows, participantIds), participantIds),
    );
    // A fixed pseudo-random walk over single cells and whole rows, on and off.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let step = 0; step < 200; step++) {
      const docId = `d${(next() % 3) + 1}`;
      const items: SubscriptionBody[] =
        next() % 5 === 0
          ? participantIds.map((participantId) => ({ docId, participantId, getsPdf: step % 2 === 0 }))
          : [
              {
                docId,
                participantId: participantIds[next() % 3]!,
                getsPdf: next() % 2 === 0,
                getsTec: next() % 2 === 0,
              },
            ];
      const previous = current;
      current = withSubscriptionItems(current, items);
      // A toggle's patch is found, so the counts below were patched rather than counted afresh.
      expect(subChanges(previous.subs, current.subs)).not.toBeNull();
      expect(allCounts(gridCountsOf(current.subs, shown), participantIds)).toEqual(
        allCounts(GridCounts.of(current.subs, rows, participantIds), participantIds),
      );
    }
  });

  it('counts afresh for other rows or columns, and answers the same counts for the same list', () => {
    const first = gridCountsOf(subs, shown);
    expect(gridCountsOf(subs, shown)).toBe(first);
    const fewer = gridCountsOf(subs, { rows, participantIds: ['p1'] });
    expect(fewer.ofDoc('d1')).toEqual({ pdf: 1, tec: 0 });
  });
});
