import type { User } from '@plankurier/shared';

/**
 * Every feature the web gates, in one place. A feature marked beta shows only to accounts with
 * isBetaTester (set by an operator: npm run admin:beta); when it is ready, flip beta to false.
 */
export const FEATURES = {
  /** Printed plans sent by courier: the 'Versand per Kurier' section of a participant. */
  courierShipments: { beta: true },
} as const satisfies Record<string, { beta: boolean }>;

export type Feature = keyof typeof FEATURES;

export const BETA_FEATURES = (Object.keys(FEATURES) as Feature[]).filter((f) => FEATURES[f].beta);

export function isFeatureEnabled(feature: Feature, user: Pick<User, 'isBetaTester'> | null): boolean {
  return !FEATURES[feature].beta || user?.isBetaTester === true;
}
