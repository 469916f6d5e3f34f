/** How long the person's part of the From name may be: long enough for real names, too short for a pitch. */
export const SENDER_NAME_MAX = 60;

const PRODUCT = 'Plankurier';

/**
 * The From display name of mail sent for a person: '<person> via Plankurier', never the office's
 * free company text (issue 36: 'Sparkasse Sicherheitsteam <…> – Konto gesperrt: http://…').
 * Whatever looks like an address, a link or a header (angle brackets, '@', 'http', 'www.', line
 * breaks, control characters) is taken out, and the name is cut at SENDER_NAME_MAX characters.
 */
export function senderDisplayName(person: { firstName: string; lastName: string }): string {
  const name = withoutLinksOrAddresses(`${person.firstName} ${person.lastName}`);
  return name ? `${name} via ${PRODUCT}` : PRODUCT;
}

/** Free text (a name, a company) as a mail may show it: no addresses, links or header tricks, at most SENDER_NAME_MAX characters. */
export function withoutLinksOrAddresses(raw: string): string {
  const words = raw
    // Line breaks, tabs and other control characters would start a header or hide text.
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .split(/\s+/)
    // A word with an address or a link in it goes as a whole: 'info@bank.de', 'http://x', 'www.x.de', 'x.com/y'.
    .filter((w) => !/[@<>]|:\/\/|^www\.|^https?:|\/|\.(?:[a-z]{2,})(?:$|\W)/i.test(w))
    // Quotes, brackets and separators that build fake structure ('"Bank" <…>', 'Name; Bcc:').
    .map((w) => w.replace(/["'`()[\]{}\\;:,|]/g, ''))
    .filter(Boolean);
  let name = '';
  for (const word of words) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > SENDER_NAME_MAX) break;
    name = next;
  }
  return name || words[0]?.slice(0, SENDER_NAME_MAX) || '';
}
