import type { MsgCode } from './msg-codes.ts';

export const PASSWORD_MIN_LENGTH = 6;

/** The first rule a new password breaks, or null when it is acceptable. */
export function passwordProblem(password: string | undefined | null): MsgCode | null {
  if (!password) return 'auth.password_required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'auth.password_too_short';
  return null;
}

/** 'Passwort Wiederholung falsch' when the confirmation differs. */
export function confirmationProblem(password: string, confirmation: string): MsgCode | null {
  return password === confirmation ? null : 'auth.password_mismatch';
}

/** What a password must not be made of: the account's own e-mail address and company. */
export interface PasswordContext {
  email?: string | undefined;
  /** The companies of the person's offices (the one signing up, the one inviting). */
  companies?: readonly (string | undefined | null)[];
}

/** Words of a company name that say nothing of it (legal forms, joiners). */
const COMPANY_FILLERS = new Set(['gmbh', 'mbh', 'partg', 'partgmbb', 'gbr', 'ohg', 'und', 'and', 'ltd', 'inc']);
/** Parts shorter than this (an e-mail 'ab@…', a company 'AG') would refuse too much to mean anything. */
const MIN_PART = 3;
const MIN_COMPANY_WORD = 4;

/** Lower case, umlauts spelled out, letters and digits only: 'Büro-Berg' and 'bueroberg' are one. */
const folded = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');

/** The parts of the account a password must not contain: the e-mail's local part and the company, whole and by its words. */
function accountParts(context: PasswordContext): string[] {
  const parts: string[] = [];
  const local = context.email?.split('@')[0] ?? '';
  parts.push(folded(local));
  for (const company of context.companies ?? []) {
    if (!company) continue;
    parts.push(folded(company));
    for (const word of company.split(/[\s&+,./-]+/)) {
      const w = folded(word);
      if (w.length >= MIN_COMPANY_WORD && !COMPANY_FILLERS.has(w)) parts.push(w);
    }
  }
  return parts.filter((part) => part.length >= MIN_PART);
}

/** 'auth.password_like_account' when the password is, or contains, the account's e-mail (local part) or company. */
export function passwordLikeAccount(password: string, context: PasswordContext): MsgCode | null {
  const plain = folded(password);
  return accountParts(context).some((part) => plain.includes(part)) ? 'auth.password_like_account' : null;
}
