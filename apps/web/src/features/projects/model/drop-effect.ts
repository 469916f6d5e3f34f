/**
 * The drop effect of a drag (spec §4): copy while Alt is held, otherwise move — as long as the
 * source allows moving; files from the desktop that only allow copying stay 'copy', or the
 * browser would refuse the drop.
 */
export function dropEffectFor(altKey: boolean, effectAllowed: string | undefined): 'copy' | 'move' {
  if (altKey) return 'copy';
  const allowsMove =
    effectAllowed === undefined || ['all', 'move', 'copyMove', 'linkMove', 'uninitialized'].includes(effectAllowed);
  return allowsMove ? 'move' : 'copy';
}
