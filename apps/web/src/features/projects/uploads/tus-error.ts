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
 * Whether tus-js-client should try a failed request again. A lost connection and a server error
 * may pass on the next try, and so may the two conflicts of a resumable upload — locked by another
 * request (423) or sent from an offset the server is no longer at (409 `upload.offset_conflict`),
 * after which the client asks where it stands — and a file that arrived damaged (checksum mismatch:
 * the upload starts over). A full disk (507) stays full for a while: it is shown at once with
 * "Fortsetzen" instead (each retry would send the chunk again). Any other refusal (a second PDF, a
 * damaged or non-PDF file) stays one, so it shows at once instead of after a minute of retries.
 */
export function shouldRetryUpload(body: string | undefined | null, status: number | undefined): boolean {
  if (status === undefined || status === 0) return true;
  if (status === 507) return false;
  if (status >= 500 || status === 423) return true;
  if (status !== 409) return false;
  const code = tusErrorCode(body, status);
  return code === 'upload.offset_conflict' || code === 'upload.checksum_mismatch';
}
