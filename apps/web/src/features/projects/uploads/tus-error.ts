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

/**
 * Whether tus-js-client should try a failed request again. A lost connection, a server error or
 * a locked upload (423) may pass on the next try, and so may a file that arrived damaged
 * (checksum mismatch: the upload starts over). A refusal (a second PDF, a damaged or non-PDF
 * file) stays one, so it shows at once instead of after a minute of retries.
 */
export function shouldRetryUpload(body: string | undefined | null, status: number | undefined): boolean {
  if (status === undefined || status === 0 || status >= 500 || status === 423) return true;
  return status === 409 && tusErrorCode(body, status) === 'upload.checksum_mismatch';
}
