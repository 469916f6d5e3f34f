import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  company: Generated<string>;
  street_name: Generated<string>;
  street_number: Generated<string>;
  city_code: Generated<string>;
  city_name: Generated<string>;
  bcc_email: Generated<string>;
  reply_to_email: Generated<string>;
  locale: Generated<'de' | 'en'>;
  validated: Generated<boolean>;
  tier: Generated<'FREE' | 'P1' | 'P2'>;
  buy_period: ColumnType<'MONTH' | 'YEAR' | null, 'MONTH' | 'YEAR' | null | undefined>;
  auto_renew_buy: Generated<boolean>;
  discount_percent: Generated<number>;
  qr_defaults: ColumnType<QrDefaultsColumn, string, string>;
  onboarding_muted: ColumnType<Record<string, boolean>, string | undefined, string>;
  is_beta_tester: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface QrDefaultsColumn {
  x: number;
  y: number;
  width: number;
  autoEmbed: boolean;
  hasBorder: boolean;
}

export interface SessionTokenTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
}

export type UserCodeKind = 'validate' | 'reset';

export interface UserCodeTable {
  id: Generated<string>;
  user_id: string;
  kind: UserCodeKind;
  code_hash: Buffer;
  /** The address the code was mailed to: validating it confirms exactly that address. */
  email: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

export interface RateLimitTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface Database {
  app_user: UserTable;
  session_token: SessionTokenTable;
  user_code: UserCodeTable;
  rate_limit: RateLimitTable;
}
