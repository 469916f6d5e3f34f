import PostalMime, { type Email } from 'postal-mime';
import type { BounceKind } from '@plankurier/shared';
import { isAnswerOrForward, isAutoReply, SYSTEM_SENDER } from './auto-reply.ts';
import { addressOf, parseDeliveryStatus, type RecipientStatus } from './delivery-status.ts';
import { addressesIn, clip, contextOf, reasonIn, verdictOfSubject, verdictOfWords, type Verdict } from './notice.ts';
import { readReturnedMail, type ReturnedMail } from './returned-mail.ts';
import { sesBounce } from './ses-notification.ts';
import {
  enhancedCodeIn,
  isGeneric,
  kindOfCode,
  replyCodeIn,
  saysAddressIsUnusable,
  statusOf,
  subjectOfWording,
} from './status-code.ts';

export interface BounceReport {
  kind: BounceKind;
  /** Enhanced status code (RFC 3463), e.g. '5.1.1'; from an SMTP reply code or the wording where the report has none. */
  status: string;
  /** The addresses the report names for the failed recipient (final, original, …), lower case; empty when it names none. */
  recipients: string[];
  diagnostic: string | null;
}

export interface ParsedBounce {
  reports: BounceReport[];
  /** VERP tokens of `bounces+<token>@…` addresses in the bounce's own headers (To, Delivered-To, …), then in the returned original's Return-Path. */
  tokens: string[];
  /** Message-ID of the returned original, from its message/rfc822 or text/rfc822-headers part, quoted text or the bounce's In-Reply-To. */
  originalMessageId: string | null;
}

/** Never exec'd: matchAll starts where a regex's lastIndex stands, so a shared global one must keep it at 0. */
const VERP = /\bbounces\+([A-Za-z0-9_-]{8,128})@/gi;
const VERP_ADDRESS = new RegExp(VERP.source, 'i');
const MESSAGE_ID_LINE = /^[ \t]*(?:x-original-)?message-id:[ \t]*(?:\r?\n[ \t]+)?(<[^>\s]+>)/im;
const RETURN_PATH_LINE = /^return-path:[ \t]*<?([^>\s]+)/gim;
const MESSAGE_ID = /<[^>\s]+@[^>\s]+>/g;
/** Lines that quote the original's subject: an office's subject may hold any number. */
const SUBJECT_LINE = /^[ \t]*(?:subject|betreff|sujet|onderwerp|oggetto|asunto)[ \t]*:.*$/gim;

/** The VERP token of an address like `bounces+<token>@domain`, or null. */
export function verpToken(address: string): string | null {
  return VERP_ADDRESS.exec(address)?.[1] ?? null;
}

const unique = <T>(values: T[]) => [...new Set(values)];
const tokensIn = (values: string[]) => values.flatMap((value) => [...value.matchAll(VERP)].map((m) => m[1]!));

function tokensOf(mail: ReturnedMail): string[] {
  const own = ['to', 'delivered-to', 'x-original-to', 'envelope-to', 'return-path'].flatMap(mail.header);
  const returned = [...`${mail.original ?? ''}\n${mail.text}`.matchAll(RETURN_PATH_LINE)].map((m) => m[1]!);
  return unique([...tokensIn(own), ...tokensIn(returned)]);
}

function originalMessageIdOf(mail: ReturnedMail): string | null {
  const inReplyTo = mail.header('in-reply-to').join(' ').match(MESSAGE_ID)?.[0];
  const lastReference = mail.header('references').join(' ').match(MESSAGE_ID)?.at(-1);
  return (
    MESSAGE_ID_LINE.exec(mail.original ?? '')?.[1] ??
    // A plain-text bounce quotes the original below its own words; the bounce's own id is a header, not body.
    MESSAGE_ID_LINE.exec(mail.text)?.[1] ??
    mail.deliveryStatus.map((body) => MESSAGE_ID_LINE.exec(body)?.[1]).find(Boolean) ??
    inReplyTo ??
    lastReference ??
    null
  );
}

