import type { BounceKind } from '@plankurier/shared';

/**
 * Status codes in a bounce's words: RFC 3463 enhanced codes (class.subject.detail), SMTP reply
 * codes, and what well-known wording means where a report names no code at all.
 */

/** The subject is one digit in practice, so a version such as 4.96.2 or an address such as 5.1.1.3 is none. */
const ENHANCED = /(?<![\w.])([245])\.([0-7])\.(\d{1,3})(?!\d|\.\d)/g;
/** A code the remote server gave after its SMTP reply code ('550 5.1.1', "550-'5.2.2"). */
const AFTER_REPLY_CODE = /\b[245]\d\d[ -]+['"]?$/;
/** Where else a code is meant as one: after '#' (qmail, Exchange), 'Status:' or 'smtp;'. */
const CODE_CONTEXT = /(?:#\s?|(?:smtp|x-[\w-]+);\s*|status:\s*)$/i;
/** A reply code where a transcript or a notice quotes one: '<<< 550', 'said: 550', 'reason: 550', a line opening with it. */
const REPLY_CODE = /(?:^|[:;#(['"]|<<<|>>>|\],)[ \t]*([45][0-5]\d)(?=[ :-])/gm;

export interface FoundCode {
  code: string;
  /** The line that carries the code, the remote server's words. */
  line: string;
}

const lineAround = (text: string, index: number) => {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end < 0 ? undefined : end).trim();
};

/**
 * The first enhanced status code after a reply code, else the first one meant as one, else the first
 * that stands alone. A success code (2.x.x) is what a transcript shows for the steps that went well
 * ('250 2.1.0 Ok' to MAIL FROM), so it counts only where the text names no failure code at all.
 */
export function enhancedCodeIn(text: string): FoundCode | null {
  let afterReply: FoundCode | null = null;
  let inContext: FoundCode | null = null;
  let bare: FoundCode | null = null;
  let success: FoundCode | null = null;
  for (const match of text.matchAll(ENHANCED)) {
    const found = { code: match[0], line: lineAround(text, match.index) };
    if (found.code.startsWith('2')) {
      success ??= found;
      continue;
    }
    const before = text.slice(Math.max(0, match.index - 16), match.index);
    if (AFTER_REPLY_CODE.test(before)) {
      afterReply = found;
      break;
    }
    if (CODE_CONTEXT.test(before)) inContext ??= found;
    bare ??= found;
  }
  return afterReply ?? inContext ?? bare ?? success;
}

export function replyCodeIn(text: string): FoundCode | null {
  const match = REPLY_CODE.exec(text);
  REPLY_CODE.lastIndex = 0;
  return match ? { code: match[1]!, line: lineAround(text, match.index + match[0].length - 3) } : null;
}

export const kindOfCode = (code: string): BounceKind | null =>
  code.startsWith('5') ? 'permanent' : code.startsWith('4') ? 'transient' : null;

/** Subject and detail (RFC 3463) of wording whose meaning is not in doubt. */
const WORDING: readonly [RegExp, string][] = [
  // First: a malformed address is why, whatever else it names ('invalid recipient address syntax').
  [
    /malformed (?:recipient |destination |e-?mail )?address|address (?:is )?malformed|(?:bad|invalid|illegal) (?:recipient |destination )?(?:mailbox |e-?mail )?address syntax|address syntax|syntax error in (?:the )?(?:recipient |destination )?address|unpars(?:e)?able (?:recipient )?address|error in parsing address|badly formed address|invalid address format/i,
    '1.3',
  ],
  // Before 1.1: 'Domain does not exist' is about the host, not the user.
  [
    /host (?:or domain name )?not found|unknown host|host unknown|no such host|unknown domain|domain unknown|(?:host|domain)(?: name)? [\w-]+(?:\.[\w-]+)+ (?:not found|does not exist|unknown)|(?:domain|host) (?:not found|does not exist|doesn'?t exist|name not found)|no such domain|nonexistentdomain|couldn't find any host|unroutable|unrouteable/i,
    '1.2',
  ],
  [
    /user unknown|unknown user|no such (?:user|mailbox|recipient|account|address|local user|number|subscriber)|(?:destination )?addressee unknown|unknown addressee|invalid (?:user|e-?mail)(?: address)?|invalid address\b|unknown recipient|recipient unknown|(?:user|recipient|mailbox|account)(?: address)? not found|address (?:not found|unknown|couldn't be found|could not be found)|(?:does not|doesn't) exist|no mailbox here|not a valid (?:recipient|address|mailbox)|no valid recipients?|invalid (?:recipient|mailbox)|not listed in (?:the )?(?:domino directory|public name)|recip(?:ient)?notfound|wasn't found at|(?:user|recipient|address) (?:does not|doesn't) have an? (?:[\w.-]+ )?(?:account|mailbox)|(?:empfänger|empfaenger|benutzer|adresse|postfach)\b[^.\n]{0,60}\b(?:unbekannt|nicht bekannt)|unbekannter (?:empfänger|empfaenger)|existiert nicht|nicht gefunden|nicht im [\w-]*verzeichnis/i,
    '1.1',
  ],
  [
    /account (?:has been |is )?(?:disabled|inactive|suspended|deactivated|locked|closed)|administrativ\w* disabled|mailbox (?:is )?(?:disabled|inactive|suspended)/i,
    '2.1',
  ],
  [
    /mailbox (?:is |was )?full|over ?quota|quota exceeded|exceeded (?:the |its )?(?:storage|quota)|mailbox exceeds|insufficient (?:disk )?space|disk quota|postfach (?:ist )?voll/i,
    '2.2',
  ],
  [
    /(?:message|mail) (?:is |was )?too (?:large|big)|exceeds (?:the )?(?:fixed )?maximum (?:message )?size|recipsizelimit|(?:message|mail) size (?:exceeds|(?:limit )?exceeded)|(?:message|mail) (?:is )?(?:larger|bigger) than (?:the )?(?:allowed|permitted|maximum)/i,
    '3.4',
  ],
  [
    /expired|in the queue too long|retry timeout exceeded|cannot send message for|was not delivered within|(?:aborted|abandoned|discontinued) after \d|(?:retry|delivery|queue|queuing) (?:period|time|lifetime)(?: limit)? (?:was |has been |is )?(?:exceeded|expired|reached|over)\b|(?:was|has been|were|have been) (?:removed|deleted|dropped|discarded) from (?:the |our )?queue|(?:time|retry) limit(?: of \d[\w. ]{0,15})? (?:was |has been )?(?:exceeded|reached)|within the (?:delivery |retry )?time limit|maximum (?:delivery|queue|queuing|retry) time (?:was |has been )?(?:exceeded|reached)|could not be delivered within \d|nach \d+ (?:stunden|tagen?|minuten) abgebrochen|zustellzeit (?:wurde )?überschritten/i,
    '4.7',
  ],
  [/timed out|connection refused|could ?n[o']t connect|unable to connect|failed to connect|no route to host/i, '4.1'],
  [
    /spam|virus|malware|blocked|blacklist|block ?list|policy|content filter|attachment|not permitted|not allowed|prohibited|relay(?:ing)? denied|blockiert|richtlinie|schadsoftware|anhang/i,
    '7.1',
  ],
];

export function subjectOfWording(text: string): string | null {
  // Notices wrap their sentences anywhere ('Destination addressee\n unknown').
  const words = text.replace(/\s+/g, ' ');
  return WORDING.find(([wording]) => wording.test(words))?.[1] ?? null;
}

/** Wording that says the address itself cannot take mail: no such user, no such host, a malformed address. */
export const saysAddressIsUnusable = (text: string) => ['1.1', '1.2', '1.3'].includes(subjectOfWording(text) ?? '');

/**
 * The status a report gives: its enhanced code, else its SMTP reply code's class with what its
 * wording means (550 + 'User unknown' → 5.1.1), else the wording alone in the class of `kind`.
 * A generic X.0.0 says only the class (Postfix writes 5.0.0 for a reply without an enhanced code,
 * Exim and Domino always do), so there too the wording gives the detail ('552 … exceeded storage
 * allocation' → 5.2.2).
 */
export function statusOf(codes: { enhanced: string | null; reply: string | null }, wording: string, kind: BounceKind) {
  if (codes.enhanced && !isGeneric(codes.enhanced)) return codes.enhanced;
  const statusClass = codes.enhanced?.[0] ?? codes.reply?.[0] ?? (kind === 'permanent' ? '5' : '4');
  return `${statusClass}.${subjectOfWording(wording) ?? '0.0'}`;
}

/** X.0.0: 'other or undefined status', the class alone. */
export const isGeneric = (code: string) => code.endsWith('.0.0');
