import { describe, expect, test } from 'vitest';
import { upgradeTargetName } from './upgrade-target';

describe('upgradeTargetName', () => {
  test('FREE users are offered PRO', () => {
    expect(upgradeTargetName({ tier: 'FREE', userCanUpgrade: true })).toBe('PRO');
  });

  test('PRO users are offered ENTERPRISE', () => {
    expect(upgradeTargetName({ tier: 'P1', userCanUpgrade: true })).toBe('ENTERPRISE');
  });

  test('no link when the user cannot upgrade or has the top tier', () => {
    expect(upgradeTargetName({ tier: 'P1', userCanUpgrade: false })).toBeNull();
    expect(upgradeTargetName({ tier: 'P2', userCanUpgrade: true })).toBeNull();
  });
});
