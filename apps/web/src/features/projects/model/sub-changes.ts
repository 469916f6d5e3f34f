import type { SubscriptionDto } from '@plankurier/shared';

/** What a patch of the bundle did to its subscriptions: a changed one is removed and added anew. */
export interface SubChanges {
  removed: SubscriptionDto[];
  added: SubscriptionDto[];
}

/** Beyond this many, indexes and counts are built afresh rather than patched. */
const MAX_CHANGES = 2_000;

/**
 * The subscriptions `next` has that `previous` has not, and the other way round, when `next` was
 * made from `previous` by a patch (an optimistic toggle, a live change's rows): such a patch keeps
 * every untouched subscription as the same object and in its order, changes some in place, drops
 * some and appends new ones. One walk comparing objects finds that. Any two lists give changes that
 * add up (what is out of place counts as removed and added again); null when there are too many,
 * as for a list read anew, so the caller builds afresh.
 */
export function subChanges(previous: readonly SubscriptionDto[], next: readonly SubscriptionDto[]): SubChanges | null {
  const removed: SubscriptionDto[] = [];
  const added: SubscriptionDto[] = [];
  let i = 0;
  let j = 0;
  while (i < previous.length && j < next.length) {
    const before = previous[i]!;
    const after = next[j]!;
    if (before === after) {
      i++;
      j++;
      continue;
    }
    if (before._id === after._id) {
      removed.push(before);
      added.push(after);
      i++;
      j++;
    } else if (next[j + 1] === before) {
      added.push(after);
      j++;
    } else {
      // Dropped — or, had it moved, it is added again further on: the changes still add up.
      removed.push(before);
      i++;
    }
    if (removed.length + added.length > MAX_CHANGES) return null;
  }
  removed.push(...previous.slice(i));
  added.push(...next.slice(j));
  return removed.length + added.length > MAX_CHANGES ? null : { removed, added };
}

/** The index and the grid's counts follow the same lists: the walk between two of them is made once. */
let lastWalk: {
  previous: readonly SubscriptionDto[];
  next: readonly SubscriptionDto[];
  changes: SubChanges | null;
} | null = null;
function lastChanges(previous: readonly SubscriptionDto[], next: readonly SubscriptionDto[]) {
  if (lastWalk?.previous !== previous || lastWalk.next !== next) {
    lastWalk = { previous, next, changes: subChanges(previous, next) };
  }
  return lastWalk.changes;
}

/**
 * The last value derived from a subscription list, so that the next list's value can be patched
 * from it (`patch`) instead of built afresh (`build`) when the list was patched.
 */
export function derivedFromSubs<T, C = void>(
  build: (subs: readonly SubscriptionDto[], context: C) => T,
  patch: (previous: T, changes: SubChanges, context: C) => T,
): (subs: readonly SubscriptionDto[], context: C) => T {
  let last: { subs: readonly SubscriptionDto[]; context: C; value: T } | null = null;
  return (subs, context) => {
    if (last && last.subs === subs && last.context === context) return last.value;
    const changes = last && last.context === context ? lastChanges(last.subs, subs) : null;
    const value = changes && last ? patch(last.value, changes, context) : build(subs, context);
    last = { subs, context, value };
    return value;
  };
}
