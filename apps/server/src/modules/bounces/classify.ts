import PostalMime, { type Email } from 'postal-mime';
import type { BounceKind } from '@plankurier/shared';

export interface BounceReport {
  kind: BounceKind;
  /** Enhanced status code (RFC 3463), e.g. '5.1.1'; a bare SMTP reply code when that is all there is. */
  status: string;
  /** The failed address as the report names it, lower case; null when it names none. */
  recipient: string | null;
  diagnostic: string | null;
}

export interface ParsedBounce {
  reports: BounceReport[];
  /** VERP tokens of `bounces+<token>@…` addresses in the bounce's own headers (To, Delivered-To, …). */
  tokens: string[];
  /** Message-ID of the returned original, from its message/rfc822 or text/rfc822-headers part or quoted text. */
  originalMessageId: string | null;
}

const VERP = /\bbounces\+([A-Za-z0-9_-]{8,128})@/gi;
const ENHANCED_STATUS = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?![\d.])/;
/** A status where it is meant as one: after an SMTP reply code, '#' (qmail) or 'Status:'. */
const STATUS_IN_CONTEXT = /(?:\b[245]\d\d[ -]|#|status:[ \t]*)([245]\.\d{1,3}\.\d{1,3})(?![\d.])/i;
/** A bare SMTP reply as Postfix ('said: 550 …') or Exim ('SMTP error … : 550 …') quote it. */
const SMTP_REPLY = /(?:said|error[^:\n]*):[ \t]*\r?\n?[ \t]*([45]\d\d)\b/i;
const MESSAGE_ID_LINE = /^message-id:[ \t]*(<[^>\s]+>)/im;
const DIAGNOSTIC_MAX = 1000;
const DSN_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const ORIGINAL_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers']);

/** The VERP token of an address like `bounces+<token>@domain`, or null. */
export function verpToken(address: string): string | null {
  VERP.lastIndex = 0;
  return VERP.exec(address)?.[1] ?? null;
}

function kindOfStatus(status: string): BounceKind | null {
  if (status.startsWith('5')) return 'permanent';
  if (status.startsWith('4')) return 'transient';
  return null;
}

/** Header-style fields of one block ("Name: value" with folded continuation lines), names lower case. */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      fields.set(last, `${fields.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(last)) fields.set(last, line.slice(colon + 1).trim());
  }
  return fields;
}

/** 'rfc822; a@b.example' → 'a@b.example'. */
const addressOf = (value: string | undefined) => {
  if (!value) return null;
  const address = (value.includes(';') ? value.slice(value.indexOf(';') + 1) : value).trim().replace(/^<|>$/g, '');
  return address ? address.toLowerCase() : null;
};

const clip = (text: string | undefined) => (text ? text.replace(/\s+/g, ' ').trim().slice(0, DIAGNOSTIC_MAX) : null);

/**
 * The per-recipient blocks of an RFC 3464 message/delivery-status body (the first block is the
 * per-message one). Action delivered/relayed/expanded and 2.x.x statuses are no bounce.
 */
export function parseDeliveryStatus(body: string): BounceReport[] {
  const blocks = body.split(/\r?\n[ \t]*\r?\n/).map(fieldsOf);
  const reports: BounceReport[] = [];
  for (const fields of blocks.slice(1)) {
    const action = fields.get('action')?.toLowerCase();
    const status = ENHANCED_STATUS.exec(fields.get('status') ?? '')?.[0];
    // The action is decisive: 'failed' means given up even after a 4.x.x (retry time exceeded).
    const kind = action === 'failed' ? 'permanent' : action === 'delayed' ? 'transient' : kindOfStatus(status ?? '');
    if (!kind || (action && !['failed', 'delayed'].includes(action))) continue;
    reports.push({
      kind,
      status: status ?? (kind === 'permanent' ? '5.0.0' : '4.0.0'),
      recipient: addressOf(fields.get('final-recipient') ?? fields.get('original-recipient')),
      diagnostic: clip(fields.get('diagnostic-code')),
    });
  }
  return reports;
}

const QUOTED_ORIGINAL = /^.*(?:copy of the (?:original )?message|original message follows|below this line).*$/im;
const DELAY_WORDS =
  /has not yet been delivered|not been delivered yet|delivery (?:is )?delayed|will (?:continue|keep) (?:trying|to try)|delay warning|temporar(?:y|ily)/i;
const FAILURE_WORDS =
  /could not be delivered|undeliverable|delivery (?:has )?failed|permanent(?:ly)? (?:error|failure|fatal)|address(?:es)? failed|user unknown|no such user|mailbox unavailable/i;

/**
 * A bounce that is no RFC 3464 report (Exim, qmail, old Postfix, Exchange text): the status from an
 * 'Action:'/'Status:' line or the first enhanced status code in the text, else its wording.
 */
export function parsePlainBounce(fullText: string, failedRecipients: string[]): BounceReport[] {
  // Only the bounce's own words: the quoted original below could hold anything.
  const text = fullText.split(QUOTED_ORIGINAL)[0] ?? '';
  const fields = fieldsOf(text);
  const action = /^action:[ \t]*(failed|delayed)/im.exec(text)?.[1]?.toLowerCase();
  const status = STATUS_IN_CONTEXT.exec(text)?.[1] ?? ENHANCED_STATUS.exec(text)?.[0] ?? SMTP_REPLY.exec(text)?.[1];
  let kind: BounceKind | null =
    action === 'failed' ? 'permanent' : action === 'delayed' ? 'transient' : kindOfStatus(status ?? '');
  if (!kind && DELAY_WORDS.test(text)) kind = 'transient';
  if (!kind && FAILURE_WORDS.test(text)) kind = 'permanent';
  if (!kind) return [];
  const line = status ? text.split(/\r?\n/).find((l) => l.includes(status)) : undefined;
  const diagnostic = clip(fields.get('diagnostic-code') ?? line);
  const recipients = failedRecipients.length > 0 ? failedRecipients : [addressOf(fields.get('final-recipient'))];
  return recipients.map((recipient) => ({
    kind: kind,
    status: status ?? (kind === 'permanent' ? '5.0.0' : '4.0.0'),
    recipient,
    diagnostic,
  }));
}

const contentText = (content: ArrayBuffer | Uint8Array | string) =>
  typeof content === 'string' ? content : new TextDecoder().decode(content);

function headerValues(email: Email, names: readonly string[]): string[] {
  return email.headers.filter((h) => names.includes(h.key)).map((h) => h.value);
}

/**
 * Reads a returned mail: the failed recipients and how they failed, the VERP tokens it was
 * addressed to, and the original's Message-ID. Anything unreadable gives no reports, never an error.
 */
export async function parseBounce(raw: Buffer | string): Promise<ParsedBounce> {
  const none: ParsedBounce = { reports: [], tokens: [], originalMessageId: null };
  let email: Email;
  try {
    email = await PostalMime.parse(raw, {
      forceRfc822Attachments: true,
      attachmentEncoding: 'utf8',
      maxNestingDepth: 32,
      maxHeadersSize: 256 * 1024,
    });
  } catch {
    return none;
  }
  const tokens = [
    ...new Set(
      headerValues(email, ['to', 'delivered-to', 'x-original-to', 'envelope-to', 'return-path']).flatMap((value) =>
        [...value.matchAll(VERP)].map((m) => m[1]!),
      ),
    ),
  ];
  const parts = email.attachments.map((a) => ({ type: a.mimeType.toLowerCase(), text: contentText(a.content) }));
  const dsn = parts.filter((p) => DSN_TYPES.has(p.type)).flatMap((p) => parseDeliveryStatus(p.text));
  const original = parts.find((p) => ORIGINAL_TYPES.has(p.type));
  const bodyText = email.text ?? '';
  const originalMessageId =
    MESSAGE_ID_LINE.exec(original?.text ?? '')?.[1] ??
    // A plain-text bounce quotes the original below its own text; the bounce's own id is a header, not body.
    MESSAGE_ID_LINE.exec(bodyText)?.[1] ??
    null;
  if (dsn.length > 0) return { reports: dsn, tokens, originalMessageId };
  const failed = headerValues(email, ['x-failed-recipients'])
    .flatMap((v) => v.split(','))
    .map((a) => addressOf(a))
    .filter((a): a is string => a !== null);
  // Without a report part only a message that calls itself a bounce is read as one.
  const subject = email.subject ?? '';
  const fromDaemon = headerValues(email, ['from']).some((v) => /mailer-daemon|postmaster|mail delivery/i.test(v));
  const looksLikeBounce =
    failed.length > 0 ||
    fromDaemon ||
    /undeliver|delivery (?:status|failure|notification)|returned mail|failure notice|delayed mail|warning: message/i.test(
      subject,
    );
  if (!looksLikeBounce) return { ...none, tokens, originalMessageId };
  return { reports: parsePlainBounce(bodyText, failed), tokens, originalMessageId };
}
