/**
 * The office's own screens and mails say 'du'; whatever a participant or contact (an outsider)
 * reads — delivery and validation mails, the download, validation and QR pages — says 'Sie'
 * (apps/web/src/i18n/README.md). These find the forms of the other voice, so tests can hold the
 * texts to it.
 */
const INFORMAL_GERMAN =
  /(?<!\p{L})(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer|eures)(?!\p{L})/iu;

/**
 * The polite forms, capitalised. Lower case 'sie' and 'ihr' are the third person ('sie wurde',
 * 'ihr Link') and are left alone; a capitalised one opening a sentence may be either, so it counts
 * too: a text for the office words such a sentence otherwise ('Die Datei kann …').
 */
const FORMAL_GERMAN = /(?<!\p{L})(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)(?!\p{L})/u;

/** Links are no words: a random token in one may read '-Du-' or '_Ihr_'. */
const withoutLinks = (text: string) => text.replace(/\bhttps?:\/\/[^\s"'<>]+/g, ' ');

/** The first informal pronoun in a German text, or null when it has none. */
export const informalGermanIn = (text: string): string | null => INFORMAL_GERMAN.exec(withoutLinks(text))?.[0] ?? null;

/** The first polite pronoun ('Sie', 'Ihr', 'Ihnen', …) in a German text, or null when it has none. */
export const formalGermanIn = (text: string): string | null => FORMAL_GERMAN.exec(withoutLinks(text))?.[0] ?? null;
