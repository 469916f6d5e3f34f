import { describe, expect, test } from 'vitest';
import {
  PLAN_CODES,
  canUpgradeTo,
  daysBetween,
  grossOf,
  hasBiggestPlan,
  periodEnd,
  planCode,
  planNetCents,
  quoteUpgrade,
  upgradeCredit,
  upgradeOptions,
  vatOf,
  type PlanCode,
} from './billing.ts';

const d = (iso: string) => new Date(iso);

describe('tier ladder (spec §4), every from → to', () => {
  // The whole matrix written out: a change to the ladder must change this table.
  const allowed: Record<PlanCode, PlanCode[]> = {
    FREE: ['P1M', 'P1Y', 'P2M', 'P2Y'],
    P1M: ['P1Y', 'P2M', 'P2Y'],
    P1Y: ['P2Y'],
    P2M: [],
    P2Y: [],
  };
  const pairs = PLAN_CODES.flatMap((from) => PLAN_CODES.map((to) => [from, to] as const));

  test('the matrix covers all 25 pairs', () => {
    expect(pairs).toHaveLength(25);
  });

  test.each(pairs)('%s → %s', (from, to) => {
    expect(canUpgradeTo(from, to)).toBe(allowed[from].includes(to));
  });

  test('free offers the yearly options first, then the monthly ones', () => {
    expect(upgradeOptions('FREE')).toEqual(['P1Y', 'P2Y', 'P1M', 'P2M']);
  });

  test('a monthly PRO moves to ENTERPRISE monthly or to a yearly option', () => {
    expect([...upgradeOptions('P1M')].sort()).toEqual(['P1Y', 'P2M', 'P2Y']);
  });

  test('a yearly buy only moves to yearly options', () => {
    expect(upgradeOptions('P1Y').every((code) => code.endsWith('Y'))).toBe(true);
  });

  test('only the top tier has the biggest plan', () => {
    expect(PLAN_CODES.filter(hasBiggestPlan)).toEqual(['P2M', 'P2Y']);
  });

  test('nobody upgrades to the plan they have or to FREE', () => {
    for (const from of PLAN_CODES) {
      expect(canUpgradeTo(from, from)).toBe(false);
      expect(canUpgradeTo(from, 'FREE')).toBe(false);
    }
  });

  test('plan codes from tier and period', () => {
    expect(planCode('FREE', null)).toBe('FREE');
    expect(planCode('FREE', 'YEAR')).toBe('FREE');
    expect(planCode('P1', 'MONTH')).toBe('P1M');
    expect(planCode('P2', 'YEAR')).toBe('P2Y');
    expect(planCode('P2', null)).toBe('P2M');
  });
});

