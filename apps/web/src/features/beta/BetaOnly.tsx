import type { ReactNode } from 'react';
import type { Feature } from './features';
import { useFeature } from './use-feature';

/** Renders its children only where the feature is enabled for the account; nothing otherwise. */
export function BetaOnly({ feature, children }: { feature: Feature; children: ReactNode }) {
  return useFeature(feature) ? children : null;
}
