import { z } from 'zod';
import { LOCALES } from './format.ts';
import { PASSWORD_MIN_LENGTH } from './password.ts';
import { BUY_PERIODS, TIER_NAMES } from './tiers.ts';
import { OfficeMembershipSchema, OfficeRoleSchema } from './offices.ts';

const trimmed = (max: number) => z.string().trim().max(max);
const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const optionalEmail = z.union([z.literal(''), email]);
/** Length rules are checked in the service so that each broken rule gets its own msgCode. */
const password = z.string().max(1024);

export const LocaleSchema = z.enum(LOCALES as unknown as ['de', 'en']);

export const QrDefaultsSchema = z.object({
  x: z.number().min(0).max(2000),
  y: z.number().min(0).max(2000),
  width: z.number().min(5).max(200),
  autoEmbed: z.boolean(),
  hasBorder: z.boolean(),
});
export type QrDefaults = z.infer<typeof QrDefaultsSchema>;
export const DEFAULT_QR: QrDefaults = { x: 10, y: 10, width: 20, autoEmbed: false, hasBorder: true };

export const ONBOARDING_FLAGS = [
  'emptyDocfolders',
  'docFilesUpload',
  'docAddReceiver',
  'gotoParticipantList',
  'receiverDashboardContacts',
] as const;
export type OnboardingFlag = (typeof ONBOARDING_FLAGS)[number];
export const OnboardingMuteSchema = z.partialRecord(z.enum(ONBOARDING_FLAGS), z.boolean());

export const SignUpBody = z.object({
  email,
  password,
  firstName: trimmed(100).default(''),
  lastName: trimmed(100).default(''),
  company: trimmed(200).default(''),
  locale: LocaleSchema.default('de'),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const SignInBody = z.object({ email, password: z.string().max(1024) });
export type SignInBody = z.infer<typeof SignInBody>;

export const UpdateProfileData = z.object({
  firstName: trimmed(100),
  lastName: trimmed(100),
  company: trimmed(200),
  streetName: trimmed(200),
  streetNumber: trimmed(20),
  cityCode: trimmed(20),
  cityName: trimmed(100),
  /** The office's EU VAT ID ('' removes it); checked by parseVatId in the service (office.vat_id_invalid). */
  vatId: trimmed(30),
  /** Months the office's recipient links work after sending or renewal (1–120); null: they never end. */
  linkLifetimeMonths: z.number().int().min(1).max(120).nullable(),
  bccEmail: optionalEmail,
  replyToEmail: optionalEmail,
  locale: LocaleSchema,
  qrDefaults: QrDefaultsSchema,
  onboardingMuted: OnboardingMuteSchema,
});

export const UpdateUserBody = z.discriminatedUnion('updateType', [
  z.object({ updateType: z.literal('UPDATE_PROFILE'), ...UpdateProfileData.partial().shape }),
  z.object({ updateType: z.literal('UPDATE_PASSWORD'), currentPassword: password, newPassword: password }),
  z.object({ updateType: z.literal('UPDATE_EMAIL'), email, password }),
]);
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** POST /user/reset: with only an e-mail it requests a mail; with code and password it sets the password. */
export const ResetBody = z.union([z.object({ code: z.string().min(10).max(200), password }), z.object({ email })]);
export type ResetBody = z.infer<typeof ResetBody>;

export const ValidateBody = z.object({ validationCode: z.string().min(10).max(200) });

/**
 * A BCC or Reply-To address of a person: none set; set but not confirmed (no mail asked yet, e.g.
 * while the account's own address is unconfirmed); a confirmation mail went out; confirmed (the
 * person's own confirmed address, a confirmed account of the office, or its owner followed the link).
 */
export const MAIL_ADDRESS_STATES = ['none', 'unconfirmed', 'pending', 'confirmed'] as const;
export const MailAddressStateSchema = z.enum(MAIL_ADDRESS_STATES);
export type MailAddressState = z.infer<typeof MailAddressStateSchema>;

/** POST /user/mail-address-confirmation: mail the confirmation link for the person's BCC or Reply-To address again. */
export const RequestMailAddressConfirmationBody = z.object({ address: z.enum(['bcc', 'replyTo']) });
export type RequestMailAddressConfirmationBody = z.infer<typeof RequestMailAddressConfirmationBody>;

/** POST /mail-address/confirm (public): the code from the confirmation mail. */
export const ConfirmMailAddressBody = z.object({ code: z.string().min(10).max(200) });
export const ConfirmedMailAddressSchema = z.object({ email: z.string() });

export const FeaturesSchema = z.object({
  maxNumberOfProjects: z.number().int(),
  maxNumberOfDocs: z.number().int(),
  maxNumberOfParticipants: z.number().int(),
  maxNumberOfUsers: z.number().int(),
});

export const UserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  acronym: z.string(),
  company: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  vatId: z.string(),
  /** The office's recipient link lifetime in months; null: links never end. */
  linkLifetimeMonths: z.number().int().nullable(),
  bccEmail: z.string(),
  replyToEmail: z.string(),
  /** Whether the BCC and Reply-To addresses may be used: only confirmed ones are (issue 36). */
  bccState: MailAddressStateSchema,
  replyToState: MailAddressStateSchema,
  locale: LocaleSchema,
  /** The office's language (its longest-standing owner's): new contacts start in it. */
  officeLocale: LocaleSchema,
  validated: z.boolean(),
  tier: z.enum(TIER_NAMES),
  tierName: z.enum(TIER_NAMES),
  tierDisplayName: z.string(),
  userCanUpgrade: z.boolean(),
  buyPeriod: z.enum(BUY_PERIODS).nullable(),
  autoRenewBuy: z.boolean(),
  discountPercent: z.number(),
  features: FeaturesSchema,
  qrDefaults: QrDefaultsSchema,
  onboardingMuted: OnboardingMuteSchema,
  isBetaTester: z.boolean(),
  isAuth: z.boolean(),
  /** The office this session works in (null: the person belongs to no office) and the person's role there. */
  officeId: z.string().nullable(),
  role: OfficeRoleSchema.nullable(),
  /** Every office the person belongs to, for the switcher in the nav bar. */
  offices: z.array(OfficeMembershipSchema),
});
export type User = z.infer<typeof UserSchema>;

export const UserWithTokenSchema = UserSchema.extend({ token: z.string() });
export type UserWithToken = z.infer<typeof UserWithTokenSchema>;

export { PASSWORD_MIN_LENGTH };
