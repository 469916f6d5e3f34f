/** Stable dotted error codes: the server sends them as `msgCode`, the web translates them. */
export const MSG_CODES = [
  'common.not_found',
  'common.validation',
  'common.bad_json',
  'common.payload_too_large',
  'common.unauthorized',
  'common.forbidden',
  'common.rate_limited',
  'common.unavailable',
  'common.internal',
  'auth.wrong_credentials',
  'auth.email_taken',
  'auth.wrong_password',
  'auth.password_required',
  'auth.password_too_short',
  'auth.password_mismatch',
  'auth.no_access',
  'auth.invalid_code',
  'auth.already_validated',
] as const;

export type MsgCode = (typeof MSG_CODES)[number];

export const isMsgCode = (value: unknown): value is MsgCode =>
  typeof value === 'string' && (MSG_CODES as readonly string[]).includes(value);
