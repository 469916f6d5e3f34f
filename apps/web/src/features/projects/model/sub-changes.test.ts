import { describe, expect, it } from 'vitest';
import { sub } from '../plan-grid/grid-fixtures';
import { derivedFromSubs, subChanges } from './sub-changes';
import { indexSubs, indexWithChanges, subIndexOf, subsByParticipantOf } from './sub-index';
import type { SubscriptionDto } from '@plankurier/shared';

const subs = [sub('d1', 'p1', true, false), sub('d1', 'p2', true, true), sub('d2', 'p2', false, true)];
const [a, b, c] = subs as [SubscriptionDto, SubscriptionDto, SubscriptionDto];

/** A nested index's entries in a fixed order, to compare two indexes built in different ways. */
const entries = (index: ReturnType<typeof indexSubs>) =>
  [...index]
    .map(([outer, inner]) => [outer, [...inner].sort(([x], [y]) => x.localeCompare(y))])
    .sort(([x], [y]) => String(x).localeCompare(String(y)));

describe('subChanges', () => {
  it('finds a subscription changed in place as removed and added anew', () => {
    const changed = { ...b, getsTec: false };
    expect(subChanges(subs, [a, changed, c])).toEqual({ removed: [b], added: [changed] });
  });

  it('finds dropped and appended subscriptions', () => {
    const added = sub('d3', 'p1', true, false);
    expect(subChanges(subs, [a, c, added])).toEqual({ removed: [b], added: [added] });
    expect(subChanges(subs, [b, c])).toEqual({ removed: [a], added: [] });
    expect(subChanges(subs, [])).toEqual({ removed: subs, added: [] });
  });

  it('answers nothing changed for the same list', () => {
    expect(subChanges(subs, subs)).toEqual({ removed: [], added: [] });
  });

  it('counts what is out of place as removed and added again', () => {
    expect(subChanges(subs, [c, a, b])).toEqual({ removed: [c], added: [c] });
    expect(subChanges(subs, [b, c, a])).toEqual({ removed: [a], added: [a] });
  });

  it('gives up on a list read anew with more than 2,000 subscriptions, so the caller builds afresh', () => {
    const many = Array.from({ length: 1001 }, (_, i) => sub(`d${i}`, 'p1', true, false));
    expect(
      subChanges(
        many,
        many.map((s) => ({ ...s })),
      ),
    ).toBeNull();
  });

  it('gives up beyond 2,000 changes', () => {
    const many = Array.from({ length: 2001 }, (_, i) => sub(`d${i}`, 'p1', true, false));
    expect(subChanges([], many)).toBeNull();
    expect(subChanges([], many.slice(1))).not.toBeNull();
  });
});

describe('derivedFromSubs', () => {
  it('patches from the last value when the list was patched, builds afresh otherwise', () => {
    const calls: string[] = [];
    const count = derivedFromSubs(
      (list) => {
        calls.push('build');
        return list.length;
      },
      (last, changes) => {
        calls.push('patch');
        return last + changes.added.length - changes.removed.length;
      },
    );
    expect(count(subs)).toBe(3);
    expect(count(subs)).toBe(3);
    expect(count([a, c])).toBe(2);
    const many = Array.from({ length: 2001 }, (_, i) => sub(`d${i}`, 'p1', true, false));
    expect(count(many)).toBe(2001);
    expect(calls).toEqual(['build', 'patch', 'build']);
  });
});

describe('the subscription index', () => {
  it('patched equals built afresh; docs the changes do not touch keep their maps', () => {
    const index = indexSubs(subs);
    const changed = { ...a, getsPdf: false, getsTec: true };
    const patched = indexWithChanges(index, { removed: [a, c], added: [changed] });
    expect(entries(patched)).toEqual(entries(indexSubs([changed, b])));
    expect(patched.has('d2')).toBe(false);
    expect(index.get('d1')?.get('p1')).toBe(a);

    const added = sub('d3', 'p1', true, false);
    const again = indexWithChanges(patched, { removed: [], added: [added] });
    expect(again.get('d1')).toBe(patched.get('d1'));
    expect(again.get('d3')?.get('p1')).toBe(added);
  });

  it('subIndexOf follows a patched list', () => {
    const first = subIndexOf(subs);
    const changed = { ...c, getsPdf: true };
    const next = subIndexOf([a, b, changed]);
    expect(next.get('d2')?.get('p2')).toBe(changed);
    expect(next.get('d1')).toBe(first.get('d1'));
  });
});

describe('the subscriptions per participant', () => {
  it('patched equals built afresh; participants the changes do not touch keep their maps', () => {
    const byParticipant = indexSubs(subs, 'participant');
    expect(byParticipant.get('p2')?.get('d2')).toBe(c);
    const changed = { ...b, getsTec: false };
    const patched = indexWithChanges(byParticipant, { removed: [b, c], added: [changed] }, 'participant');
    expect(entries(patched)).toEqual(entries(indexSubs([a, changed], 'participant')));
    expect([...patched.get('p2')!.values()]).toEqual([changed]);
    expect(patched.get('p1')).toBe(byParticipant.get('p1'));

    const gone = indexWithChanges(patched, { removed: [a], added: [] }, 'participant');
    expect(gone.has('p1')).toBe(false);
    expect(byParticipant.get('p1')?.get('d1')).toBe(a);
  });

  it('subsByParticipantOf is the same index for the same list and follows a patched one', () => {
    const first = subsByParticipantOf(subs);
    expect(subsByParticipantOf(subs)).toBe(first);
    const added = sub('d3', 'p1', true, false);
    const next = subsByParticipantOf([...subs, added]);
    expect([...next.get('p1')!.values()]).toEqual([a, added]);
    expect(next.get('p2')).toBe(first.get('p2'));
  });
});
