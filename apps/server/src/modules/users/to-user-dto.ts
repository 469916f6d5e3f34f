import {
  TIERS,
  hasBiggestPlan,
  planCode,
  type Locale,
  type MailAddressState,
  type OfficeMembership,
  type OfficeRole,
  type User,
} from '@plankurier/shared';
import type { Selectable } from 'kysely';
import type { OfficeTable, UserTable } from '../../db/types.ts';

export type UserRow = Selectable<UserTable>;
export type OfficeRow = Selectable<OfficeTable>;

/** The office of a person who belongs to none: nothing to bill, the FREE limits. */
const NO_OFFICE: Omit<OfficeRow, 'id' | 'created_at' | 'updated_at'> = {
  company: '',
  street_name: '',
  street_number: '',
  city_code: '',
  city_name: '',
  vat_id: '',
  tier: 'FREE',
  buy_period: null,
  auto_renew_buy: false,
  discount_percent: 0,
  link_lifetime_months: null,
};

const initials = (person: UserRow, company: string) => {
  const fromNames = `${person.first_name.charAt(0)}${person.last_name.charAt(0)}`;
  return (fromNames || company.slice(0, 2) || person.email.slice(0, 2)).toUpperCase();
};

export interface SessionContext {
  office: OfficeRow | undefined;
  /** The office's language (officeLocaleOf); absent without an office: the person's own. */
  officeLocale?: Locale | undefined;
  role: OfficeRole | null;
  offices: OfficeMembership[];
  /** Whether the person's BCC and Reply-To addresses may be used (findMailAddressStates). */
  mailAddresses: { bcc: MailAddressState; replyTo: MailAddressState };
}

/**
 * The signed-in person as the API shows them (spec §3), with the tier, features, company and
 * billing address of the office they work in; never the password hash.
 */
export function toUserDto(
  person: UserRow,
  { office, officeLocale, role, offices, mailAddresses }: SessionContext,
): User {
  const o = office ?? NO_OFFICE;
  const tier = TIERS[o.tier];
  return {
    _id: person.id,
    email: person.email,
    firstName: person.first_name,
    lastName: person.last_name,
    acronym: initials(person, o.company),
    company: o.company,
    streetName: o.street_name,
    streetNumber: o.street_number,
    cityCode: o.city_code,
    cityName: o.city_name,
    vatId: o.vat_id,
    linkLifetimeMonths: o.link_lifetime_months,
    bccEmail: person.bcc_email,
    replyToEmail: person.reply_to_email,
    bccState: mailAddresses.bcc,
    replyToState: mailAddresses.replyTo,
    locale: person.locale,
    officeLocale: officeLocale ?? person.locale,
    validated: person.validated,
    tier: o.tier,
    tierName: o.tier,
    tierDisplayName: tier.displayName,
    userCanUpgrade: !hasBiggestPlan(planCode(o.tier, o.buy_period)),
    buyPeriod: o.buy_period,
    autoRenewBuy: o.auto_renew_buy,
    discountPercent: o.discount_percent,
    features: tier.features,
    qrDefaults: person.qr_defaults,
    onboardingMuted: person.onboarding_muted,
    isBetaTester: person.is_beta_tester,
    isAuth: true,
    officeId: office?.id ?? null,
    role: office ? role : null,
    offices,
  };
}
