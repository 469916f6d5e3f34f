import { TIERS, hasBiggestPlan, planCode, type User } from '@plankurier/shared';
import type { Selectable } from 'kysely';
import type { UserTable } from '../../db/types.ts';

export type UserRow = Selectable<UserTable>;

const initials = (row: UserRow) => {
  const fromNames = `${row.first_name.charAt(0)}${row.last_name.charAt(0)}`;
  return (fromNames || row.company.slice(0, 2) || row.email.slice(0, 2)).toUpperCase();
};

/** The user as the API shows it (spec §3): never the password hash. */
export function toUserDto(row: UserRow): User {
  const tier = TIERS[row.tier];
  return {
    _id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    acronym: initials(row),
    company: row.company,
    streetName: row.street_name,
    streetNumber: row.street_number,
    cityCode: row.city_code,
    cityName: row.city_name,
    bccEmail: row.bcc_email,
    replyToEmail: row.reply_to_email,
    locale: row.locale,
    validated: row.validated,
    tier: row.tier,
    tierName: row.tier,
    tierDisplayName: tier.displayName,
    userCanUpgrade: !hasBiggestPlan(planCode(row.tier, row.buy_period)),
    buyPeriod: row.buy_period,
    autoRenewBuy: row.auto_renew_buy,
    discountPercent: row.discount_percent,
    features: tier.features,
    qrDefaults: row.qr_defaults,
    onboardingMuted: row.onboarding_muted,
    isBetaTester: row.is_beta_tester,
    isAuth: true,
  };
}
