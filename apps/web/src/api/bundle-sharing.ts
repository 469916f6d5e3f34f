import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * TanStack's structural sharing for the project bundle. A bundle patched from the cached one (a
 * live change's rows, an optimistic toggle) already keeps every untouched part as the same object,
 * so it is taken as it is: comparing it deeply walked all 50,000 subscriptions on every toggle.
 * A bundle read anew shares nothing with the cached one and is compared as TanStack does, so that
 * the parts that did not change stay the same objects and the screens keep their indexes.
 */
export function shareBundle(previous: unknown, next: unknown): unknown {
  return isPatchOf(previous, next) ? next : replaceEqualDeep(previous, next);
}

/** `next` was made from `previous` by a patch: one of its top-level lists is the very same array. */
function isPatchOf(previous: unknown, next: unknown): boolean {
  if (!isRecord(previous) || !isRecord(next) || previous === next) return false;
  return Object.keys(next).some((key) => Array.isArray(next[key]) && next[key] === previous[key]);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
