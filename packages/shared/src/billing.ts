import { z } from 'zod';
import { BUY_PERIODS, TIERS, TIER_NAMES, type BuyPeriod, type TierName } from './tiers.ts';

/** Plan codes of spec §6: the tier plus M(onth) or Y(ear); FREE has no period. */
export const PLAN_CODES = ['FREE', 'P1M', 'P1Y', 'P2M', 'P2Y'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export type PaidPlanCode = Exclude<PlanCode, 'FREE'>;

export const VAT_PERCENT = 19;
/** Invoice mode: the invoice is due this many days after it is issued. */
export const INVOICE_DUE_DAYS = 14;

/** A paid tier granted without a period (by hand, in the database) counts as monthly. */
export function planCode(tier: TierName, period: BuyPeriod | null): PlanCode {
  if (tier === 'FREE') return 'FREE';
  return `${tier}${period === 'YEAR' ? 'Y' : 'M'}` as PlanCode;
}

export function planOf(code: PaidPlanCode): { tier: Exclude<TierName, 'FREE'>; period: BuyPeriod } {
  return { tier: code.slice(0, 2) as 'P1' | 'P2', period: code.endsWith('M') ? 'MONTH' : 'YEAR' };
}

/**
 * The tier ladder of spec §4: from free every paid option; a monthly P1 may move to P2 monthly or to
 * the yearly options; a yearly buy only to a higher yearly option; the top tier has no upgrade.
 */
export function upgradeOptions(current: PlanCode): PaidPlanCode[] {
  switch (current) {
    case 'FREE':
      return ['P1Y', 'P2Y', 'P1M', 'P2M'];
    case 'P1M':
      return ['P2M', 'P1Y', 'P2Y'];
    case 'P1Y':
      return ['P2Y'];
    case 'P2M':
    case 'P2Y':
      return [];
  }
}

export const canUpgradeTo = (current: PlanCode, target: PlanCode): boolean =>
  target !== 'FREE' && upgradeOptions(current).includes(target);

/** The top tier has nothing above it: 'the user already has the biggest plan'. */
export const hasBiggestPlan = (current: PlanCode): boolean => upgradeOptions(current).length === 0;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the date's calendar day: credit is counted in whole days. */
const utcDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/** Whole calendar days from `from` to `to` (UTC), negative when `to` is earlier. */
export const daysBetween = (from: Date, to: Date): number => Math.round((utcDay(to) - utcDay(from)) / DAY_MS);

/**
 * End of a billing period that starts at `start`: one calendar month or year later, at the same time
 * of day. A start on a day the target month lacks (31 January, 29 February) ends on that month's last day.
 */
export function periodEnd(start: Date, period: BuyPeriod): Date {
  const months = period === 'MONTH' ? 1 : 12;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDayOfTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDayOfTarget));
  return end;
}

/** Net price of a plan in cents after the account's discount (rounded to whole cents). */
export function planNetCents(tier: TierName, period: BuyPeriod, discountPercent = 0): number {
  const list = TIERS[tier].priceCents[period];
  return list - Math.round((list * discountPercent) / 100);
}

export const vatOf = (netCents: number, vatPercent = VAT_PERCENT): number => Math.round((netCents * vatPercent) / 100);
export const grossOf = (netCents: number, vatPercent = VAT_PERCENT): number => netCents + vatOf(netCents, vatPercent);

/** What the running buy is worth for its unused days: the basis of the upgrade credit. */
export interface CurrentBuyValue {
  startAt: Date;
  endPeriodAt: Date;
  netCents: number;
}

export interface UpgradeCredit {
  /** Whole days from today to the end of the current period; today counts as used. */
  remainingDays: number;
  periodDays: number;
  netCredit: number;
}

/**
 * Credit for the unused days of the current plan, in whole cents, rounded down so that a credit never
 * exceeds what was paid: net × remainingDays / periodDays.
 */
export function upgradeCredit(current: CurrentBuyValue | null, now: Date): UpgradeCredit {
  if (!current) return { remainingDays: 0, periodDays: 0, netCredit: 0 };
  const periodDays = daysBetween(current.startAt, current.endPeriodAt);
  const remainingDays = Math.min(periodDays, Math.max(0, daysBetween(now, current.endPeriodAt)));
  const netCredit = periodDays > 0 ? Math.floor((current.netCents * remainingDays) / periodDays) : 0;
  return { remainingDays, periodDays, netCredit };
}

