import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as commonPasswords from '@zxcvbn-ts/language-common';
import { appError, passwordLikeAccount, passwordProblem, type PasswordContext } from '@plankurier/shared';

/**
 * Fewer guesses than this (zxcvbn's estimate) make a password one that attackers try first: the
 * ~49,000 most common passwords of breaches (@zxcvbn-ts/language-common), also with capitals, l33t
 * spelling ('p@ssw0rd') or reversed, runs and repeats ('123123', 'aaaaaa'), keyboard rows, a common
 * word with a year. A random six characters (10^6 guesses) stay allowed, as the spec's minimum says.
 */
const MIN_GUESSES_LOG10 = 5;

/** Built on first use (about 0.2 s: the dictionaries unpack), then kept for the process. */
let estimator: ZxcvbnFactory | undefined;
const strength = (password: string) =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: commonPasswords.dictionary,
    graphs: commonPasswords.adjacencyGraphs,
  })).check(password);

/** Whether the password is one of the common ones, as it is or in a common disguise. */
export function isCommonPassword(password: string): boolean {
  const result = strength(password);
  if (result.guessesLog10 < MIN_GUESSES_LOG10) return true;
  // The whole password is a listed one, however it is spelled: refused even where spelling adds guesses.
  const [only] = result.sequence;
  return result.sequence.length === 1 && only?.pattern === 'dictionary' && only.token.length === password.length;
}

/**
 * The first rule a new password breaks: required, at least six characters, not common, nothing of
 * the account (e-mail, company). Only new passwords are checked: existing ones keep signing in.
 */
export function assertPasswordAcceptable(password: string, context: PasswordContext = {}): void {
  const problem =
    passwordProblem(password) ??
    passwordLikeAccount(password, context) ??
    (isCommonPassword(password) ? 'auth.password_too_common' : null);
  if (problem) throw appError(problem, 400);
}
