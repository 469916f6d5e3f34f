import { nextTier, TIERS, type User } from '@plankurier/shared';

/** The display name of the tier the upgrade link offers ('PRO' from FREE, 'ENTERPRISE' from P1), or null. */
export function upgradeTargetName(user: Pick<User, 'tier' | 'userCanUpgrade'>): string | null {
  if (!user.userCanUpgrade) return null;
  const target = nextTier(user.tier);
  return target ? TIERS[target].displayName : null;
}
