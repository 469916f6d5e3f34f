import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refreshes cached queries after live changes, one refetch per key at a time. A plain
 * invalidation cancels a refetch in flight and starts anew, so a stream of changes (thumbnails
 * drawn one after another, a colleague releasing 40 plans) kept a large project bundle from ever
 * arriving. Here a change during a refetch asks for one more refetch after it, never for more:
 * the last state is always read, and at most two reads follow any burst of changes.
 */
export function refreshInTurn(queryClient: QueryClient): (queryKey: QueryKey) => Promise<void> {
  const running = new Map<string, { again: boolean; done: Promise<void> }>();
  return (queryKey) => {
    const id = JSON.stringify(queryKey);
    const current = running.get(id);
    if (current) {
      current.again = true;
      return current.done;
    }
    const turn = { again: false, done: Promise.resolve() };
    turn.done = (async () => {
      try {
        do {
          // A read begun before this change may not hold it: one more after it.
          turn.again = queryClient.isFetching({ queryKey }) > 0;
          await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false, throwOnError: false });
        } while (turn.again);
      } finally {
        running.delete(id);
      }
    })();
    running.set(id, turn);
    return turn.done;
  };
}
