/**
 * The office's own screens and account mails say 'du'; whatever a participant or contact (an
 * outsider) reads — delivery and validation mails, the download, validation and QR pages — says
 * 'Sie'. This finds the informal forms, so tests can hold those texts to it.
 */
const INFORMAL_GERMAN =
  /(?<!\p{L})(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer|eures)(?!\p{L})/iu;

/** The first informal pronoun in a German text, or null when it has none. */
export const informalGermanIn = (text: string): string | null => INFORMAL_GERMAN.exec(text)?.[0] ?? null;
