import { useCurrentUser } from '../../session/use-session';
import { isFeatureEnabled, type Feature } from './features';

/** Whether the signed-in account may use the feature (beta features: beta testers only). */
export function useFeature(feature: Feature): boolean {
  return isFeatureEnabled(feature, useCurrentUser());
}
