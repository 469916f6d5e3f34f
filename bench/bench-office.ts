import type { Db } from '../apps/server/src/db/index.ts';
import type { OfficeTable } from '../apps/server/src/db/types.ts';
import type { Insertable } from 'kysely';

/** An office with one owner, written straight into the database (the benches measure other things). */
export async function insertBenchOffice(
  db: Db,
  email: string,
  office: Omit<Insertable<OfficeTable>, 'id'> = {},
): Promise<{ id: string; userId: string }> {
  const { id } = await db.insertInto('office').values(office).returning('id').executeTakeFirstOrThrow();
  const person = await db
    .insertInto('app_user')
    .values({
      email,
      password_hash: 'x',
      last_office_id: id,
      qr_defaults: JSON.stringify({ x: 10, y: 10, width: 20, autoEmbed: false, hasBorder: false }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('office_member').values({ office_id: id, user_id: person.id, role: 'owner' }).execute();
  return { id, userId: person.id };
}
