import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

const columns = ['id', 'type', 'title', 'text'] as const;

export const templatesOfOffice = (db: Db, officeId: string) =>
  db
    .selectFrom('template')
    .select(columns)
    .where('office_id', '=', officeId)
    .orderBy(sql`title collate "de-x-icu"`)
    .orderBy('id')
    .execute();

export async function templateTitleInUse(
  db: Db,
  officeId: string,
  type: string,
  title: string,
  exceptTemplateId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('template')
    .select('id')
    .where('office_id', '=', officeId)
    .where('type', '=', type as 'DELIVERY')
    .where(sql`lower(title)`, '=', title.toLowerCase());
  if (exceptTemplateId) query = query.where('id', '<>', exceptTemplateId);
  return Boolean(await query.executeTakeFirst());
}

export const insertTemplate = (db: Db, officeId: string, values: { type: 'DELIVERY'; title: string; text: string }) =>
  db
    .insertInto('template')
    .values({ office_id: officeId, ...values })
    .returning(columns)
    .executeTakeFirstOrThrow();

export const updateTemplateRow = (
  db: Db,
  officeId: string,
  templateId: string,
  changes: { text: string; title?: string },
) =>
  db
    .updateTable('template')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', templateId)
    .where('office_id', '=', officeId)
    .returning(columns)
    .executeTakeFirst();

export const findTemplate = (db: Db, officeId: string, templateId: string) =>
  db
    .selectFrom('template')
    .select(columns)
    .where('id', '=', templateId)
    .where('office_id', '=', officeId)
    .executeTakeFirst();

export const deleteTemplateRow = (db: Db, officeId: string, templateId: string) =>
  db
    .deleteFrom('template')
    .where('id', '=', templateId)
    .where('office_id', '=', officeId)
    .returning('id')
    .executeTakeFirst();
