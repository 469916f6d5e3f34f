import type { MsgCode } from './msg-codes.ts';

export interface AppError extends Error {
  msgCode: MsgCode;
  status: number;
  /** Sent beside msgCode, e.g. the current data of a stale edit. */
  details?: Record<string, unknown>;
}

/** One factory for every error the server answers with; the code is what the web translates. */
export const appError = (msgCode: MsgCode, status: number, details?: Record<string, unknown>): AppError =>
  Object.assign(new Error(msgCode), { msgCode, status }, details ? { details } : {});

export const isAppError = (err: unknown): err is AppError =>
  err instanceof Error && typeof (err as AppError).msgCode === 'string' && typeof (err as AppError).status === 'number';

const MAIL_LIMIT_FALLBACK = { retryAfterSeconds: 3600, period: 'hour', limit: 0 } as const;

export const errors = {
  notFound: () => appError('common.not_found', 404),
  validation: () => appError('common.validation', 400),
  unauthorized: () => appError('common.unauthorized', 401),
  /** With the seconds until a new window opens: the answer's Retry-After header and body say it. */
  rateLimited: (details?: { retryAfterSeconds: number }) => appError('common.rate_limited', 429, details),
  unavailable: () => appError('common.unavailable', 503),
  forbidden: () => appError('common.forbidden', 403),
  /** A stale edit: someone changed the row since the client read it ('Inzwischen von <Name> geändert'). */
  conflict: (details?: { current: unknown; changedBy: string | null }) => appError('common.conflict', 409, details),
  seatLimitReached: () => appError('tier.seat_limit_reached', 403),
  noOffice: () => appError('office.none', 403),
  lastOwner: () => appError('office.last_owner', 409),
  alreadyMember: () => appError('office.already_member', 409),
  vatIdInvalid: () => appError('office.vat_id_invalid', 400), // not an EU VAT ID (format, check digit)
  invitationInvalid: () => appError('invitation.invalid', 404),
  versionAlreadyReleased: () => appError('version.already_released', 409),
  /** Someone is sending these files to these participants right now ('Wird gerade von <Name> versendet'). */
  deliveryInProgress: (details?: { changedBy: string | null; participants: string[] }) =>
    appError('delivery.in_progress', 409, details),
  /**
   * Exactly these files went to exactly these participants a moment ago, and this send does not say
   * it is meant again (sendAgain): who sent that delivery and when (ISO).
   */
  deliveryDuplicate: (details?: { deliveryId: string; sentBy: string | null; sentAt: string }) =>
    appError('delivery.duplicate', 409, details),
  wrongCredentials: () => appError('auth.wrong_credentials', 401), // 'Falsche Email und/oder falsches Passwort'
  emailTaken: () => appError('auth.email_taken', 409), // 'Diese Email existiert bereits'
  wrongPassword: () => appError('auth.wrong_password', 401), // 'Das Passwort ist falsch'
  passwordRequired: () => appError('auth.password_required', 400), // 'Ein Passwort wird benötigt'
  passwordTooShort: () => appError('auth.password_too_short', 400),
  noAccess: () => appError('auth.no_access', 403), // 'Sorry kein Zugang'
  invalidCode: () => appError('auth.invalid_code', 400),
  tierLimitReached: () => appError('tier.limit_reached', 403),
  /** The account's own e-mail is not confirmed yet: it mails nobody but itself (issue 36). */
  emailUnconfirmed: () => appError('account.email_unconfirmed', 403),
  /** A confirmation link for a BCC or Reply-To address that is unknown or older than its 7 days. */
  mailAddressLinkInvalid: () => appError('mail_address.link_invalid', 404),
  mailAddressAlreadyConfirmed: () => appError('mail_address.already_confirmed', 409),
  /** A confirmation asked for a BCC or Reply-To address the person has not set. */
  mailAddressMissing: () => appError('mail_address.missing', 400),
  /** A copy to the BCC address was asked for, but its owner has not confirmed it yet. */
  bccUnconfirmed: () => appError('delivery.bcc_unconfirmed', 409),
  /** The office's (or the installation's) mails per hour or day are used up; Retry-After says when. */
  mailRateLimited: (
    details: { retryAfterSeconds: number; period: 'hour' | 'day'; limit: number } = MAIL_LIMIT_FALLBACK,
  ) => appError('mail.rate_limited', 429, details),
  /** A contact's confirmation mail went out a moment ago: not again before the cooldown is over. */
  validationCooldown: (details: { retryAfterSeconds: number } = { retryAfterSeconds: 60 }) =>
    appError('contact.validation_cooldown', 429, details),
  /** The tier's participant limit, counted as distinct recipients mailed over a period. */
  recipientLimitReached: (details: { limit: number; days: number } = { limit: 0, days: 30 }) =>
    appError('tier.recipient_limit_reached', 403, details),
  biggestPlan: () => appError('billing.biggest_plan', 409), // 'the user already has the biggest plan'
  upgradeNotAllowed: () => appError('billing.upgrade_not_allowed', 409),
  currentPlan: () => appError('billing.current_plan', 409), // the plan the office has is no upgrade target
  projectNumberRequired: () => appError('project.number_required', 400), // 'Bitte Nummer angeben'
  projectNumberTaken: () => appError('project.number_taken', 409), // 'Diese Nummer existiert bereits'
  phaseNameRequired: () => appError('phase.name_required', 400), // 'Bitte Namen angeben'
  phaseShortcutRequired: () => appError('phase.shortcut_required', 400), // 'Bitte Kürzel angeben'
  phaseShortcutTaken: () => appError('phase.shortcut_taken', 409), // 'Das Kürzel gibt es bereits'
  phaseNotEmpty: () => appError('phase.not_empty', 409),
  folderNameRequired: () => appError('folder.name_required', 400),
  folderNotEmpty: () => appError('folder.not_empty', 409),
  folderNameTaken: () => appError('folder.name_taken', 409), // 'Diesen Ordnernamen gibt es bereits'
  versionIndexRequired: () => appError('version.index_required', 400), // 'please enter index'
  versionLocked: () => appError('version.locked', 409),
  versionFilesMissing: () => appError('version.files_missing', 409),
  versionNotInPreparation: () => appError('version.not_in_preparation', 409),
  versionPreparationExists: () => appError('version.preparation_exists', 409),
  participantExists: () => appError('participant.exists', 409),
  participantFolderNotEmpty: () => appError('participant.folder_not_empty', 409),
  /** A participant of a project the member is not on: theirs to read, not to change ('Beteiligter in einem Projekt, auf dem du nicht bist'). */
  contactInForeignProject: () => appError('contact.in_foreign_project', 403),
  roleNameRequired: () => appError('role.name_required', 400),
  roleNameTaken: () => appError('role.name_taken', 409), // unique ignoring case
  templateTitleRequired: () => appError('template.title_required', 400),
  templateTitleTaken: () => appError('template.title_taken', 409), // the web warns, then overwrites with PUT
  deliveryCompanyMissing: () => appError('delivery.company_missing', 400), // 'The company name in your user profile is missing.'
  deliveryNoFiles: () => appError('delivery.no_files', 409), // 'No files uploaded.'
  deliveryFilesMissing: () => appError('delivery.files_missing', 409), // 'please upload missing files'
  /** A delivery mail is confirmed once: 'Der Erhalt wurde bereits bestätigt'. */
  receiptAlreadyConfirmed: (details?: Record<string, unknown>) => appError('receipt.already_confirmed', 409, details),
  /** The office's link lifetime has passed since the link's mail (or its renewal): ask the office for a new one. */
  linkExpired: () => appError('link.expired', 410),
  /** The file's row exists but its content is gone from storage (lost disk, restored backup without files). */
  fileMissing: () => appError('file.missing', 410),
  /** The office deleted the plan after sending it: the recipient's page lists it as withdrawn, nothing is served. */
  fileWithdrawn: () => appError('file.withdrawn', 410),
  qrEncrypted: () => appError('qr.encrypted', 409), // 'Die Datei ist verschlüsselt; ein QR-Code kann nicht eingefügt werden'
  qrUnreadable: () => appError('qr.unreadable', 422),
  qrTooLarge: () => appError('qr.too_large', 413),
  qrDoesNotFit: () => appError('qr.does_not_fit', 422),
  shipmentVersionNotDelivered: () => appError('shipment.version_not_delivered', 409),
};

/** The body of every error response. */
export interface ErrorBody {
  msgCode: MsgCode;
  message: string;
  [detail: string]: unknown;
}

/**
 * What the user reads for a failed call (spec §8): the translated msgCode, else the HTTP status
 * text, else a generic 'no message'.
 */
export function describeError(
  error: { msgCode?: string | undefined; statusText?: string | undefined },
  translate: (key: string) => string | undefined,
): string {
  if (error.msgCode) {
    const text = translate(`msg.${error.msgCode}`);
    if (text) return text;
  }
  if (error.statusText) return error.statusText;
  return translate('msg.no_message') ?? 'no message';
}
