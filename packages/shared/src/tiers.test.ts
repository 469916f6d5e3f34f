import { describe, expect, test } from 'vitest';
import { BUY_PERIODS, TIERS, TIER_NAMES, nextTier, withinLimit, type Features } from './tiers.ts';
import { FeaturesSchema } from './user.ts';

const FEATURE_KEYS: (keyof Features)[] = [
  'maxNumberOfProjects',
  'maxNumberOfDocs',
  'maxNumberOfParticipants',
  'maxNumberOfUsers',
];

describe('withinLimit', () => {
  test('a limit of 0 means unlimited, even with no items yet', () => {
    expect(withinLimit(0, 0)).toBe(true);
  });

  test('a limit of 0 means unlimited, even with very many items', () => {
    expect(withinLimit(0, 1_000_000)).toBe(true);
  });

  test('a new item may be added while the count is below the limit', () => {
    expect(withinLimit(5, 0)).toBe(true);
    expect(withinLimit(5, 4)).toBe(true);
  });

  test('no new item may be added once the count has reached the limit', () => {
    expect(withinLimit(5, 5)).toBe(false);
  });

  test('no new item may be added when the count is already above the limit', () => {
    expect(withinLimit(5, 6)).toBe(false);
  });

  test('with a limit of 1 the first item may be added but not the second', () => {
    expect(withinLimit(1, 0)).toBe(true);
    expect(withinLimit(1, 1)).toBe(false);
  });

  test('on the free plan the last project up to the limit may be added, one more may not', () => {
    const limit = TIERS.FREE.features.maxNumberOfProjects;
    expect(limit).toBeGreaterThan(0);
    expect(withinLimit(limit, limit - 1)).toBe(true);
    expect(withinLimit(limit, limit)).toBe(false);
  });
});

describe('nextTier', () => {
  test('the tiers go from FREE to P1 to P2', () => {
    expect([...TIER_NAMES]).toEqual(['FREE', 'P1', 'P2']);
  });

  test('a free account upgrades to P1', () => {
    expect(nextTier('FREE')).toBe('P1');
  });

  test('a P1 account upgrades to P2', () => {
    expect(nextTier('P1')).toBe('P2');
  });

  test('the top tier P2 has no further upgrade', () => {
    expect(nextTier('P2')).toBeNull();
  });
});

describe('tier definitions', () => {
  test('there is a definition for every tier name and no other', () => {
    expect(Object.keys(TIERS).sort()).toEqual([...TIER_NAMES].sort());
  });

  test.each(TIER_NAMES)('the %s definition carries its own name', (name) => {
    expect(TIERS[name].name).toBe(name);
    expect(TIERS[name].displayName.length).toBeGreaterThan(0);
  });

  test.each(TIER_NAMES)('every limit of the %s tier is a non-negative whole number', (name) => {
    const { features } = TIERS[name];
    expect(Object.keys(features).sort()).toEqual([...FEATURE_KEYS].sort());
    for (const key of FEATURE_KEYS) {
      expect(Number.isInteger(features[key]), `${name}.${key}`).toBe(true);
      expect(features[key], `${name}.${key}`).toBeGreaterThanOrEqual(0);
    }
  });

  test.each(TIER_NAMES)('the %s limits are accepted by the user features schema', (name) => {
    expect(FeaturesSchema.parse(TIERS[name].features)).toEqual(TIERS[name].features);
  });

  test.each(TIER_NAMES)('every price of the %s tier is a non-negative whole number of cents', (name) => {
    const { priceCents } = TIERS[name];
    expect(Object.keys(priceCents).sort()).toEqual([...BUY_PERIODS].sort());
    for (const period of BUY_PERIODS) {
      expect(Number.isInteger(priceCents[period]), `${name}.${period}`).toBe(true);
      expect(priceCents[period], `${name}.${period}`).toBeGreaterThanOrEqual(0);
    }
  });

  test('the free tier costs nothing', () => {
    expect(TIERS.FREE.priceCents).toEqual({ MONTH: 0, YEAR: 0 });
  });

  test('paid tiers cost something in both billing periods', () => {
    for (const name of ['P1', 'P2'] as const) {
      expect(TIERS[name].priceCents.MONTH).toBeGreaterThan(0);
      expect(TIERS[name].priceCents.YEAR).toBeGreaterThan(0);
    }
  });

  test('billing is monthly or yearly', () => {
    expect([...BUY_PERIODS]).toEqual(['MONTH', 'YEAR']);
  });

  test('a yearly subscription never costs more than twelve monthly ones', () => {
    for (const name of TIER_NAMES) {
      expect(TIERS[name].priceCents.YEAR).toBeLessThanOrEqual(12 * TIERS[name].priceCents.MONTH);
    }
  });

  test('upgrading to the next tier never lowers a limit', () => {
    // 0 means unlimited, so it ranks above every finite limit.
    const rank = (limit: number) => (limit === 0 ? Number.POSITIVE_INFINITY : limit);
    for (const name of TIER_NAMES) {
      const next = nextTier(name);
      if (!next) continue;
      for (const key of FEATURE_KEYS) {
        expect(rank(TIERS[next].features[key]), `${name} → ${next}: ${key}`).toBeGreaterThanOrEqual(
          rank(TIERS[name].features[key]),
        );
      }
    }
  });

  test('upgrading to the next tier always costs more', () => {
    for (const name of TIER_NAMES) {
      const next = nextTier(name);
      if (!next) continue;
      expect(TIERS[next].priceCents.MONTH).toBeGreaterThan(TIERS[name].priceCents.MONTH);
      expect(TIERS[next].priceCents.YEAR).toBeGreaterThan(TIERS[name].priceCents.YEAR);
    }
  });
});
