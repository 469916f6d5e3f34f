/**
 * The human-readable part of a bounce: where its own words end, what they say about the delivery
 * (given up or still trying) and which addresses they name.
 */

export type Verdict = 'failed' | 'delayed';

/** Where the bounce's own words end and the returned original or its headers begin. */
const ORIGINAL_STARTS =
  /^(?:.*\bcopy of the (?:original )?message\b|.*\bbelow (?:this|the next) line is a copy\b|[ \t|*=-]*(?:below is a copy of the original message|original message (?:follows|headers)|original message ?-{2,}|original message:|(?:unsent|returned) message\b|message header follows|the header of the original message|message details:|message text follows|your message (?:follows|begins as follows)|return-path:|(?:the )?headers of (?:your|the original) (?:mail|message)|urspr(?:ü|ue)ngliche nachrichtenkopfzeilen|(?:die )?kopfzeilen der urspr(?:ü|ue)nglichen nachricht))/im;

export function noticeOf(text: string): string {
  const start = ORIGINAL_STARTS.exec(text);
  return start ? text.slice(0, start.index) : text;
}

/** Subjects that say the mail is still being tried. The report's own word comes first; the original's subject follows it. */
const DELAY_SUBJECTS = [
  /\(delay\)/i,
  // 'Warning: could not send message for past 4 hours', 'Warning--Could not send mail for past 4 hours' (Sendmail),
  // 'Warning: cannot send message for 4 hours' (Sendmail 8.6), 'Warning: message 1tv… delayed 24 hours' (Exim), 'Warnung: …'
  /^(?:returned mail:\s*)?warn(?:ing|ung)\b[\s:!*-]*.{0,60}?\b(?:delay(?:ed)?|verzögert|(?:could ?n[o']t|cannot|can't|unable to) (?:send|deliver)|not (?:yet )?(?:been )?(?:delivered|sent)|undelivered|still (?:undelivered|queued|pending|trying|being)|nicht (?:zugestellt|gesendet|übermittelt))/i,
  /^(?:mail )?(?:delivery )?delay(?:ed)?\b|^waiting mail\b/i,
  /^(?:übermittlung|zustellung|nachricht) verzögert|^verzögert/i,
  /still being retried|wird weiterhin versucht/i,
  /^delivery (?:status )?notification: (?:warning|delivery has been delayed)/i,
];
/** Subjects that say the mail was not delivered. */
const FAILURE_SUBJECTS = [
  /^(?:undeliver(?:able|ed)|unzustellbar|nicht zustellbar|non remis|non recapitabile|onbestelbaar|olevererbart)/i,
  // 'Message undeliverable: …' (hMailServer), 'Mail undelivered', 'Nachricht unzustellbar'
  /^(?:(?:e-?)?mail|message|nachricht) (?:undeliver(?:able|ed)|unzustellbar|nicht zustellbar)\b/i,
  /^returned mail\b|returned to sender|^mail system error/i,
  // 'mail failed, returning to sender' (Smail, KMail), 'Failed mail' (MMDF), 'Delivery failure', 'failed delivery'
  /^(?:e-?)?mail failed\b|returning (?:it )?to (?:the )?sender|^failed (?:e-?)?mail\b|^fail(?:ed|ure) delivery\b/i,
  // 'Delivery Report (failure) for …' (PP, X.400 gateways); 'There was an error sending your mail'
  /^delivery report\W{0,3}(?:failure|failed|non-?delivery)\b|^(?:could not|unable to) (?:send|deliver)\b|^there was an error sending your (?:mail|message)/i,
  /^(?:e-?mail |mail |message )?delivery (?:failure|failed|has failed)|^non-?delivery\b|^nondeliverable\b/i,
  /\(failure\)|^failure notice|^delivery (?:status )?notification: (?:error|delivery has failed)/i,
  /^(?:message|mail) (?:not delivered|could not be delivered|blocked|rejected)|^(?:notification: )?message (?:blocked|rejected)/i,
  /^your message (?:has been |was )?(?:blocked|rejected|could not be delivered)/i,
  /^(?:(?:(?:e-?)?mail-?)?zustellung fehlgeschlagen|(?:nachricht|e-?mail) (?:konnte )?(?:nicht zugestellt|blockiert|abgelehnt|abgewiesen))/i,
  /メールエラー|配信エラー|送信エラー|エラー通知/,
];
/** Words of a report that is still being retried: a warning, not the end. */
const DELAY_WORDS =
  /this is a warning (?:message )?only|do not need to re-?send|will (?:continue to |keep )?(?:be )?(?:retr(?:y|ied|ying)|trying|attempt(?:ed|ing)?)\b|delivery attempts will continue|not yet (?:been )?(?:fully |completely )?delivered|attempts? (?:to deliver (?:the |your )?(?:message|mail) )?will continue|will continue (?:to try|trying|for \d)|still pending|hasn't been delivered yet|has not been delivered yet|delivery (?:to the following recipients? )?(?:has been|is) delayed|message is delayed|temporary failure report|kept in the queue|still undelivered after|wird (?:weiter(?:hin)?|erneut) versucht|es wird weiter(?:hin)? versucht|(?:zustellversuche|versuche) werden fortgesetzt|noch nicht (?:übermittelt|zugestellt)|verzögert sich|nur eine warnung|nicht erneut (?:zu )?senden|will (?:try|attempt)(?: to (?:deliver|send)(?: it| the message| your message)?)? again|still in (?:the |our )?queue|keep trying until|until (?:the )?message is \d+ (?:hours|days) old|will be (?:deleted|removed|returned|discarded) (?:from (?:the )?queue )?(?:after|in) \d|you will (?:be notified|get another (?:message|notification)|receive another (?:message|notification))(?: only)? if (?:(?:the )?delivery|it|the message|we)\b|\b(?:still )?retrying\b|(?:is|are) being retried|versuch\w* es (?:weiter|erneut)|weiter versucht/i;
/** Words of a report that has given up: they outrank any talk of retrying ("no further delivery will be attempted"). */
const GIVEN_UP_WORDS =
  /giving up|given up|gave up|not going to try again|will not (?:try|retry|be retried|be attempted|attempt)|won't (?:try|retry|be retried)|no further (?:delivery |attempts?|retries)|keine weiteren zustellversuche|this is a permanent error|failed permanently|retry timeout exceeded|queue too long|cannot send message for|(?:aborted|abandoned|discontinued) after \d|(?:retry|delivery|queue|queuing) (?:period|time|lifetime)(?: limit)? (?:was |has been |is )?(?:exceeded|expired|reached|over)\b|(?:was|has been|were|have been) (?:removed|deleted|dropped|discarded) from (?:the |our )?queue|(?:time|retry) limit(?: of \d[\w. ]{0,15})? (?:was |has been )?(?:exceeded|reached)|maximum (?:delivery|queue|queuing|retry) time (?:was |has been )?(?:exceeded|reached)|could not be delivered within \d|nach \d+ (?:stunden|tagen?|minuten) abgebrochen|zustellzeit (?:wurde )?überschritten/i;
/** Words of a notice that the mail was not delivered. */
const FAILURE_WORDS =
  /permanent(?:ly)? (?:error|failure|fatal|rejected|failed)|message expired|envelope expired|queue\.expired|could ?n[o']t be (?:delivered|sent)|can ?not be delivered|(?:was not|wasn't|has not been|have not been) delivered|undeliverable|non-?deliverable|unable to deliver|could not deliver|failed to deliver|delivery (?:has )?failed|delivery failure|delivery to the following recipients? failed|(?:has|have) failed\b|delivery problems|error has occurred while attempting to deliver|did not reach|could not be reached|rejected|(?:has been|was) blocked|konnte nicht (?:an .{1,200} )?(?:zugestellt|übermittelt)|nicht (?:zugestellt|übermittelt)|fehlgeschlagen|gescheitert|unzustellbar|nicht erreicht|blockiert|abgelehnt|abgewiesen/i;

const subjectWithoutTags = (subject: string) => subject.replace(/^(?:\s*\[[^\]]*\]|\s*\*+[^*]*\*+)*\s*/, '');

