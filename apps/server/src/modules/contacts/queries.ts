import { sql, type Selectable } from 'kysely';
import type { ContactSortField } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { ContactTable } from '../../db/types.ts';
import { seesAllProjects, visibleProject, type Actor } from '../offices/access.ts';

export type ContactRow = Selectable<ContactTable>;

export const findContact = (db: Db, officeId: string, id: string) =>
  db.selectFrom('contact').selectAll().where('id', '=', id).where('office_id', '=', officeId).executeTakeFirst();

/**
 * The contacts among `ids` that take part in a project of the office the actor does not work in
 * (none for owners and admins, who work in all of them).
 */
export async function contactsInForeignProjects(db: Db, actor: Actor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0 || seesAllProjects(actor)) return new Set();
  const rows = await db
    .selectFrom('participant')
    .innerJoin('project', 'project.id', 'participant.project_id')
    .select('participant.contact_id')
    .distinct()
    .where(sql<boolean>`participant.contact_id = any(${ids}::uuid[])`)
    .where('project.office_id', '=', actor.officeId)
    .where(sql<boolean>`not ${visibleProject(actor)}`)
    .execute();
  return new Set(rows.map((row) => row.contact_id));
}

export const contactEmailInUse = async (db: Db, officeId: string, email: string, exceptId?: string) => {
  let query = db
    .selectFrom('contact')
    .select('id')
    .where('office_id', '=', officeId)
    .where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
};

// German names sort by the ICU German collation: Özdemir beside Oswald, not after Zander.
const SORT_COLUMNS: Record<ContactSortField, string> = {
  lastName: 'last_name',
  firstName: 'first_name',
  email: 'email',
  company: 'company',
  createdAt: 'created_at',
};

/** One page of the office's contacts, searched case-insensitively over names, e-mail and company. */
export async function pageContacts(
  db: Db,
  officeId: string,
  options: {
    limit: number;
    page: number;
    searchText?: string | undefined;
    sortBy: ContactSortField;
    sortOrder: 1 | -1;
    /** Only contacts that are not participants of this project (the participant picker). */
    notInProjectId?: string | undefined;
    /** Only contacts holding this role as participant of any project. */
    roleId?: string | undefined;
  },
) {
  let base = db.selectFrom('contact').where('office_id', '=', officeId);
  const { notInProjectId, roleId } = options;
  if (notInProjectId) {
    base = base.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('participant')
            .select('participant.id')
            .whereRef('participant.contact_id', '=', 'contact.id')
            .where('participant.project_id', '=', notInProjectId),
        ),
      ),
    );
  }
  if (roleId) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('participant')
          .innerJoin('participant_role', 'participant_role.participant_id', 'participant.id')
          .select('participant.id')
          .whereRef('participant.contact_id', '=', 'contact.id')
          .where('participant_role.role_id', '=', roleId),
      ),
    );
  }
  const needle = options.searchText?.trim();
  if (needle) {
    const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or(
        ['first_name', 'last_name', 'email', 'company'].map((column) =>
          eb(sql`lower(${sql.ref(column)})`, 'like', pattern),
        ),
      ),
    );
  }
  const direction = options.sortOrder === 1 ? sql`asc` : sql`desc`;
  const column = SORT_COLUMNS[options.sortBy];
  const [rows, count, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(
        column === 'created_at'
          ? sql`created_at ${direction}`
          : sql`${sql.ref(column)} collate "de-x-icu" ${direction}`,
      )
      .orderBy(sql`first_name collate "de-x-icu" ${direction}`)
      .orderBy('id')
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('contact')
      .where('office_id', '=', officeId)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: count.n, total: total.n };
}

/** Distinct company names of the office's contacts that contain the text. */
export const searchCompanyNames = (db: Db, officeId: string, text: string) =>
  db
    .selectFrom('contact')
    .select('company')
    .where('office_id', '=', officeId)
    .where('company', '<>', '')
    .where(sql`lower(company)`, 'like', `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`)
    .groupBy('company')
    .orderBy(sql`company collate "de-x-icu"`)
    .limit(20)
    .execute();
