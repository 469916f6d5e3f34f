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
