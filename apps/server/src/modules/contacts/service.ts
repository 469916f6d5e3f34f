import type { Actor } from '../offices/access.ts';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import {
  appError,
  companySearchStarts,
  errors,
  officeNameForContacts,
  normalizeEmailAddress,
  type ContactBody,
  type ContactDto,
  type ContactListResponse,
  type ContactValidationResult,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { claimRevision } from '../revisions/revision.ts';
import { assertContactCooldown, assertMayMail, countMails } from '../mail-limits/service.ts';
import { findMailingOffice } from '../mail-limits/queries.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { ContactMailJob } from '../../jobs/contact-mail-worker.ts';
import { sha256 } from '../auth/secrets.ts';
import { isUniqueViolation } from '../users/queries.ts';
import { latestImportInfo } from '../contact-import/queries.ts';
import {
  contactEmailInUse,
  contactsInForeignProjects,
  findContact,
  pageContacts,
  searchCompanyNames,
} from './queries.ts';
import { toContactDto } from './to-contact-dto.ts';
import { latestParticipationOf, participationsOfContact } from '../participants/queries.ts';
import { insertParticipant, oneParticipation, recordParticipantRemoved } from '../participants/service.ts';
import { announceChange } from '../projects/changes.ts';
import { renumber } from '../projects/sort-order.ts';
import { officeLocaleOf } from '../offices/queries.ts';
import { recordDocEvents } from '../timeline/record.ts';
import { participantName } from '../participants/dto.ts';

type ContactDeps = Pick<Deps, 'db' | 'jobs' | 'realtime'>;

/**
 * A contact who takes part in a project the member is not on is that project's recipient: the member
 * reads it but neither changes, deletes nor mails it (403; the answer names no project).
 */
async function assertEditable(db: Deps['db'], actor: Actor, id: string) {
  if ((await contactsInForeignProjects(db, actor, [id])).size > 0) throw errors.contactInForeignProject();
}

/** Required, well-formed (umlaut domains too) and new within the office (ignoring case). */
async function checkEmail(db: Deps['db'], actor: Actor, email: string | undefined, exceptId?: string) {
  const value = email?.trim() ?? '';
  if (!value) throw appError('contact.email_required', 400);
  const normalized = normalizeEmailAddress(value);
  if (!normalized) throw appError('contact.email_invalid', 400);
  if (await contactEmailInUse(db, actor.officeId, normalized, exceptId)) throw appError('contact.email_taken', 409);
  return normalized;
}

export async function listContacts(
  { db }: ContactDeps,
  actor: Actor,
  query: Parameters<typeof pageContacts>[2],
  withImportInfo: boolean,
): Promise<ContactListResponse> {
  const { rows, count, total } = await pageContacts(db, actor.officeId, query);
  const ids = rows.map((row) => row.id);
  const [participation, foreign] = await Promise.all([
    latestParticipationOf(db, actor, ids),
    contactsInForeignProjects(db, actor, ids),
  ]);
  return {
    contacts: rows.map((row) => toContactDto(row, participation.get(row.id) ?? null, foreign.has(row.id))),
    count,
    total,
    limit: query.limit,
    page: query.page,
    pages: Math.max(1, Math.ceil(count / query.limit)),
    ...(withImportInfo ? { importInfo: await latestImportInfo(db, actor.officeId) } : {}),
  };
}

/**
 * A new contact of the office; with projectId (the project's participant form) it also becomes a
 * participant in the given folder, in the same transaction.
 */
export async function createContact(deps: ContactDeps, actor: Actor, body: ContactBody): Promise<ContactDto> {
  if (body.projectId && !body.folderId) throw appError('contact.folder_required', 400);
  const email = await checkEmail(deps.db, actor, body.email);
  const contact = await oneParticipation(() =>
    deps.db.transaction().execute(async (tx) => {
      const row = await insertContact(tx, actor, body, email);
      const participantId =
        body.projectId && body.folderId
          ? await insertParticipant(tx, actor, {
              projectId: body.projectId,
              contactId: row.id,
              folderId: body.folderId,
            })
          : null;
      return toContactDto(row, participantId);
    }),
  );
  if (body.projectId && contact.participantId) {
    await announceChange(deps, actor, { projectId: body.projectId, entity: 'participant', id: contact.participantId });
  }
  return contact;
}

async function insertContact(db: Deps['db'], actor: Actor, body: ContactBody, email: string) {
  try {
    return await db
      .insertInto('contact')
      .values({
        office_id: actor.officeId,
        first_name: body.firstName,
        last_name: body.lastName,
        email,
        company: body.company,
        phone: body.phone,
        needs_pdf: body.needsPdf,
        needs_tec: body.needsTec,
        locale: body.locale ?? (await officeLocaleOf(db, actor.officeId)),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw appError('contact.email_taken', 409);
    throw err;
  }
}

export async function updateContact(
  deps: ContactDeps,
  actor: Actor,
  id: string,
  body: Partial<Omit<ContactBody, 'projectId' | 'folderId'>> & { rev?: number | undefined },
): Promise<ContactDto> {
  const { db } = deps;
  const current = await findContact(db, actor.officeId, id);
  if (!current) throw errors.notFound();
  await assertEditable(db, actor, id);
  const emailChanged = body.email !== undefined && body.email.trim().toLowerCase() !== current.email.toLowerCase();
  const email = emailChanged ? await checkEmail(db, actor, body.email, id) : undefined;
  try {
    const { row, participations } = await db.transaction().execute(async (tx) => {
      await claimRevision(tx, { table: 'contact', id, seen: body.rev, userId: actor.userId }, async () =>
        toContactDto((await findContact(tx, actor.officeId, id))!),
      );
      // Checked again under the row's lock: a participation added meanwhile counts.
      await assertEditable(tx, actor, id);
      const participations = await participationsOfContact(tx, actor.officeId, id);
      const row = await tx
        .updateTable('contact')
        .set({
          first_name: body.firstName,
          last_name: body.lastName,
          company: body.company,
          phone: body.phone,
          needs_pdf: body.needsPdf,
          needs_tec: body.needsTec,
          locale: body.locale,
          ...(email ? { email, validation_state: null } : {}),
          updated_at: sql`now()`,
          edited_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('office_id', '=', actor.officeId)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (email) await recordEmailChanged(tx, actor, participations, current.email, email);
      return { row, participations };
    });
    // Participants show the contact's name and address: their projects reload.
    for (const p of participations)
      await announceChange(deps, actor, { projectId: p.project_id, entity: 'participant', id: p.id });
    // The answer names a participation the person may see.
    const visible = await latestParticipationOf(db, actor, [id]);
    return toContactDto(row, visible.get(id) ?? null);
  } catch (err) {
    if (isUniqueViolation(err)) throw appError('contact.email_taken', 409);
    throw err;
  }
}

/**
 * A recipient's new address is where the project's next links go: each project the contact takes
 * part in notes who changed it, from what to what.
 */
async function recordEmailChanged(
  tx: Transaction<Database>,
  actor: Actor,
  participations: Awaited<ReturnType<typeof participationsOfContact>>,
  from: string,
  to: string,
) {
  await recordDocEvents(
    tx,
    participations.map((p) => ({
      projectId: p.project_id,
      actorId: actor.userId,
      kind: 'participant.email_changed' as const,
      data: { participantId: p.id, contactId: p.contact_id, participant: participantName(p), from, to },
    })),
  );
}

/** Its participations and their subscriptions go with it; each project's timeline notes the removal. */
export async function deleteContact(deps: ContactDeps, actor: Actor, id: string): Promise<void> {
  const participations = await deps.db.transaction().execute(async (tx) => {
    if (!(await findContact(tx, actor.officeId, id))) throw errors.notFound();
    await assertEditable(tx, actor, id);
    const found = await participationsOfContact(tx, actor.officeId, id);
    const result = await tx
      .deleteFrom('contact')
      .where('id', '=', id)
      .where('office_id', '=', actor.officeId)
      .executeTakeFirst();
    if (!result.numDeletedRows) throw errors.notFound();
    const renumbered = new Map<string, string[]>();
    for (const participant of found) {
      renumbered.set(participant.id, await renumber(tx, 'participant', participant.folder_id));
      await recordParticipantRemoved(tx, actor, participant);
    }
    return found.map((p) => ({ ...p, renumbered: renumbered.get(p.id) ?? [] }));
  });
  for (const p of participations) {
    await announceChange(deps, actor, {
      projectId: p.project_id,
      entity: 'participant',
      id: p.id,
      scope: { participants: [p.id, ...p.renumbered] },
    });
  }
}

/** Mails the contact a link that confirms the address; the state is pending until it is used. */
export async function requestContactValidation(
  { db, jobs, config }: ContactDeps & Pick<Deps, 'config'>,
  actor: Actor,
  id: string,
): Promise<ContactDto> {
  const contact = await findContact(db, actor.officeId, id);
  if (!contact) throw errors.notFound();
  await assertEditable(db, actor, id);
  await assertMayMail(db, actor.userId, [contact.email]);
  return db.transaction().execute(async (tx) => {
    // Not re-sendable in a loop: a cooldown per contact, and each mail counts against the limits.
    await assertContactCooldown(tx, config, { id, officeId: actor.officeId });
    await countMails(tx, config, await findMailingOffice(tx, actor.officeId), [
      { kind: 'contact_validation', recipient: contact.email, contactId: id },
    ]);
    const row = await tx
      .updateTable('contact')
      .set({ validation_state: 'VALIDATION_PENDING', updated_at: sql`now()` })
      .where('id', '=', id)
      .where('office_id', '=', actor.officeId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw errors.notFound();
    await jobs.enqueue(tx, QUEUES.contactMail, { contactId: id, requestedBy: actor.userId } satisfies ContactMailJob);
    return toContactDto(row);
  });
}

export async function validateContact({ db, realtime }: ContactDeps, code: string): Promise<ContactValidationResult> {
  const contact = await db.transaction().execute(async (tx) => {
    const used = await tx
      .updateTable('contact_code')
      .set({ used_at: sql`now()` })
      .where('code_hash', '=', sha256(code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['contact_id', 'email'])
      .executeTakeFirst();
    if (!used) throw errors.invalidCode();
    const row = await tx
      .updateTable('contact')
      .set({ validation_state: 'VALIDATION_SUCCESS', updated_at: sql`now()` })
      .where('id', '=', used.contact_id)
      .where(sql`lower(email)`, '=', used.email.toLowerCase())
      .returning(['id', 'office_id'])
      .executeTakeFirst();
    if (!row) throw errors.invalidCode();
    return row;
  });
  realtime.toOffice(contact.office_id, 'updateData', { contacts: true });
  // Named by its company, else by the name of its longest-standing owner.
  const office = await db
    .selectFrom('office')
    .leftJoin('app_user as owner', (join) =>
      join.on(
        'owner.id',
        '=',
        sql<string>`(select user_id from office_member where office_id = office.id and role = 'owner'
          order by created_at limit 1)`,
      ),
    )
    .select([
      'office.company',
      sql<string>`coalesce(owner.first_name, '')`.as('firstName'),
      sql<string>`coalesce(owner.last_name, '')`.as('lastName'),
    ])
    .where('office.id', '=', contact.office_id)
    .executeTakeFirstOrThrow();
  return { validated: true, office: officeNameForContacts(office) };
}

export async function searchCompanies({ db }: ContactDeps, actor: Actor, text: string) {
  if (!companySearchStarts(text)) return { companies: [] };
  const rows = await searchCompanyNames(db, actor.officeId, text.trim());
  return { companies: rows.map((r) => r.company) };
}