describe('billing periods', () => {
  test('a month from the 15th ends on the 15th of the next month', () => {
    expect(periodEnd(d('2026-03-15T10:00:00Z'), 'MONTH').toISOString()).toBe('2026-04-15T10:00:00.000Z');
  });

  test('a month from 31 January ends on the last day of February', () => {
    expect(periodEnd(d('2026-01-31T00:00:00Z'), 'MONTH').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(periodEnd(d('2028-01-31T00:00:00Z'), 'MONTH').toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  test('a month from December ends in January of the next year', () => {
    expect(periodEnd(d('2026-12-10T08:30:00Z'), 'MONTH').toISOString()).toBe('2027-01-10T08:30:00.000Z');
  });

  test('a year from 29 February ends on 28 February', () => {
    expect(periodEnd(d('2028-02-29T12:00:00Z'), 'YEAR').toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });

  test('a year has 366 days across a leap day and 365 otherwise', () => {
    expect(daysBetween(d('2027-06-01T00:00:00Z'), periodEnd(d('2027-06-01T00:00:00Z'), 'YEAR'))).toBe(366);
    expect(daysBetween(d('2026-06-01T00:00:00Z'), periodEnd(d('2026-06-01T00:00:00Z'), 'YEAR'))).toBe(365);
  });

  test('days are counted by UTC calendar day, not by hours', () => {
    expect(daysBetween(d('2026-03-01T23:59:00Z'), d('2026-03-02T00:01:00Z'))).toBe(1);
    expect(daysBetween(d('2026-03-02T00:01:00Z'), d('2026-03-01T23:59:00Z'))).toBe(-1);
  });
});

describe('upgrade credit for unused days', () => {
  const monthlyPro = {
    startAt: d('2026-02-01T09:00:00Z'),
    endPeriodAt: d('2026-03-01T09:00:00Z'),
    netCents: 2900,
  };

  test('upgrading on the first day credits the whole period', () => {
    expect(upgradeCredit(monthlyPro, d('2026-02-01T18:00:00Z'))).toEqual({
      remainingDays: 28,
      periodDays: 28,
      netCredit: 2900,
    });
  });

  test('upgrading on the last day credits nothing', () => {
    expect(upgradeCredit(monthlyPro, d('2026-03-01T08:00:00Z'))).toEqual({
      remainingDays: 0,
      periodDays: 28,
      netCredit: 0,
    });
  });

  test('after the period has ended there is no credit, not a negative one', () => {
    expect(upgradeCredit(monthlyPro, d('2026-03-05T08:00:00Z')).netCredit).toBe(0);
  });

  test('the credit is rounded down to whole cents', () => {
    // 2900 × 10 / 28 = 1035.71…
    expect(upgradeCredit(monthlyPro, d('2026-02-19T12:00:00Z'))).toEqual({
      remainingDays: 10,
      periodDays: 28,
      netCredit: 1035,
    });
  });

  test('in a leap year February has 29 days', () => {
    const leap = { startAt: d('2028-02-01T00:00:00Z'), endPeriodAt: d('2028-03-01T00:00:00Z'), netCents: 2900 };
    expect(upgradeCredit(leap, d('2028-02-20T00:00:00Z'))).toEqual({
      remainingDays: 10,
      periodDays: 29,
      netCredit: 1000,
    });
  });

  test('a yearly plan over a leap day counts 366 days', () => {
    const yearly = { startAt: d('2027-07-01T00:00:00Z'), endPeriodAt: d('2028-07-01T00:00:00Z'), netCents: 29000 };
    expect(upgradeCredit(yearly, d('2028-06-29T00:00:00Z'))).toEqual({
      remainingDays: 2,
      periodDays: 366,
      netCredit: Math.floor((29000 * 2) / 366),
    });
  });

  test('a free account has no credit', () => {
    expect(upgradeCredit(null, d('2026-01-01T00:00:00Z'))).toEqual({ remainingDays: 0, periodDays: 0, netCredit: 0 });
  });
});

describe('upgrade quote', () => {
  test('a first buy of PRO monthly costs 29,00 € net, 5,51 € VAT, 34,51 € gross', () => {
    expect(quoteUpgrade('P1M', null, d('2026-05-01T00:00:00Z'))).toEqual({
      planCode: 'P1M',
      tier: 'P1',
      period: 'MONTH',
      priceNet: 2900,
      remainingDays: 0,
      creditNet: 0,
      net: 2900,
      vatPercent: 19,
      reverseCharge: false,
      vat: 551,
      gross: 3451,
      grossDiscount: 0,
    });
  });

  test('an upgrade subtracts the credit before VAT and reports the gross discount', () => {
    const current = { startAt: d('2026-02-01T09:00:00Z'), endPeriodAt: d('2026-03-01T09:00:00Z'), netCents: 2900 };
    const quote = quoteUpgrade('P2Y', current, d('2026-02-19T12:00:00Z'));
    expect(quote.creditNet).toBe(1035);
    expect(quote.net).toBe(79000 - 1035);
    expect(quote.vat).toBe(Math.round((77965 * 19) / 100));
    expect(quote.gross).toBe(quote.net + quote.vat);
    expect(quote.gross + quote.grossDiscount).toBe(grossOf(79000));
    expect(quote.remainingDays).toBe(10);
  });

  test('the credit never exceeds the new price', () => {
    const current = { startAt: d('2026-01-01T00:00:00Z'), endPeriodAt: d('2027-01-01T00:00:00Z'), netCents: 100000 };
    const quote = quoteUpgrade('P1M', current, d('2026-01-01T00:00:00Z'));
    expect(quote.creditNet).toBe(2900);
    expect(quote.gross).toBe(0);
  });

  test('VAT is 19 % rounded to whole cents; the discount percent lowers the net price', () => {
    expect(vatOf(2900)).toBe(551);
    expect(vatOf(1)).toBe(0);
    expect(vatOf(3)).toBe(1);
    expect(planNetCents('P1', 'YEAR', 10)).toBe(26100);
    expect(planNetCents('P2', 'MONTH', 0)).toBe(7900);
  });
});