const saysWhy = (text: string) => subjectOfWording(text) !== null;
const lineWith = (text: string, needle: string) =>
  text
    .split(/\r?\n/)
    .find((line) => line.includes(needle))
    ?.trim();

/**
 * The reporting system's generic code gives way to the remote server's own, more specific one of the
 * same class: X.0.0 to any, X.Y.0 ('other address status', a gateway's summary) to X.Y.Z.
 */
function givesWayTo(given: string, diagnosed: string): boolean {
  if (given[0] !== diagnosed[0] || given === diagnosed) return false;
  if (isGeneric(given)) return true;
  const [, subject, detail] = given.split('.');
  return detail === '0' && diagnosed.split('.')[1] === subject;
}

const kindOfVerdict = (verdict: Verdict | null): BounceKind | null =>
  verdict === 'failed' ? 'permanent' : verdict === 'delayed' ? 'transient' : null;

/**
 * One recipient of a delivery status report. Its Action decides: 'failed' is permanent even with a
 * 4.x.x status (the sender gave up retrying), 'delayed' transient. Without one, what the report says
 * about the delivery decides, then the status class.
 */
function reportOfRecipient(
  entry: RecipientStatus,
  mail: ReturnedMail,
  verdict: Verdict | null,
  failedRecipients: string[],
): BounceReport | null {
  if (entry.action && entry.action !== 'failed' && entry.action !== 'delayed') return null;
  const given = enhancedCodeIn(entry.status ?? '')?.code ?? null;
  const diagnosed = enhancedCodeIn(entry.diagnostic ?? '')?.code ?? null;
  const enhanced = given && diagnosed && givesWayTo(given, diagnosed) ? diagnosed : (given ?? diagnosed);
  const reply = replyCodeIn(entry.diagnostic ?? '')?.code ?? null;
  const ofAction = entry.action === 'failed' ? 'permanent' : entry.action === 'delayed' ? 'transient' : null;
  const kind = ofAction ?? kindOfVerdict(verdict) ?? kindOfCode(enhanced ?? reply ?? '');
  if (!kind) return null;
  const codeLine = enhanced ? lineWith(mail.notice, enhanced) : undefined;
  return {
    kind,
    // Without the remote server's words, the notice's own, but not the original's subject it quotes.
    status: statusOf({ enhanced, reply }, entry.diagnostic ?? mail.notice.replace(SUBJECT_LINE, ''), kind),
    recipients: entry.recipients.length > 0 ? entry.recipients : failedRecipients,
    diagnostic:
      clip(entry.diagnostic) ??
      (codeLine ? contextOf(mail.notice, codeLine) : reasonIn(mail.notice, entry.recipients, saysWhy)),
  };
}

const NO_REPLY = /no-?reply/i;
const SENDER_LINE = /^(?:from|reply-to|sender):.*$/gim;

/** Addresses a notice names that are not the recipient: the bounce's own and the original's sender. */
function sendersOf(mail: ReturnedMail): Set<string> {
  const headers = ['from', 'to', 'sender', 'reply-to'].flatMap(mail.header);
  const quoted = [...(mail.original ?? '').matchAll(SENDER_LINE)].map((m) => m[0]);
  return new Set(addressesIn([...headers, ...quoted].join('\n'), new Set()));
}

/**
 * A bounce without a delivery status part (Exim, qmail, Smail, MMDF, Exchange and Notes text, carrier
 * gateways, mail filters). It counts when it calls itself one: X-Failed-Recipients, a mail system as
 * sender, a subject that says the mail was not delivered or is delayed, or such words about a mail it
 * names (its Message-ID); words alone from anyone are spam's, not a report's, and a person's answer or
 * forward ('Re:', 'AW:', 'WG:') is never one, whatever it quotes. A failure notice that names no status
 * is permanent, with its text as the diagnostic; so is a mail system's notice that gives no verdict but
 * says the address cannot take mail ('… unknown host', 'malformed recipient address … ignored').
 */
