import { describe, expect, test } from 'vitest';
import { BETA_FEATURES, FEATURES, isFeatureEnabled } from './features';

describe('feature gate', () => {
  test('courier shipments are marked beta', () => {
    expect(BETA_FEATURES).toContain('courierShipments');
    expect(FEATURES.courierShipments.beta).toBe(true);
  });

  test('a beta feature shows only to beta testers, never without a session', () => {
    expect(isFeatureEnabled('courierShipments', { isBetaTester: true })).toBe(true);
    expect(isFeatureEnabled('courierShipments', { isBetaTester: false })).toBe(false);
    expect(isFeatureEnabled('courierShipments', null)).toBe(false);
  });
});
