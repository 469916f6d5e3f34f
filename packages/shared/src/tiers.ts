export const TIER_NAMES = ['FREE', 'P1', 'P2'] as const;
export type TierName = (typeof TIER_NAMES)[number];
export const BUY_PERIODS = ['MONTH', 'YEAR'] as const;
export type BuyPeriod = (typeof BUY_PERIODS)[number];

/** Limits of a tier; 0 means unlimited. */
export interface Features {
  maxNumberOfProjects: number;
  maxNumberOfDocs: number;
  maxNumberOfParticipants: number;
  /** People who may work in the office (members and open invitations). */
  maxNumberOfUsers: number;
}

export interface TierDefinition {
  name: TierName;
  displayName: string;
  features: Features;
  /** Net prices in cents; FREE costs nothing. */
  priceCents: Record<BuyPeriod, number>;
}

export const TIERS: Record<TierName, TierDefinition> = {
  FREE: {
    name: 'FREE',
    displayName: 'FREE',
    features: { maxNumberOfProjects: 1, maxNumberOfDocs: 30, maxNumberOfParticipants: 5, maxNumberOfUsers: 1 },
    priceCents: { MONTH: 0, YEAR: 0 },
  },
  P1: {
    name: 'P1',
    displayName: 'PRO',
    features: { maxNumberOfProjects: 10, maxNumberOfDocs: 0, maxNumberOfParticipants: 0, maxNumberOfUsers: 5 },
    priceCents: { MONTH: 2900, YEAR: 29000 },
  },
  P2: {
    name: 'P2',
    displayName: 'ENTERPRISE',
    features: { maxNumberOfProjects: 0, maxNumberOfDocs: 0, maxNumberOfParticipants: 0, maxNumberOfUsers: 0 },
    priceCents: { MONTH: 7900, YEAR: 79000 },
  },
};

/** The next tier up, or null for the top tier. */
export function nextTier(tier: TierName): TierName | null {
  const i = TIER_NAMES.indexOf(tier);
  return TIER_NAMES[i + 1] ?? null;
}

/** A new item may be added when the limit is 0 (unlimited) or above the current count. */
export const withinLimit = (limit: number, currentCount: number) => limit === 0 || currentCount < limit;
