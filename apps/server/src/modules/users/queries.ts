import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Db, email: string) =>
  db
    .selectFrom('app_user')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

export const emailInUse = async (db: Db, email: string, exceptUserId?: string) => {
  let query = db
    .selectFrom('app_user')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId) query = query.where('id', '<>', exceptUserId);
  return Boolean(await query.executeTakeFirst());
};

export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * The language a person works in. It stands for the office's language where the office's data is
 * named (a new project's folders, its phases without a model), as in print-outs.
 */
export const localeOf = async (db: Db, userId: string) =>
  (await db.selectFrom('app_user').select('locale').where('id', '=', userId).executeTakeFirstOrThrow()).locale;