export interface UpgradeQuote {
  planCode: PaidPlanCode;
  tier: Exclude<TierName, 'FREE'>;
  period: BuyPeriod;
  /** Net list price of the new plan (after the account's discount). */
  priceNet: number;
  remainingDays: number;
  /** Credit for the unused days of the current plan, net. */
  creditNet: number;
  net: number;
  /** 19, or 0 under reverse charge (isReverseCharge). */
  vatPercent: number;
  reverseCharge: boolean;
  vat: number;
  gross: number;
  /** How much less than the plan's gross price the office pays: gross price − gross total. */
  grossDiscount: number;
}

/**
 * The amounts of an upgrade (or first buy) as the invoice shows them; VAT on the net total, none
 * under reverse charge (a business customer of another EU member state, see isReverseCharge).
 */
export function quoteUpgrade(
  target: PaidPlanCode,
  current: CurrentBuyValue | null,
  now: Date,
  discountPercent = 0,
  reverseCharge = false,
): UpgradeQuote {
  const vatPercent = reverseCharge ? 0 : VAT_PERCENT;
  const { tier, period } = planOf(target);
  const priceNet = planNetCents(tier, period, discountPercent);
  const credit = upgradeCredit(current, now);
  const creditNet = Math.min(credit.netCredit, priceNet);
  const net = priceNet - creditNet;
  const vat = vatOf(net, vatPercent);
  const gross = net + vat;
  return {
    planCode: target,
    tier,
    period,
    priceNet,
    remainingDays: credit.remainingDays,
    creditNet,
    net,
    vatPercent,
    reverseCharge,
    vat,
    gross,
    grossDiscount: grossOf(priceNet, vatPercent) - gross,
  };
}

export const BuyBody = z.object({ planCode: z.enum(['P1M', 'P1Y', 'P2M', 'P2Y']), autoRenewBuy: z.boolean() });
export type BuyBody = z.infer<typeof BuyBody>;

/** PUT /billing/auto-renew: whether the running buy renews at its period end. */
export const AutoRenewBody = z.object({ autoRenewBuy: z.boolean() });

export const QuoteQuery = z.object({ planCode: z.enum(['P1M', 'P1Y', 'P2M', 'P2Y']) });

export const BUY_STATUSES = ['ACTIVE', 'UPGRADED', 'RENEWED', 'EXPIRED'] as const;
export type BuyStatus = (typeof BUY_STATUSES)[number];

export const BuyDtoSchema = z.object({
  _id: z.string(),
  status: z.enum(BUY_STATUSES),
  tier: z.object({ name: z.enum(TIER_NAMES), displayName: z.string() }),
  period: z.enum(BUY_PERIODS),
  planCode: z.enum(PLAN_CODES),
  startAt: z.string(),
  endPeriodAt: z.string(),
  autoRenewBuy: z.boolean(),
  discountPercent: z.number(),
});
export type BuyDto = z.infer<typeof BuyDtoSchema>;

export const InvoiceDtoSchema = z.object({
  _id: z.string(),
  number: z.string(),
  issuedAt: z.string(),
  dueAt: z.string(),
  planCode: z.enum(PLAN_CODES),
  periodStart: z.string(),
  periodEnd: z.string(),
  net: z.number(),
  vatPercent: z.number(),
  reverseCharge: z.boolean(),
  vat: z.number(),
  gross: z.number(),
  creditNet: z.number(),
  status: z.enum(['OPEN', 'PAID']),
});
export type InvoiceDto = z.infer<typeof InvoiceDtoSchema>;

export const UpgradeQuoteSchema = z.object({
  planCode: z.enum(['P1M', 'P1Y', 'P2M', 'P2Y']),
  tier: z.enum(['P1', 'P2']),
  period: z.enum(BUY_PERIODS),
  priceNet: z.number(),
  remainingDays: z.number(),
  creditNet: z.number(),
  net: z.number(),
  vatPercent: z.number(),
  reverseCharge: z.boolean(),
  vat: z.number(),
  gross: z.number(),
  grossDiscount: z.number(),
});

/** GET /billing: the tier table, the ladder's options for this account, its buys and invoices. */
export const BillingDtoSchema = z.object({
  currentPlanCode: z.enum(PLAN_CODES),
  upgradeOptions: z.array(z.enum(['P1M', 'P1Y', 'P2M', 'P2Y'])),
  activeBuy: BuyDtoSchema.nullable(),
  buys: z.array(BuyDtoSchema),
  invoices: z.array(InvoiceDtoSchema),
});
export type BillingDto = z.infer<typeof BillingDtoSchema>;

export const BuyResultSchema = z.object({ buy: BuyDtoSchema, invoice: InvoiceDtoSchema });
export type BuyResult = z.infer<typeof BuyResultSchema>;
