import { describe, expect, test } from 'vitest';
import { upgradeTargetName } from './upgrade-target';

describe('upgradeTargetName', () => {
  test('FREE owners are offered PRO', () => {
    expect(upgradeTargetName({ tier: 'FREE', userCanUpgrade: true, role: 'owner' })).toBe('PRO');
  });

  test('PRO owners are offered ENTERPRISE', () => {
    expect(upgradeTargetName({ tier: 'P1', userCanUpgrade: true, role: 'owner' })).toBe('ENTERPRISE');
  });

  test('no link when the user cannot upgrade or has the top tier', () => {
    expect(upgradeTargetName({ tier: 'P1', userCanUpgrade: false, role: 'owner' })).toBeNull();
    expect(upgradeTargetName({ tier: 'P2', userCanUpgrade: true, role: 'owner' })).toBeNull();
  });

  test('admins, members and people without an office are not offered to buy', () => {
    expect(upgradeTargetName({ tier: 'FREE', userCanUpgrade: true, role: 'admin' })).toBeNull();
    expect(upgradeTargetName({ tier: 'FREE', userCanUpgrade: true, role: 'member' })).toBeNull();
    expect(upgradeTargetName({ tier: 'FREE', userCanUpgrade: true, role: null })).toBeNull();
  });
});
