import { confirmationProblem, passwordProblem } from '@plankurier/shared';

/** Translation keys for the first rule a field breaks, or null; the form translates them. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblemKey(value: string): string | null {
  const email = value.trim();
  if (!email) return 'form.emailRequired';
  return EMAIL_PATTERN.test(email) ? null : 'form.emailInvalid';
}

/** For optional addresses (BCC, reply-to): empty is fine. */
export const optionalEmailProblemKey = (value: string): string | null => (value.trim() ? emailProblemKey(value) : null);

export function newPasswordProblemKey(value: string): string | null {
  const code = passwordProblem(value);
  return code ? `msg.${code}` : null;
}

/** Sign-in only needs a password, whatever its length (older accounts may have short ones). */
export const requiredPasswordProblemKey = (value: string): string | null =>
  value ? null : 'msg.auth.password_required';

export function confirmationProblemKey(password: string, confirmation: string): string | null {
  const code = confirmationProblem(password, confirmation);
  return code ? `msg.${code}` : null;
}
