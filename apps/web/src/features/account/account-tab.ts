import { ACCOUNT_TABS, type AccountTab, type User } from '@plankurier/shared';

export const DEFAULT_ACCOUNT_TAB: AccountTab = 'user_data';

/** The office's tabs; a person who belongs to no office has only their own. */
const OFFICE_TABS: readonly AccountTab[] = ['user_plan', 'office', 'members'];

export const isAccountTab = (value: unknown): value is AccountTab =>
  typeof value === 'string' && (ACCOUNT_TABS as readonly string[]).includes(value);

/** The tabs the person sees, in the order of ACCOUNT_TABS. */
export const visibleAccountTabs = (user: Pick<User, 'officeId'>): AccountTab[] =>
  ACCOUNT_TABS.filter((tab) => user.officeId !== null || !OFFICE_TABS.includes(tab));

/** The tab named in /profile/<tab>; a missing, unknown or hidden name gives the default tab. */
export const accountTabFrom = (param: string | undefined, user: Pick<User, 'officeId'> = { officeId: 'any' }) =>
  isAccountTab(param) && visibleAccountTabs(user).includes(param) ? param : DEFAULT_ACCOUNT_TAB;
