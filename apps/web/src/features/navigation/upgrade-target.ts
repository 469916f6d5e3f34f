import { canManageBilling, nextTier, TIERS, type User } from '@plankurier/shared';

/**
 * The display name of the tier the upgrade link offers ('PRO' from FREE, 'ENTERPRISE' from P1), or
 * null. Only the office's owners buy, so nobody else is offered the link.
 */
export function upgradeTargetName(user: Pick<User, 'tier' | 'userCanUpgrade' | 'role'>): string | null {
  if (!user.userCanUpgrade || user.role === null || !canManageBilling(user.role)) return null;
  const target = nextTier(user.tier);
  return target ? TIERS[target].displayName : null;
}
