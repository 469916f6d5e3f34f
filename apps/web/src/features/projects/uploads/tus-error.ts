import { isMsgCode, type MsgCode } from '@plankurier/shared';

/** The msgCode of a failed tus request: the server answers errors with a JSON body { msgCode }. */
export function tusErrorCode(body: string | undefined | null, status: number | undefined): MsgCode {
  if (body) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed && typeof parsed === 'object' && 'msgCode' in parsed && isMsgCode(parsed.msgCode))
        return parsed.msgCode;
    } catch {
      // not JSON: fall through to the status
    }
  }
  if (status === 413) return 'upload.too_large';
  if (status === 507) return 'storage.full';
  if (status === 401) return 'common.unauthorized';
  return 'upload.failed';
}
