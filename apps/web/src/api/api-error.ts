import { isMsgCode, type MsgCode } from '@plankurier/shared';

/** A failed call: HTTP status and text plus the server's msgCode (and what it sent beside it) when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly msgCode: MsgCode | undefined;
  /** The rest of the error body, e.g. `changedBy` and `current` of a stale edit (common.conflict). */
  readonly details: Record<string, unknown>;

  constructor(status: number, statusText: string, msgCode?: MsgCode, details: Record<string, unknown> = {}) {
    super(msgCode ?? (statusText || `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.msgCode = msgCode;
    this.details = details;
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

/** The msgCode of an error body, when the body is the server's `{ msgCode, message }`. */
export function msgCodeOf(body: unknown): MsgCode | undefined {
  if (body && typeof body === 'object' && 'msgCode' in body && isMsgCode(body.msgCode)) return body.msgCode;
  return undefined;
}

/** What an error body carries beside `msgCode` and `message`. */
export function detailsOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const { msgCode: _code, message: _message, ...details } = body as Record<string, unknown>;
  return details;
}

/**
 * Refusals because a colleague acted in the meantime: a stale edit, a version they released, a send
 * of theirs still running. The answer names them (`changedBy`), and what is on screen is old.
 */
export const ACTED_MEANWHILE_CODES = ['common.conflict', 'version.already_released', 'delivery.in_progress'] as const;
export type ActedMeanwhileCode = (typeof ACTED_MEANWHILE_CODES)[number];

export const isActedMeanwhile = (err: unknown): err is ApiError & { msgCode: ActedMeanwhileCode } =>
  err instanceof ApiError && (ACTED_MEANWHILE_CODES as readonly (string | undefined)[]).includes(err.msgCode);

/** Who acted in the meantime (the `changedBy` of such a refusal), if the server could name them. */
export function actingColleague(err: unknown): string | null {
  if (!isActedMeanwhile(err)) return null;
  const name = err.details.changedBy;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

/**
 * Whether a failed call means the session is gone. A 401 that names a wrong password or wrong
 * credentials is an answer about the input, not about the token.
 */
export function endsSession(status: number, msgCode: MsgCode | undefined, sentToken: boolean): boolean {
  if (!sentToken || status !== 401) return false;
  return msgCode === undefined || msgCode === 'common.unauthorized' || msgCode === 'auth.no_access';
}
