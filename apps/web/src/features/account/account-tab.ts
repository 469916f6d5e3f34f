import { ACCOUNT_TABS, type AccountTab } from '@plankurier/shared';

export const DEFAULT_ACCOUNT_TAB: AccountTab = 'user_data';

export const isAccountTab = (value: unknown): value is AccountTab =>
  typeof value === 'string' && (ACCOUNT_TABS as readonly string[]).includes(value);

/** The tab named in /profile/<tab>; a missing or unknown name gives the default tab. */
export const accountTabFrom = (param: string | undefined): AccountTab =>
  isAccountTab(param) ? param : DEFAULT_ACCOUNT_TAB;