/** What the subject says about the delivery, if anything. */
export function verdictOfSubject(subject: string): Verdict | null {
  const plain = subjectWithoutTags(subject);
  if (DELAY_SUBJECTS.some((words) => words.test(plain))) return 'delayed';
  if (FAILURE_SUBJECTS.some((words) => words.test(plain))) return 'failed';
  return null;
}

/**
 * What the notice's words say about the delivery. Giving up outranks everything; a warning that
 * retries go on outranks the words of failure it uses ("could not be delivered for 4 hours").
 */
export function verdictOfWords(notice: string): Verdict | null {
  // Notices wrap their sentences anywhere ('wurde nach 48 Stunden\nabgebrochen').
  const words = notice.replace(/\s+/g, ' ');
  if (GIVEN_UP_WORDS.test(words)) return 'failed';
  if (DELAY_WORDS.test(words)) return 'delayed';
  if (FAILURE_WORDS.test(words)) return 'failed';
  return null;
}

/** Starts only where a word starts, so a long run without '@' is read once, not once per character. */
const ADDRESS = /(?<![\w.!#$%&'*+/=?^`{|}~-])[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const NOT_A_RECIPIENT = /^(?:bounces\+|postmaster@|mailer-daemon@|mail-daemon@)/i;

/** The addresses a notice names, lower case, without the VERP and mail-system addresses and `exclude`. */
export function addressesIn(notice: string, exclude: ReadonlySet<string>): string[] {
  const withoutIds = notice.replace(/^.*message-id.*$/gim, '');
  // An apostrophe may open a local part, but "'a@b.example'" (Exchange 2003) quotes the address.
  const found = (withoutIds.match(ADDRESS) ?? []).map((a) =>
    a
      .replace(/^['`]+/, '')
      .replace(/[.-]+$/, '')
      .toLowerCase(),
  );
  return [...new Set(found)].filter((a) => !NOT_A_RECIPIENT.test(a) && !exclude.has(a));
}

const DIAGNOSTIC_MAX = 1000;

export const clip = (text: string | null | undefined) =>
  text ? text.replace(/\s+/g, ' ').trim().slice(0, DIAGNOSTIC_MAX) || null : null;

/** The notice's text as one line: what the office reads as the reason where a report names no status. */
export function summaryOf(notice: string): string | null {
  const lines = notice.split(/\r?\n/).filter((line) => /[\p{L}\d]/u.test(line));
  return clip(lines.join(' '));
}

const wordsBeside = (paragraph: string) =>
  paragraph
    .replace(ADDRESS, '')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
/** '----- Transcript of session follows -----' and the like. */
const BANNER = /^[ \t]*[-|*=#]{3,}/;
const paragraphsOf = (notice: string) => notice.split(/\r?\n[ \t]*\r?\n/);

/** A session transcript's reply line ('<<< 550 5.1.1 …', MDaemon's '<time>: <-- 450 4.7.1 …'): the reply alone is the reason. */
const TRANSCRIPT_REPLY = /(?:<<<|<--)[ \t]*([245]\d\d[ -].*)$/;

/**
 * The remote server's words around the line that carries a status: its paragraph without the lines
 * that only name an address or a date ("<a@b.example> on Mon, 23 Nov"), as one line.
 */
export function contextOf(notice: string, line: string): string | null {
  const reply = TRANSCRIPT_REPLY.exec(line);
  if (reply) return clip(reply[1]);
  const paragraph = paragraphsOf(notice).find((p) => p.includes(line)) ?? line;
  const kept = paragraph
    .split(/\r?\n/)
    .filter((l) => l.includes(line) || (wordsBeside(l).length >= 12 && !BANNER.test(l)));
  const context = clip(kept.join(' '));
  return context && context.length < DIAGNOSTIC_MAX ? context : clip(line);
}

/**
 * The reason a notice gives for `recipients`: the paragraph that names one of them and says why
 * (mailbox full, unknown, blocked), else any that says why, else one that names a recipient with
 * more than the address, else the whole notice.
 */
export function reasonIn(notice: string, recipients: readonly string[], saysWhy: (text: string) => boolean) {
  const paragraphs = paragraphsOf(notice);
  const naming = paragraphs.filter((paragraph) => recipients.some((r) => paragraph.toLowerCase().includes(r)));
  const reason = naming.find(saysWhy) ?? paragraphs.find(saysWhy) ?? naming.find((p) => wordsBeside(p).length >= 12);
  return summaryOf(reason ?? notice);
}

/** Plain text of an HTML-only notice. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script)\b[^<>]*>[^<]*<\/\1>/gi, '')
    .replace(/<(?:br|\/p|\/div|\/tr|\/h\d|\/li)\b[^<>]*>/gi, '\n')
    .replace(/<[^<>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}
