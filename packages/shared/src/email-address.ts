import { z } from 'zod';

const AsciiEmail = z.email();

/** WHATWG URL: Node and browsers both have it (this package's lib names neither platform). */
declare const URL: new (input: string) => { hostname: string };

/**
 * The domain in its ASCII form (IDNA, 'müller-bau.de' → 'xn--mller-bau-q9a.de'), or null when it is
 * not a host name. URL parsing does the IDNA mapping the same way in Node and in browsers.
 */
function asciiDomain(domain: string): string | null {
  if (!domain || /[\s/\\?#@:[\]]/.test(domain)) return null;
  try {
    return new URL(`http://${domain}`).hostname || null;
  } catch {
    return null;
  }
}

/**
 * An e-mail address as typed into a contact or found in an export, in the form we store: trimmed,
 * without `mailto:` or angle brackets, lower case, the domain as written (umlaut domains such as
 * `info@müller-bau.de` are valid: checked in their ASCII form). Null when it is not an address.
 */
export function normalizeEmailAddress(raw: string): string | null {
  let value = raw.trim().normalize('NFC');
  const bracketed = /<([^<>]+)>\s*$/.exec(value);
  if (bracketed) value = bracketed[1]!.trim();
  value = value
    .replace(/^mailto:/i, '')
    .replace(/^["']+|["']+$/g, '')
    .trim()
    .toLowerCase();
  const at = value.lastIndexOf('@');
  if (at <= 0 || value.length > 254) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const ascii = asciiDomain(domain);
  if (!ascii || !AsciiEmail.safeParse(`${local}@${ascii}`).success) return null;
  return value;
}

export const isEmailAddress = (raw: string) => normalizeEmailAddress(raw) !== null;

/** Outlook's Exchange addresses (type EX) are X.500 paths, not addresses mail can be sent to. */
export const isExchangeAddress = (raw: string) => /^\/o=/i.test(raw.trim());
