import { isMsgCode, type MsgCode } from '@plankurier/shared';

/** A failed call: HTTP status and text plus the server's msgCode when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly msgCode: MsgCode | undefined;

  constructor(status: number, statusText: string, msgCode?: MsgCode) {
    super(msgCode ?? (statusText || `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.msgCode = msgCode;
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

/** The msgCode of an error body, when the body is the server's `{ msgCode, message }`. */
export function msgCodeOf(body: unknown): MsgCode | undefined {
  if (body && typeof body === 'object' && 'msgCode' in body && isMsgCode(body.msgCode)) return body.msgCode;
  return undefined;
}

/**
 * Whether a failed call means the session is gone. A 401 that names a wrong password or wrong
 * credentials is an answer about the input, not about the token.
 */
export function endsSession(status: number, msgCode: MsgCode | undefined, sentToken: boolean): boolean {
  if (!sentToken || status !== 401) return false;
  return msgCode === undefined || msgCode === 'common.unauthorized' || msgCode === 'auth.no_access';
}
