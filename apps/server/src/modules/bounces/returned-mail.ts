import type { Email } from 'postal-mime';
import { htmlToText, noticeOf } from './notice.ts';

/** A mail that came back to a bounce address, in the pieces the classifier reads. */
export interface ReturnedMail {
  subject: string;
  from: string;
  /** Values of a header, name lower case. */
  header: (name: string) => string[];
  /** The mail's text: its text parts, or its HTML as text. */
  text: string;
  /** The report's own words, before the returned original. */
  notice: string;
  /** Bodies of its message/delivery-status parts. */
  deliveryStatus: string[];
  /** The returned original or its headers, from a message/rfc822 or text/rfc822-headers part. */
  original: string | null;
  /** A read receipt (RFC 8098): an answer, never a bounce. */
  isReadReceipt: boolean;
}

const DSN_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const ORIGINAL_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers']);
const MDN_TYPES = new Set(['message/disposition-notification', 'message/global-disposition-notification']);

const contentText = (content: ArrayBuffer | Uint8Array | string) =>
  typeof content === 'string' ? content : new TextDecoder().decode(content);

export function readReturnedMail(email: Email): ReturnedMail {
  const header = (name: string) => email.headers.filter((h) => h.key === name).map((h) => h.value);
  const parts = email.attachments.map((a) => ({ type: a.mimeType.toLowerCase(), text: contentText(a.content) }));
  const text = email.text?.trim() ? email.text : htmlToText(email.html ?? '');
  const contentType = header('content-type').join(' ');
  return {
    subject: email.subject ?? '',
    from: header('from').join(', '),
    header,
    text,
    notice: noticeOf(text),
    deliveryStatus: parts.filter((p) => DSN_TYPES.has(p.type)).map((p) => p.text),
    original: parts.find((p) => ORIGINAL_TYPES.has(p.type))?.text ?? null,
    isReadReceipt:
      parts.some((p) => MDN_TYPES.has(p.type)) || /report-type="?disposition-notification/i.test(contentType),
  };
}