function reportOfNotice(
  mail: ReturnedMail,
  verdict: Verdict | null,
  failedRecipients: string[],
  namesMail: boolean,
): BounceReport[] {
  const answered = isAnswerOrForward(mail.subject);
  const fromMailSystem = failedRecipients.length > 0 || (!answered && SYSTEM_SENDER.test(mail.from));
  const callsItselfOne =
    fromMailSystem || (!answered && (verdictOfSubject(mail.subject) !== null || (verdict !== null && namesMail)));
  if (!callsItselfOne) return [];
  const words = mail.notice.replace(SUBJECT_LINE, '');
  const enhanced = enhancedCodeIn(words);
  const reply = replyCodeIn(words);
  const kind =
    kindOfVerdict(verdict) ??
    kindOfCode(enhanced?.code ?? reply?.code ?? '') ??
    // The least sure reading: only a mail daemon's own notice, not any no-reply sender's mail.
    (fromMailSystem && !NO_REPLY.test(mail.from) && saysAddressIsUnusable(words) ? 'permanent' : null);
  if (!kind) return [];
  const recipients = failedRecipients.length > 0 ? failedRecipients : addressesIn(mail.notice, sendersOf(mail));
  const code = enhanced ?? reply;
  return [
    {
      kind,
      status: statusOf({ enhanced: enhanced?.code ?? null, reply: reply?.code ?? null }, words, kind),
      recipients,
      diagnostic: code ? contextOf(words, code.line) : reasonIn(mail.notice, recipients, saysWhy),
    },
  ];
}

const EMBEDDED_STATUS_FIELDS = /^(?:action|status|final-recipient)[ \t]*:/im;

function reportsOf(mail: ReturnedMail, namesMail: boolean): BounceReport[] {
  // What the report says about this delivery comes first: given up, or still being tried.
  const verdict = verdictOfSubject(mail.subject) ?? verdictOfWords(mail.notice);
  const failedRecipients = unique(
    mail
      .header('x-failed-recipients')
      .flatMap((v) => v.split(','))
      .map((a) => addressOf(a))
      .filter((a): a is string => a !== null),
  );
  let entries = mail.deliveryStatus.flatMap(parseDeliveryStatus);
  // Some gateways write the report's fields into the text instead of a part of their own.
  if (entries.length === 0 && EMBEDDED_STATUS_FIELDS.test(mail.notice)) {
    entries = parseDeliveryStatus(mail.notice).filter((e) => e.action !== null || enhancedCodeIn(e.status ?? ''));
  }
  if (entries.length > 0) {
    return entries.map((e) => reportOfRecipient(e, mail, verdict, failedRecipients)).filter((r) => r !== null);
  }
  return reportOfNotice(mail, verdict, failedRecipients, namesMail);
}

/**
 * Reads a returned mail: the failed recipients and how they failed, the VERP tokens it was
 * addressed to, and the original's Message-ID. Auto-replies and read receipts give no reports;
 * anything unreadable gives no reports, never an error.
 */
export async function parseBounce(raw: Buffer | string): Promise<ParsedBounce> {
  const none: ParsedBounce = { reports: [], tokens: [], originalMessageId: null };
  const rawText = typeof raw === 'string' ? raw : raw.toString('utf8');
  // A webhook may post an SES notification as bare JSON rather than as a mail.
  if (rawText.trimStart().startsWith('{')) {
    const ses = sesBounce(rawText);
    return ses
      ? { reports: ses.reports, tokens: tokensIn(ses.senders), originalMessageId: ses.originalMessageId }
      : none;
  }
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
  const mail = readReturnedMail(email);
  const tokens = tokensOf(mail);
  const originalMessageId = originalMessageIdOf(mail);
  if (isAutoReply(mail)) return { reports: [], tokens, originalMessageId };
  const ses = sesBounce(mail.text);
  if (ses) {
    return {
      reports: ses.reports,
      tokens: unique([...tokens, ...tokensIn(ses.senders)]),
      originalMessageId: ses.originalMessageId ?? originalMessageId,
    };
  }
  return { reports: reportsOf(mail, originalMessageId !== null), tokens, originalMessageId };
}
