import type { Db } from '../../db/index.ts';
import { findOffice, membershipsOf, officeLocaleOf } from '../offices/queries.ts';
import { findMailAddressStates } from '../mail-addresses/queries.ts';
import { toUserDto, type SessionContext, type UserRow } from './to-user-dto.ts';

/** The office a session works in, the person's role there, and every office they belong to. */
export async function loadSessionContext(db: Db, userId: string, officeId: string | null): Promise<SessionContext> {
  const [office, memberships, officeLocale, addresses] = await Promise.all([
    officeId ? findOffice(db, officeId) : undefined,
    membershipsOf(db, userId),
    officeId ? officeLocaleOf(db, officeId) : undefined,
    findMailAddressStates(db, userId, officeId),
  ]);
  const offices = memberships.map((m) => ({ _id: m.id, company: m.company, role: m.role }));
  return {
    office,
    officeLocale,
    role: offices.find((o) => o._id === officeId)?.role ?? null,
    offices,
    mailAddresses: { bcc: addresses.bcc, replyTo: addresses.reply_to },
  };
}

/** The person of a session as the web knows them: their own fields and their office's. */
export async function userOfSession(db: Db, person: UserRow, session: { officeId: string | null }) {
  return toUserDto(person, await loadSessionContext(db, person.id, session.officeId));
}
