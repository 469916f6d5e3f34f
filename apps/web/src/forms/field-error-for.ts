import type { MsgCode } from '@plankurier/shared';
import { isApiError } from '../api/api-error';

/** Which form field a server msgCode belongs to, so the error stands next to that field. */
export function fieldForError<F extends string>(err: unknown, fields: Partial<Record<MsgCode, F>>): F | undefined {
  if (!isApiError(err) || !err.msgCode) return undefined;
  return fields[err.msgCode];
}
