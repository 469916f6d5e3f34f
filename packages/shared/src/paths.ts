/** The web's routes (spec §2), shared so that e-mails link to the same paths. */
export const PATHS = {
  landing: '/',
  roadmap: '/roadmap',
  imprint: '/imprint',
  privacy: '/privacy',
  terms: '/terms',
  notFound: '/404',
  signin: '/signin',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  projects: '/projects',
  project: (id: string) => `/project/${id}`,
  contacts: '/contacts',
  contactValidate: (code: string) => `/contact/validate/${code}`,
  userValidate: (code: string) => `/user/validate/${code}`,
  mailAddressConfirm: (code: string) => `/mail-address/confirm/${code}`,
  invitation: (token: string) => `/invitation/${token}`,
  profile: '/profile',
  profileTab: (tab: AccountTab) => `/profile/${tab}`,
} as const;

/** The account's tabs: the office's (subscription, company and address, people), then the person's own. */
export const ACCOUNT_TABS = [
  'user_plan',
  'office',
  'members',
  'user_data',
  'user_settings',
  'change_password',
  'change_email',
  'sessions',
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
