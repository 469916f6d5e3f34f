import type { Db } from '../db/index.ts';

/**
 * Flags or unflags an account as beta tester (spec §3 isBetaTester). Operators only: the flag is
 * not part of PUT /user. Returns false when no account has that e-mail.
 */
export async function setBetaTester(db: Db, email: string, isBetaTester: boolean): Promise<boolean> {
  const row = await db
    .updateTable('app_user')
    .set({ is_beta_tester: isBetaTester })
    .where('email', '=', email.trim().toLowerCase())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
