import { sql, type Kysely } from 'kysely';

/**
 * Each contact has a language (issue 35): its delivery mails, receipt reminders, confirmation mails
 * and download page speak it, not the sender's interface. Existing contacts take their office's
 * language, which is the interface language of the office's longest-standing owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contact')
    .addColumn('locale', 'text', (c) =>
      c
        .notNull()
        .defaultTo('de')
        .check(sql`locale in ('de', 'en')`),
    )
    .execute();
  await sql`update contact set locale = owner.locale
    from (
      select distinct on (m.office_id) m.office_id, u.locale
      from office_member m join app_user u on u.id = m.user_id
      where m.role = 'owner'
      order by m.office_id, m.created_at
    ) owner
    where owner.office_id = contact.office_id and contact.locale <> owner.locale`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact').dropColumn('locale').execute();
}
